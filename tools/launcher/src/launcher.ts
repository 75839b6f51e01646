import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppConfig, findWorkspaceRoot, loadConfig, resolveDatabase, ResolvedDatabase, runMigrations } from '@docs/platform';

type Say = (line: string) => void;

/**
 * `npm start`: the embedded PostgreSQL (unless DATABASE_URL is set), then the api and the
 * worker as two processes, exactly as production runs them. Ctrl-C (or SIGTERM) stops the
 * api and the worker gracefully, then the database.
 */
export async function launch(env: NodeJS.ProcessEnv, say: Say): Promise<number> {
  const config = loadConfig(env);
  const root = findWorkspaceRoot();
  const database = await resolveDatabase(config, 'own', say);
  say(database.embedded ? `Embedded PostgreSQL ready (data in ${config.embeddedPostgres.dataDir})` : 'Using the PostgreSQL of DATABASE_URL');
  await runMigrations(database.url);

  const childEnv = { ...env, DATABASE_URL: database.url, RUN_MIGRATIONS: 'false' };
  const children = new Map<string, ChildProcess>();
  for (const [name, entry] of [
    ['api', 'apps/api/src/main.ts'],
    ['worker', 'apps/worker/src/main.ts'],
  ]) {
    // Own process group: Ctrl-C reaches the launcher only, which stops each child once.
    // The IPC channel lets a child notice if the launcher dies.
    const child = spawn(process.execPath, ['-r', join(root, 'tools/register.js'), join(root, entry)], {
      cwd: root,
      env: childEnv,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      detached: true,
    });
    children.set(name, child);
    say(`Started the ${name} (pid ${child.pid})`);
  }

  let stopping: Promise<void> | undefined;
  const exited = [...children].map(
    ([name, child]) =>
      new Promise<{ name: string; code: number | null }>((resolve) => child.once('exit', (code) => resolve({ name, code }))),
  );
  const stop = (reason: string): Promise<void> => (stopping ??= stopAll(reason));
  const stopAll = async (reason: string) => {
    say(`Stopping (${reason}): api and worker first, then the database...`);
    for (const child of children.values()) if (child.exitCode === null) child.kill('SIGTERM');
    const deadline = sleep(config.shutdownTimeoutMs + 5000).then(() => 'timeout' as const);
    if ((await Promise.race([Promise.all(exited), deadline])) === 'timeout') {
      for (const child of children.values()) if (child.exitCode === null) child.kill('SIGKILL');
    }
    await stopDatabase(database, say);
  };

  const signalled = new Promise<number>((resolve) => {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.on(signal, () => void stop(signal).then(() => resolve(0)));
    }
  });
  const crashed = Promise.race(exited).then(async ({ name, code }) => {
    if (stopping) return stopping.then(() => 0);
    say(`The ${name} exited unexpectedly (code ${code}).`);
    await stop(`${name} exited`);
    return 1;
  });
  void waitUntilHealthy(config, children).then((healthy) => {
    if (healthy && !stopping) say(`Ready: ${config.urls.api}  (health ${config.urls.api}/health, reference ${config.urls.api}/docs). Ctrl-C stops everything.`);
  });
  return Promise.race([signalled, crashed]);
}

async function waitUntilHealthy(config: AppConfig, children: Map<string, ChildProcess>): Promise<boolean> {
  const url = `http://127.0.0.1:${config.port}/health`;
  for (let attempt = 0; attempt < 600; attempt++) {
    if ([...children.values()].some((child) => child.exitCode !== null)) return false;
    try {
      if ((await fetch(url)).ok) return true;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  return false;
}

async function stopDatabase(database: ResolvedDatabase, say: Say): Promise<void> {
  if (!database.embedded) return;
  await database.embedded.stop();
  say('Embedded PostgreSQL stopped.');
}
