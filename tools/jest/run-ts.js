// Runs a TypeScript entry point of the workspace in a child process (path aliases resolved by
// @swc-node/register) and returns its last line of output, parsed as JSON.
const { execFileSync } = require('node:child_process');
const path = require('node:path');

const workspaceRoot = path.resolve(__dirname, '../..');

function runTs(entry, args = []) {
  const output = execFileSync(process.execPath, ['-r', '@swc-node/register', path.join(workspaceRoot, entry), ...args], {
    cwd: workspaceRoot,
    env: { ...process.env, SWC_NODE_PROJECT: path.join(workspaceRoot, 'tsconfig.base.json') },
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
  });
  const lines = output.trim().split('\n');
  return JSON.parse(lines[lines.length - 1]);
}

module.exports = { runTs };
