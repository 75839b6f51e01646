/**
 * Translation settings, integrations and their installations (spec sections 4.16, 4.19 and the
 * reference's installation operations). Depends on platform, identity and content.
 */
export * from './lib/integrations.module';
export * from './lib/installations/site-directory';
export * from './lib/installations/installation.entity';
export * from './lib/installations/space-installation.entity';
export * from './lib/installations/site-installation.entity';
export * from './lib/integrations/integration.entity';
export * from './lib/translations/translation-settings.entity';
