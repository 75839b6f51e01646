// @ts-check
// Stopping the embedded PostgreSQL from the launcher, which loads no TypeScript: the server's
// guardian (started with it, see libs/platform/src/lib/database/embedded-postgres-guardian.ts)
// stops it on SIGTERM. Should the guardian be gone, the postmaster itself is asked for a fast
// shutdown (SIGINT).
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { setTimeout: sleep } = require('node:timers/promises');

/** Kept in step with OWNER_FILE in embedded-postgres-owner.ts. */
const OWNER_FILE = 'docs-platform-owner.json';

/** @param {number} pid */
function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return /** @type {NodeJS.ErrnoException} */ (error).code === 'EPERM';
  }
}

/**
 * @param {string} file
 * @param {(text: string) => number | undefined} pick
 */
function readPid(file, pick) {
  try {
    const pid = pick(readFileSync(file, 'utf8'));
    return pid !== undefined && Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * @param {number} pid
 * @param {NodeJS.Signals} signal
 * @param {number} timeoutMs
 */
async function signalAndWait(pid, signal, timeoutMs) {
  try {
    process.kill(pid, signal);
  } catch {
    return;
  }
  for (const deadline = Date.now() + timeoutMs; isAlive(pid) && Date.now() < deadline; ) await sleep(100);
}

/**
 * Stops the server of `dataDir` if this launcher owns it (the owner file names `ownerPid`).
 * @param {string} dataDir
 * @param {number} ownerPid
 */
async function stopEmbeddedDatabase(dataDir, ownerPid) {
  const ownerFile = join(dataDir, OWNER_FILE);
  if (readPid(ownerFile, (text) => JSON.parse(text).pid) !== ownerPid) return;
  const guardian = readPid(ownerFile, (text) => JSON.parse(text).guardianPid);
  if (guardian && isAlive(guardian)) await signalAndWait(guardian, 'SIGTERM', 70_000);
  const postmaster = readPid(join(dataDir, 'postmaster.pid'), (text) => Number(text.split('\n')[0]));
  if (postmaster && isAlive(postmaster)) await signalAndWait(postmaster, 'SIGINT', 60_000);
}

module.exports = { stopEmbeddedDatabase, isAlive };
