export * from './test-receiver';
export * from './webhook-contracts';
