export * from './content-fixtures';
export * from './pdf-text';
