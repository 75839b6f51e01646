export * from './content-fixtures';
export * from './zip-fixture';
