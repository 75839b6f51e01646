#!/usr/bin/env node
// `npm test`: every project's typecheck, lint and test targets through Nx. Nx keeps its task
// cache outside the checkout, so a fresh clone on the same machine would replay earlier results;
// under CI (CI set to anything but "false" or "0") the cache is skipped so every task really
// runs. Local runs keep the cache: `npx nx affected -t test` stays fast.
const { spawnSync } = require('node:child_process');
const path = require('node:path');

const ci = process.env.CI !== undefined && !['', 'false', '0'].includes(process.env.CI.toLowerCase());
const args = ['run-many', '-t', 'typecheck', 'lint', 'test', '--outputStyle=stream', ...process.argv.slice(2)];
const env = { ...process.env };
if (ci) {
  args.push('--skip-nx-cache');
  env.NX_SKIP_NX_CACHE = 'true';
  // No daemon either: it would keep state of this clone alive after the run.
  env.NX_DAEMON = 'false';
}
const nx = require.resolve('nx/bin/nx', { paths: [path.join(__dirname, '..')] });
const result = spawnSync(process.execPath, [nx, ...args], { stdio: 'inherit', env, cwd: path.join(__dirname, '..') });
process.exit(result.status ?? 1);
