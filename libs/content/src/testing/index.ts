export * from './content-fixtures';
export * from './pdf-text';
export * from './zip-fixture';
