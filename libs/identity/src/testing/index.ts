export * from './identity-fixtures';
export * from './test-certificate';
export * from './sessions';
export * from './user-token-contract';
export * from './pending-invitation-contract';
