export * from './content-fixtures';
