import { ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { EmbeddedPostgresServer } from '@docs/platform';

// The official client, as a user of a hosted service would point it at this server.
const { GitBookAPI } = require('@gitbook/api') as typeof import('@gitbook/api');

const root = join(__dirname, '../../..');
const TOKEN = 'launcher-test-token-0123456789';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

interface Launched {
  process: ChildProcess;
  output: () => string;
  exit: Promise<number | null>;
}

function launch(env: Record<string, string>): Launched {
  let output = '';
  const child = spawn(process.execPath, ['-r', './tools/register.js', 'tools/launcher/src/main.ts'], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  return { process: child, output: () => output, exit: new Promise((resolve) => child.once('exit', (code) => resolve(code))) };
}

/** The api and worker pids the launcher reported. */
function childPids(launched: Launched): number[] {
  return [...launched.output().matchAll(/Started the (?:api|worker) \(pid (\d+)\)/g)].map((m) => Number(m[1]));
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function untilReady(launched: Launched, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!launched.output().includes('[start] Ready:')) {
    if (launched.process.exitCode !== null || Date.now() > deadline) throw new Error(`not ready:\n${launched.output()}`);
    await sleep(200);
  }
}

describe('npm start', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'launcher-test-'));
  const spawned: number[] = [];
  let env: Record<string, string>;
  let baseUrl: string;

  beforeAll(async () => {
    const port = await freePort();
    baseUrl = `http://localhost:${port}`;
    env = {
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      EMBEDDED_POSTGRES_DIR: join(dataDir, 'postgres'),
      EMBEDDED_POSTGRES_PORT: String(await freePort()),
      BOOTSTRAP_TOKEN: TOKEN,
    };
  });
  afterAll(async () => {
    // Whatever happens above, leave no process behind (it would keep Jest's pipes open).
    for (const pid of spawned) if (isRunning(pid)) process.kill(pid, 'SIGKILL');
    await EmbeddedPostgresServer.destroyAt(join(dataDir, 'postgres'));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts api, worker and the embedded database, prints the token, and stops cleanly', async () => {
    const launched = launch(env);
    await untilReady(launched);
    spawned.push(...childPids(launched));
    expect(launched.output()).toContain(`  ${TOKEN}`);
    expect(launched.output()).toContain(`API listening on ${baseUrl}`);

    const client = new GitBookAPI({ endpoint: baseUrl, authToken: TOKEN });
    const { data: user } = await client.user.getAuthenticatedUser();
    expect(user.email).toBe('admin@localhost');
    const { data: orgs } = await client.orgs.listOrganizationsForAuthenticatedUser();
    expect(orgs.items).toHaveLength(1);
    const organizationId = orgs.items[0].id;
    const { data: invited } = await client.orgs.inviteUsersToOrganization(organizationId, { emails: ['new@example.com'], role: 'edit' as never });
    expect(invited.invited).toBe(1);
    await expect(new GitBookAPI({ endpoint: baseUrl, authToken: 'wrong-token-000000' }).user.getAuthenticatedUser()).rejects.toMatchObject({ code: 401 });

    for (const path of ['/health', '/openapi.json', '/docs']) expect((await fetch(`${baseUrl}${path}`)).status).toBe(200);

    launched.process.kill('SIGTERM');
    expect(await launched.exit).toBe(0);
    expect(launched.output()).toContain('Embedded PostgreSQL stopped.');
    expect(EmbeddedPostgresServer.runningPort(join(dataDir, 'postgres'))).toBeUndefined();
  });

  it('keeps its data across restarts and recovers from a crash that left the database running', async () => {
    const crashed = launch(env);
    await untilReady(crashed);
    expect(crashed.output()).not.toContain('First start');
    const orphans = childPids(crashed);
    spawned.push(...orphans);
    expect(orphans).toHaveLength(2);
    crashed.process.kill('SIGKILL');
    await crashed.exit;
    // The launcher is gone; its database is left running, as after a crash.
    expect(EmbeddedPostgresServer.runningPort(join(dataDir, 'postgres'))).toBeDefined();
    // The orphaned api and worker notice and stop on their own.
    const deadline = Date.now() + 15_000;
    while (orphans.some(isRunning) && Date.now() < deadline) await sleep(200);
    expect(orphans.filter(isRunning)).toEqual([]);

    const restarted = launch(env);
    await untilReady(restarted);
    spawned.push(...childPids(restarted));
    const { data: orgs } = await new GitBookAPI({ endpoint: baseUrl, authToken: TOKEN }).orgs.listOrganizationsForAuthenticatedUser();
    expect(orgs.items).toHaveLength(1);
    restarted.process.kill('SIGINT');
    expect(await restarted.exit).toBe(0);
  });

  it('uses the server of DATABASE_URL instead of the embedded one when it is set', async () => {
    const external = await EmbeddedPostgresServer.start({ dataDir: join(dataDir, 'external'), port: await freePort() });
    try {
      const launched = launch({ ...env, DATABASE_URL: external.url, EMBEDDED_POSTGRES_DIR: join(dataDir, 'unused') });
      await untilReady(launched);
      spawned.push(...childPids(launched));
      expect(launched.output()).toContain('Using the PostgreSQL of DATABASE_URL');
      expect(launched.output()).toContain(`  ${TOKEN}`);
      const { data: user } = await new GitBookAPI({ endpoint: baseUrl, authToken: TOKEN }).user.getAuthenticatedUser();
      expect(user.email).toBe('admin@localhost');
      launched.process.kill('SIGTERM');
      expect(await launched.exit).toBe(0);
      expect(existsSync(join(dataDir, 'unused'))).toBe(false);
    } finally {
      await external.destroy();
    }
  });
});
