export * from './content-fixtures';
export * from './pdf-text';
export * from './zip-fixture';
export * from './real-archivers';
export * from './space-snapshot';
export * from './gitbook-fidelity';
