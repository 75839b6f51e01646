const { siteJestConfig } = require('../../tools/jest/site-jest-config.js');

module.exports = siteJestConfig(__dirname, { database: false });
