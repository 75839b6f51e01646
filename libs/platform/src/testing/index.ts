export * from './eventually';
export * from './manual-clock';
export * from './reference-schema';
export * from './test-app';
export * from './test-database';
export * from './test-http';
export * from './event-payloads';
export * from './permission-table';
