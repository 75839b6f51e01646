// @ts-check
/**
 * Builds the browser app (apps/app) with Vite into apps/app/dist, unless the build there was made
 * from the same inputs (a hash of the app's sources, the libraries it bundles and the lock file,
 * kept in dist/.build-hash). `npm start` runs it before starting the api (the first start builds,
 * later ones find it current); `nx build app` and the tests force it. Plain JavaScript: the
 * launcher requires it without a compiler.
 */
const { spawn } = require('node:child_process');
const { createHash } = require('node:crypto');
const { existsSync, readdirSync, readFileSync, statSync, writeFileSync } = require('node:fs');
const { join, relative } = require('node:path');

const root = join(__dirname, '../..');
const appDir = join(root, 'apps/app');
const dist = join(appDir, 'dist');
const hashFile = join(dist, '.build-hash');
/** What the bundle is made of: when none of it changed, the build is current. */
const INPUTS = ['apps/app/src', 'apps/app/index.html', 'apps/app/vite.config.mts', 'libs/editor/src', 'libs/document-model/src', 'libs/site-renderer/src', 'package-lock.json', 'tsconfig.base.json'];

/** @param {string} path @param {import('node:crypto').Hash} hash */
function addTree(path, hash) {
  if (!existsSync(path)) return;
  if (statSync(path).isDirectory()) {
    for (const entry of readdirSync(path).sort()) if (!entry.endsWith('.spec.ts') && !entry.endsWith('.spec.tsx')) addTree(join(path, entry), hash);
    return;
  }
  hash.update(relative(root, path)).update('\0').update(readFileSync(path)).update('\0');
}

function inputsHash() {
  const hash = createHash('sha256');
  for (const input of INPUTS) addTree(join(root, input), hash);
  return hash.digest('hex');
}

/** Whether dist holds a build of the current inputs. */
function isCurrent() {
  return existsSync(join(dist, 'index.html')) && existsSync(hashFile) && readFileSync(hashFile, 'utf8') === inputsHash();
}

/**
 * Builds when needed (or always with `force`); answers whether it built. The build runs in a
 * child process: Vite's few hundred MB never stay in the caller (the launcher keeps its small
 * footprint). Vite comes with the development dependencies: without them (`npm ci --omit=dev`) a
 * stale build is an error.
 * @param {{ force?: boolean, say?: (line: string) => void }} [options]
 * @returns {Promise<boolean>}
 */
async function ensureAppBuild(options = {}) {
  if (!options.force && isCurrent()) return false;
  options.say?.('Building the browser app (apps/app)...');
  const started = Date.now();
  const code = await new Promise((resolve) => {
    const child = spawn(process.execPath, [__filename, '--build-now'], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('exit', (exitCode) => resolve(exitCode));
  });
  if (code !== 0) throw new Error('The browser app (apps/app) could not be built (see above).');
  options.say?.(`Built the browser app in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return true;
}

/** The build itself, with Vite, recording the inputs' hash once it succeeded. */
async function buildNow() {
  let vite;
  try {
    // @ts-expect-error Vite's types resolve only under moduleResolution "bundler"; this script stays plain CommonJS
    vite = await import('vite');
  } catch {
    throw new Error('The browser app (apps/app) is not built and Vite is not installed: run npm ci (with the development dependencies), or build it elsewhere and copy apps/app/dist.');
  }
  const hash = inputsHash();
  await vite.build({ configFile: join(appDir, 'vite.config.mts'), logLevel: 'warn' });
  writeFileSync(hashFile, hash);
}

module.exports = { ensureAppBuild, isCurrent, APP_DIST: dist };

if (require.main === module) {
  const run = process.argv.includes('--build-now') ? buildNow() : ensureAppBuild({ force: process.argv.includes('--force'), say: (line) => process.stdout.write(`${line}\n`) });
  run.catch((error) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
