export * from './document-builders';
