export * from './lib/integrations.module';
