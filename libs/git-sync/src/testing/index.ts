export * from './git-http-server';
export * from './git-sync-fixture';
