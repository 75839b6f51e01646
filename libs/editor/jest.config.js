// The editor's tests: the schema and the conversion run in Node; the editor's own tests (a view
// in a page) say `@jest-environment jsdom` in their docblock. No database.
const { createJestConfig } = require('../../tools/jest/jest-config.js');

module.exports = createJestConfig(__dirname, { database: false });
