export * from './integration-fixtures';
export * from './test-images';
export * from './translation-settings-contract';
