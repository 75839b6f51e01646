export * from './integration-fixtures';
