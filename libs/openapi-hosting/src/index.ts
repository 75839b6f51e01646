export * from './lib/openapi-hosting.module';
