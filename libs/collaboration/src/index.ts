export * from './lib/collaboration.module';
