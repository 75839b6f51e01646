export * from './content-fixtures';
export * from './pdf-text';
export * from './zip-fixture';
export * from './real-archivers';
export * from './gitbook-fidelity';
export * from './archive-fixture';
export * from './content-snapshot';
export * from './generated-space';
