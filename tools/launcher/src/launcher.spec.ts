import { ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'pg';
import { EmbeddedPostgresServer } from '@docs/platform';

// The official client, as a user of a hosted service would point it at this server.
const { GitBookAPI } = require('@gitbook/api') as typeof import('@gitbook/api');

const root = join(__dirname, '../../..');
const PRESET_TOKEN = 'launcher-test-token-0123456789';

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

/** `npm start`, as package.json runs it. */
function launch(env: Record<string, string>): Launched {
  let output = '';
  const child = spawn(process.execPath, ['tools/launcher/src/main.js'], {
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
  return [...launched.output().matchAll(/Started the (?:api|worker|site) \(pid (\d+)\)/g)].map((m) => Number(m[1]));
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function untilReady(launched: Launched, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!launched.output().includes('[start] Ready')) {
    if (launched.process.exitCode !== null || Date.now() > deadline) throw new Error(`not ready:\n${launched.output()}`);
    await sleep(200);
  }
}

async function until(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  for (const deadline = Date.now() + timeoutMs; !condition() && Date.now() < deadline; ) await sleep(100);
  return condition();
}

/** What the launcher printed on stderr/stdout for a start that failed: one line, no stack. */
function failureLines(launched: Launched): string[] {
  return launched
    .output()
    .trim()
    .split('\n')
    .filter((line) => line.length > 0);
}

const rssMegabytes = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

describe('npm start', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'launcher-test-'));
  const pgDir = join(dataDir, 'postgres');
  const spawned: number[] = [];
  let env: Record<string, string>;
  let baseUrl: string;
  let sitesUrl: string;
  let token: string;

  beforeAll(async () => {
    const port = await freePort();
    baseUrl = `http://localhost:${port}`;
    const sitePort = await freePort();
    sitesUrl = `http://localhost:${sitePort}`;
    env = {
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      SITE_PORT: String(sitePort),
      EMBEDDED_POSTGRES_DIR: pgDir,
      EMBEDDED_POSTGRES_PORT: String(await freePort()),
    };
  });
  afterAll(async () => {
    // Whatever happens above, leave no process behind (it would keep Jest's pipes open).
    for (const pid of spawned) if (isRunning(pid)) process.kill(pid, 'SIGKILL');
    await EmbeddedPostgresServer.destroyAt(pgDir);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts api, worker, site server and the embedded database, prints a summary with the new token once, and stops cleanly', async () => {
    // As on a terminal (LOG_FORMAT auto writes for people there): info, pretty lines.
    const launched = launch({ ...env, LOG_LEVEL: 'info', LOG_FORMAT: 'pretty' });
    spawned.push(launched.process.pid!);
    await untilReady(launched);
    spawned.push(...childPids(launched));
    const output = launched.output();
    // A start at info prints what a person needs: which process started, then the summary; the
    // routine start-up lines of Nest, the worker and its first sweeps are at debug.
    const lines = output.trimEnd().split('\n');
    const ready = lines.findIndex((line) => line.startsWith('[start] Ready'));
    // (The launcher's own lines only: what it started, and what it did to the machine, if anything.)
    expect(lines.slice(0, ready).every((line) => line.startsWith('[start] '))).toBe(true);
    expect(lines.slice(0, ready).filter((line) => line.startsWith('[start] Started the'))).toHaveLength(3);
    expect(lines.length - ready).toBeLessThanOrEqual(8);
    token = /^ {4}(dpt_\S+)$/m.exec(output)![1];
    // The admin's one-time link to choose a password: it opens the page where they do.
    const passwordLink = /^ {2}password: the admin chooses one at this one-time link \(valid 24 h\): (\S+)$/m.exec(output)![1];
    expect(passwordLink).toMatch(new RegExp(`^${baseUrl}/auth/password\\?token=\\w+$`));
    expect(await (await fetch(passwordLink)).text()).toContain('<h1>Choose a password</h1>');
    expect(output.split(token)).toHaveLength(2); // printed once
    expect(output).toMatch(new RegExp(`Ready in [\\d.]+ s: ${baseUrl} +\\(bound to 0\\.0\\.0\\.0:${env.PORT};`));
    expect(output).toContain(`embedded PostgreSQL on 127.0.0.1:${env.EMBEDDED_POSTGRES_PORT}, data in ${pgDir}`);
    // The launcher only supervises: no compiler, NestJS or TypeORM in it (it was 208 MB).
    expect(rssMegabytes(launched.process.pid!)).toBeLessThan(80);

    const client = new GitBookAPI({ endpoint: baseUrl, authToken: token });
    const { data: user } = await client.user.getAuthenticatedUser();
    expect(user.email).toBe('admin@localhost');
    const { data: orgs } = await client.orgs.listOrganizationsForAuthenticatedUser();
    expect(orgs.items).toHaveLength(1);
    const organizationId = orgs.items[0].id;
    const { data: invited } = await client.orgs.inviteUsersToOrganization(organizationId, { emails: ['new@example.com'], role: 'edit' as never });
    expect(invited.invited).toBe(1);
    await expect(new GitBookAPI({ endpoint: baseUrl, authToken: 'wrong-token-000000' }).user.getAuthenticatedUser()).rejects.toMatchObject({ code: 401 });

    for (const path of ['/health', '/openapi.json', '/docs']) expect((await fetch(`${baseUrl}${path}`)).status).toBe(200);

    // The published URL the API gives a site opens on the site server (SITE_PORT, PUBLISHED_URL's default).
    expect(output).toContain(`  sites     ${sitesUrl}/sites/<organization id>/<site basename or id>  (bound to 0.0.0.0:${env.SITE_PORT};`);
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${baseUrl}/v1${path}`, { method, headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
      return res.json() as Promise<any>;
    };
    const space = await call('POST', `/orgs/${organizationId}/spaces`, { title: 'Handbook' });
    await call('POST', `/spaces/${space.id}/content/pages`, { title: 'Welcome', markdown: 'Hello from the site server.' });
    const site = await call('POST', `/orgs/${organizationId}/sites`, { title: 'Handbook', spaces: [space.id] });
    const published = await call('POST', `/orgs/${organizationId}/sites/${site.id}/publish`);
    expect(published.urls.published).toBe(`${sitesUrl}/sites/${organizationId}/${site.id}`);
    const page = await fetch(published.urls.published);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Hello from the site server.');

    // The first sweeps ran meanwhile, quietly.
    const queue = new Client({ host: '127.0.0.1', port: Number(env.EMBEDDED_POSTGRES_PORT), user: 'postgres', password: 'postgres', database: 'docs' });
    await queue.connect();
    try {
      const swept = async () => (await queue.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE name IN ('space-purge', 'openapi-refresh') AND state = 'completed'`)).rows[0].n;
      for (const deadline = Date.now() + 20_000; (await swept()) < 2 && Date.now() < deadline; ) await sleep(200);
      expect(await swept()).toBe(2);
    } finally {
      await queue.end();
    }
    expect(launched.output()).not.toMatch(/job started|job completed|scheduled job enqueued|worker started|Nest application successfully started/);

    launched.process.kill('SIGTERM');
    expect(await launched.exit).toBe(0);
    expect(launched.output()).toContain('Embedded PostgreSQL stopped.');
    expect(EmbeddedPostgresServer.runningPort(pgDir)).toBeUndefined();
  });

  it('refuses a second start on the same folder, naming the first, which keeps serving', async () => {
    const first = launch(env);
    spawned.push(first.process.pid!);
    await untilReady(first);
    spawned.push(...childPids(first));
    expect(first.output()).not.toContain(token);

    // Same checkout, same ports: the database of the first must not be stopped.
    const second = launch(env);
    expect(await second.exit).toBe(1);
    expect(failureLines(second)).toEqual([
      `[start] The embedded PostgreSQL of ${pgDir} is already run by npm start (API on port ${env.PORT}) (pid ${first.process.pid}). ` +
        'Stop that process first, or give this one its own EMBEDDED_POSTGRES_DIR and EMBEDDED_POSTGRES_PORT.',
    ]);
    const { data: user } = await new GitBookAPI({ endpoint: baseUrl, authToken: token }).user.getAuthenticatedUser();
    expect(user.email).toBe('admin@localhost');

    // Another folder, but the api's port is taken: one line, and never "Ready" from the first's api.
    const otherFolder = launch({ ...env, EMBEDDED_POSTGRES_DIR: join(dataDir, 'other'), EMBEDDED_POSTGRES_PORT: String(await freePort()) });
    expect(await otherFolder.exit).toBe(1);
    expect(failureLines(otherFolder)).toEqual([
      `[start] Port ${env.PORT} (PORT) on 0.0.0.0 is already in use by another program: stop it, or set PORT to a free port.`,
    ]);
    // Another folder whose site server port is the first's: one line naming SITE_PORT.
    const otherSitePort = launch({ ...env, PORT: String(await freePort()), EMBEDDED_POSTGRES_DIR: join(dataDir, 'other'), EMBEDDED_POSTGRES_PORT: String(await freePort()) });
    expect(await otherSitePort.exit).toBe(1);
    expect(failureLines(otherSitePort)).toEqual([
      `[start] Port ${env.SITE_PORT} (SITE_PORT) on 0.0.0.0 is already in use by another program: stop it, or set SITE_PORT to a free port.`,
    ]);
    // Another folder whose database port is the first's: one line too.
    const otherDatabasePort = launch({ ...env, PORT: String(await freePort()), SITE_PORT: String(await freePort()), EMBEDDED_POSTGRES_DIR: join(dataDir, 'other') });
    expect(await otherDatabasePort.exit).toBe(1);
    expect(failureLines(otherDatabasePort).filter((line) => !line.includes('allowed the postgres user'))).toEqual([
      `[start] Port ${env.EMBEDDED_POSTGRES_PORT} (EMBEDDED_POSTGRES_PORT) on 127.0.0.1 is already in use by another program: stop it, or set EMBEDDED_POSTGRES_PORT to a free port.`,
    ]);

    expect((await fetch(`${baseUrl}/health`)).status).toBe(200);
    first.process.kill('SIGINT');
    expect(await first.exit).toBe(0);
  });

  it('after kill -9 of the launcher, its api, worker and database stop by themselves; the next start keeps the data', async () => {
    const crashed = launch(env);
    spawned.push(crashed.process.pid!);
    await untilReady(crashed);
    const orphans = childPids(crashed);
    spawned.push(...orphans);
    expect(orphans).toHaveLength(3);
    expect(EmbeddedPostgresServer.runningPort(pgDir)).toBeDefined();
    crashed.process.kill('SIGKILL');
    await crashed.exit;

    expect(await until(() => !orphans.some(isRunning), 15_000)).toBe(true);
    expect(await until(() => EmbeddedPostgresServer.runningPort(pgDir) === undefined, 15_000)).toBe(true);

    const restarted = launch(env);
    spawned.push(restarted.process.pid!);
    await untilReady(restarted);
    spawned.push(...childPids(restarted));
    const { data: orgs } = await new GitBookAPI({ endpoint: baseUrl, authToken: token }).orgs.listOrganizationsForAuthenticatedUser();
    expect(orgs.items).toHaveLength(1);
    restarted.process.kill('SIGINT');
    expect(await restarted.exit).toBe(0);
  });

  it('takes over a database whose owner is gone without a guardian to stop it (stale)', async () => {
    // As left by an older version, or a guardian killed with its owner: running, owner dead.
    const owner = spawn('sleep', ['60'], { stdio: 'ignore' });
    const stale = await EmbeddedPostgresServer.start({ dataDir: pgDir, port: await freePort(), ownerPid: owner.pid, ownerDescription: 'gone' });
    process.kill(JSON.parse(readFileSync(join(pgDir, 'docs-platform-owner.json'), 'utf8')).guardianPid, 'SIGKILL');
    owner.kill('SIGKILL');
    expect(EmbeddedPostgresServer.runningPort(pgDir)).toBe(stale.options.port);

    const launched = launch(env);
    spawned.push(launched.process.pid!);
    await untilReady(launched);
    spawned.push(...childPids(launched));
    expect(EmbeddedPostgresServer.runningPort(pgDir)).toBe(Number(env.EMBEDDED_POSTGRES_PORT));
    launched.process.kill('SIGTERM');
    expect(await launched.exit).toBe(0);
  });

  it('uses the server of DATABASE_URL instead of the embedded one, and never echoes a preset BOOTSTRAP_TOKEN', async () => {
    const external = await EmbeddedPostgresServer.start({ dataDir: join(dataDir, 'external'), port: await freePort() });
    try {
      const launched = launch({ ...env, DATABASE_URL: external.url, EMBEDDED_POSTGRES_DIR: join(dataDir, 'unused'), BOOTSTRAP_TOKEN: PRESET_TOKEN });
      spawned.push(launched.process.pid!);
      await untilReady(launched);
      spawned.push(...childPids(launched));
      expect(launched.output()).toContain('database  the PostgreSQL of DATABASE_URL');
      expect(launched.output()).toContain('their API token is the BOOTSTRAP_TOKEN you set');
      expect(launched.output()).not.toContain(PRESET_TOKEN);
      const { data: user } = await new GitBookAPI({ endpoint: baseUrl, authToken: PRESET_TOKEN }).user.getAuthenticatedUser();
      expect(user.email).toBe('admin@localhost');

      // A standalone api (npm run start:api) on the same port: one line, not a raw EADDRINUSE.
      const standalone = spawn(process.execPath, ['-r', './tools/register.js', 'apps/api/src/main.ts'], {
        cwd: root,
        env: { ...process.env, LOG_LEVEL: 'warn', PORT: env.PORT, DATABASE_URL: external.url },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let standaloneOutput = '';
      standalone.stdout!.on('data', (chunk) => (standaloneOutput += chunk));
      standalone.stderr!.on('data', (chunk) => (standaloneOutput += chunk));
      expect(await new Promise((resolve) => standalone.once('exit', resolve))).toBe(1);
      expect(standaloneOutput.trim()).toBe(`Port ${env.PORT} (PORT) on 0.0.0.0 is already in use by another program: stop it, or set PORT to a free port.`);

      launched.process.kill('SIGTERM');
      expect(await launched.exit).toBe(0);
      expect(existsSync(join(dataDir, 'unused'))).toBe(false);
    } finally {
      await external.destroy();
    }
  });
});
