const { createJestConfig } = require('../jest/jest-config.js');

// Each test starts whole stacks (database, api, worker), several in a row: on a busy 2-core
// machine one test can take well over the default minute.
module.exports = { ...createJestConfig(__dirname, { database: false }), testTimeout: 300_000 };
