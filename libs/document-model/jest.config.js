const { createJestConfig } = require('../../tools/jest/jest-config.js');

module.exports = createJestConfig(__dirname, { database: false });
