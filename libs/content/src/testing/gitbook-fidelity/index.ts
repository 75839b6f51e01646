export * from './corpus';
export * from './gitbook-export';
export * from './fidelity-report';
export * from './converter-round-trip';
