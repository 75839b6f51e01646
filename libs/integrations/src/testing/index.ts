export * from './integration-fixtures';
export * from './test-images';
