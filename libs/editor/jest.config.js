// The editor's tests: the schema and the conversion run in Node; the editor's own tests (a view
// in a page) say `@jest-environment jsdom` in their docblock. No database.
//
// The tests read documents made by the server's markdown converter. `@docs/content` resolves to
// its pure documents folder only (the converter, which is moving to the pure document model):
// the rest of that library is the server, which neither a browser nor jsdom loads.
const path = require('node:path');
const { createJestConfig, workspaceRoot } = require('../../tools/jest/jest-config.js');

const base = createJestConfig(__dirname, { database: false });

module.exports = {
  ...base,
  moduleNameMapper: { ...base.moduleNameMapper, '^@docs\\/content$': path.join(workspaceRoot, 'libs/content/src/lib/documents/index.ts') },
};
