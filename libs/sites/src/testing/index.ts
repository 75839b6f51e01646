export * from './site-fixtures';
