export * from './lib/content.module';
