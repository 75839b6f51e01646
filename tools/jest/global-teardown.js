const { runTs } = require('./run-ts');

module.exports = async function globalTeardown() {
  const info = globalThis.__TEST_DATABASE__;
  if (info) runTs('libs/platform/src/testing/test-database-server.ts', ['teardown', JSON.stringify(info)]);
};
