export * from './lib/sites.module';
