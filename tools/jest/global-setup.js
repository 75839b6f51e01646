// Once per Jest run: a PostgreSQL server (DATABASE_URL's, or a throwaway embedded one) and a
// template database with every migration applied. Test files copy it (CREATE DATABASE ...
// TEMPLATE), which takes milliseconds, so files run in parallel on isolated databases.
const { runTs } = require('./run-ts');

module.exports = async function globalSetup() {
  const info = runTs('libs/platform/src/testing/test-database-server.ts', ['setup']);
  process.env.TEST_DB_ADMIN_URL = info.adminUrl;
  process.env.TEST_DB_TEMPLATE = info.template;
  globalThis.__TEST_DATABASE__ = info;
};
