// Runs the TypeScript sources directly: SWC compiles each file on load (decorator metadata
// included) and resolves the workspace's path aliases from tsconfig.base.json.
const path = require('node:path');

process.env.SWC_NODE_PROJECT ??= path.join(__dirname, '..', 'tsconfig.base.json');
require('@swc-node/register');
