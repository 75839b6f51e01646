// @ts-check
// `npm start`. Plain JavaScript on purpose: the launcher only supervises, so it loads neither
// the TypeScript compiler nor NestJS or TypeORM (it stays near a bare Node process in memory).
// The one step that needs the platform's code (configuration, the embedded PostgreSQL,
// migrations) runs in a short-lived child: prepare-database.ts.
const { spawn } = require('node:child_process');
const { ensureAppBuild } = require('../../app-build/build-app');
const { join, resolve } = require('node:path');
const { setTimeout: sleep } = require('node:timers/promises');
const { stopEmbeddedDatabase } = require('./embedded-database');
const { summary } = require('./summary');

/**
 * @typedef {import('./summary').DatabaseReady} DatabaseReady
 * @typedef {import('./summary').ApiReady} ApiReady
 * @typedef {import('./summary').SiteReady} SiteReady
 * @typedef {import('node:child_process').ChildProcess} ChildProcess
 */

const root = resolve(__dirname, '../../..');

/**
 * A TypeScript entry point of the workspace, in its own process group (Ctrl-C reaches the
 * launcher only, which stops each child once) and with an IPC channel: the child reports
 * through it, and notices when the launcher is gone.
 * @param {string} entry
 * @param {NodeJS.ProcessEnv} env
 */
function spawnTs(entry, env) {
  return spawn(process.execPath, ['-r', join(root, 'tools/register.js'), join(root, entry)], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    detached: true,
  });
}

/**
 * The embedded PostgreSQL (unless DATABASE_URL is set), then the api, the worker and the
 * published sites' server as three processes, exactly as production runs them. Ctrl-C (or
 * SIGTERM) stops them gracefully, then the database. Resolves to the exit code.
 * @param {NodeJS.ProcessEnv} env
 * @param {(line: string) => void} say
 * @returns {Promise<number>}
 */
async function launch(env, say) {
  const startedAt = Date.now();
  /** @type {Promise<NodeJS.Signals>} */
  const signalled = new Promise((resolveSignal) => {
    for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) process.on(signal, () => resolveSignal(signal));
  });

  // The browser app is built (when its sources changed) while the database gets ready.
  const [database] = await Promise.all([prepareDatabase(env, signalled), ensureAppBuild({ say })]);
  if (typeof database === 'number') return database;

  const childEnv = { ...env, DATABASE_URL: database.databaseUrl, RUN_MIGRATIONS: 'false' };
  /** @type {Map<string, ChildProcess>} */
  const children = new Map();
  for (const [name, entry] of [
    ['api', 'apps/api/src/main.ts'],
    ['worker', 'apps/worker/src/main.ts'],
    ['site', 'apps/site/src/main.ts'],
  ]) {
    const child = spawnTs(entry, childEnv);
    children.set(name, child);
    say(`Started the ${name} (pid ${child.pid})`);
  }

  /** @type {ApiReady | undefined} */
  let api;
  let workerReady = false;
  /** @type {SiteReady | undefined} */
  let site;
  const ready = new Promise((resolveReady) => {
    const check = () => api && workerReady && site && resolveReady(undefined);
    children.get('api')?.on('message', (/** @type {any} */ message) => {
      if (message?.type === 'api-ready') (api = message), check();
    });
    children.get('worker')?.on('message', (/** @type {any} */ message) => {
      if (message?.type === 'worker-ready') (workerReady = true), check();
    });
    children.get('site')?.on('message', (/** @type {any} */ message) => {
      if (message?.type === 'site-ready') (site = message), check();
    });
  });

  const exited = [...children].map(
    ([name, child]) =>
      /** @type {Promise<{ name: string, code: number | null }>} */ (new Promise((resolveExit) => child.once('exit', (code) => resolveExit({ name, code })))),
  );
  /** @type {Promise<void> | undefined} */
  let stopping;
  /** @param {string} reason */
  const stop = (reason) => (stopping ??= stopAll(reason));
  /** @param {string} reason */
  const stopAll = async (reason) => {
    say(`Stopping (${reason}): api, worker and site server first, then the database...`);
    for (const child of children.values()) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const deadline = sleep(database.shutdownTimeoutMs + 5000).then(() => /** @type {const} */ ('timeout'));
    if ((await Promise.race([Promise.all(exited), deadline])) === 'timeout') {
      for (const child of children.values()) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    if (database.embedded) {
      await stopEmbeddedDatabase(database.embedded.dataDir, process.pid);
      say('Embedded PostgreSQL stopped.');
    }
  };

  // "Ready" only from this launcher's own api and worker (their IPC messages), never from
  // whatever else answers on the port.
  void ready.then(() => {
    if (stopping || !api || !site) return;
    const pids = { api: children.get('api')?.pid, worker: children.get('worker')?.pid, site: children.get('site')?.pid };
    say(summary({ database, api, site, pids, seconds: (Date.now() - startedAt) / 1000 }).join('\n'));
  });
  const stoppedBySignal = signalled.then((signal) => stop(signal).then(() => 0));
  const crashed = Promise.race(exited).then(async ({ name, code }) => {
    if (stopping) return stopping.then(() => 0);
    say(`The ${name} exited unexpectedly (code ${code}).`);
    await stop(`${name} exited`);
    return 1;
  });
  return Promise.race([stoppedBySignal, crashed]);
}

/**
 * Runs prepare-database.ts; resolves to what it reports, or to an exit code when it failed
 * (it has printed why, on one line) or a signal arrived first.
 * @param {NodeJS.ProcessEnv} env
 * @param {Promise<NodeJS.Signals>} signalled
 * @returns {Promise<DatabaseReady | number>}
 */
async function prepareDatabase(env, signalled) {
  const prepare = spawnTs('tools/launcher/src/prepare-database.ts', env);
  /** @type {DatabaseReady | undefined} */
  let database;
  prepare.on('message', (/** @type {any} */ message) => {
    if (message?.type === 'database-ready') database = message;
  });
  // 'close', not 'exit': every IPC message has been received by then.
  const closed = new Promise((resolveClose) => prepare.once('close', (code) => resolveClose(code)));
  const first = await Promise.race([closed.then((code) => ({ code })), signalled.then((signal) => ({ signal }))]);
  if ('signal' in first) {
    // A database it may have started stops by itself: its guardian sees this launcher go.
    prepare.kill('SIGTERM');
    await closed;
    return 0;
  }
  if (first.code !== 0 || !database) return 1;
  return database;
}

module.exports = { launch };
