/**
 * Translation settings, integrations and their installations (spec sections 4.16, 4.19 and the
 * reference's installation operations). Depends on platform, identity and content.
 */
export * from './lib/integrations.module';
export * from './lib/translations/translation-settings.entity';
