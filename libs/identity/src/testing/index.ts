export * from './identity-fixtures';
