const { createJestConfig } = require('../jest/jest-config.js');

module.exports = createJestConfig(__dirname, { database: false });
