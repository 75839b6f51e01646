import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { setTimeout as sleep } from 'node:timers/promises';
import { EmbeddedPostgresInUseError, EmbeddedPostgresServer } from './embedded-postgres-server';
import { OWNER_FILE } from './embedded-postgres-owner';
import { freePort } from '../../testing/free-port';

async function select(url: string): Promise<number> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query('SELECT 1 AS one')).rows[0].one;
  } finally {
    await client.end();
  }
}

describe('EmbeddedPostgresServer', () => {
  const root = mkdtempSync(join(tmpdir(), 'embedded-pg-spec-'));
  const dataDir = join(root, 'cluster');
  let first: EmbeddedPostgresServer;
  afterAll(async () => {
    await EmbeddedPostgresServer.destroyAt(dataDir);
    rmSync(root, { recursive: true, force: true });
  });

  it('initialises a cluster once, serves it, and finds it running through postmaster.pid', async () => {
    const port = await freePort();
    const server = await EmbeddedPostgresServer.start({ dataDir, port });
    first = server;
    expect(await select(server.url)).toBe(1);
    expect(EmbeddedPostgresServer.runningPort(dataDir)).toBe(port);
    const reused = await EmbeddedPostgresServer.connectOrStart({ dataDir, port: 1 });
    expect(reused.owned).toBe(false);
    expect(reused.options.port).toBe(port);
    await reused.stop(); // not ours to stop
    expect(EmbeddedPostgresServer.runningPort(dataDir)).toBe(port);
  });

  it('refuses to start on a folder whose owner is alive, naming it, and leaves its server running', async () => {
    const port = EmbeddedPostgresServer.runningPort(dataDir)!;
    const other = spawn('sleep', ['60'], { stdio: 'ignore' });
    try {
      const attempt = EmbeddedPostgresServer.start({ dataDir, port: await freePort(), ownerPid: other.pid, ownerDescription: 'a second npm start' });
      await expect(attempt).rejects.toThrow(EmbeddedPostgresInUseError);
      await expect(attempt).rejects.toThrow(`The embedded PostgreSQL of ${dataDir} is already run by `);
      expect(EmbeddedPostgresServer.runningPort(dataDir)).toBe(port);
      expect(await select(`postgres://postgres:postgres@127.0.0.1:${port}/postgres`)).toBe(1);
    } finally {
      other.kill('SIGKILL');
    }
    await first.stop();
    expect(EmbeddedPostgresServer.runningPort(dataDir)).toBeUndefined();
  });

  it('stops by itself once its owner is gone, even killed with SIGKILL (the guardian)', async () => {
    const owner = spawn('sleep', ['60'], { stdio: 'ignore' });
    const port = await freePort();
    await EmbeddedPostgresServer.start({ dataDir, port, ownerPid: owner.pid });
    expect(EmbeddedPostgresServer.runningPort(dataDir)).toBe(port);
    owner.kill('SIGKILL');
    // The guardian stops the server, then removes the owner file: wait for both (a busy machine
    // can put a moment between them).
    const settled = () => EmbeddedPostgresServer.runningPort(dataDir) === undefined && !existsSync(join(dataDir, OWNER_FILE));
    for (let i = 0; i < 200 && !settled(); i++) await sleep(100);
    expect(EmbeddedPostgresServer.runningPort(dataDir)).toBeUndefined();
    expect(existsSync(join(dataDir, OWNER_FILE))).toBe(false);
  });

  it('takes over a server left running by a crashed owner, keeping the data', async () => {
    // Running, its owner gone and no guardian to stop it (a server of an older version).
    const owner = spawn('sleep', ['60'], { stdio: 'ignore' });
    await EmbeddedPostgresServer.start({ dataDir, port: await freePort(), ownerPid: owner.pid });
    process.kill(JSON.parse(readFileSync(join(dataDir, OWNER_FILE), 'utf8')).guardianPid, 'SIGKILL');
    owner.kill('SIGKILL');
    const stale = EmbeddedPostgresServer.runningPort(dataDir)!;
    const client = new Client({ connectionString: `postgres://postgres:postgres@127.0.0.1:${stale}/postgres` });
    await client.connect();
    await client.query('CREATE TABLE kept (v int)');
    await client.end();

    const port = await freePort();
    const server = await EmbeddedPostgresServer.start({ dataDir, port });
    expect(EmbeddedPostgresServer.runningPort(dataDir)).toBe(port);
    const check = new Client({ connectionString: server.url });
    await check.connect();
    expect((await check.query(`SELECT to_regclass('kept') IS NOT NULL AS present`)).rows[0].present).toBe(true);
    await check.end();
    await server.stop();
    expect(EmbeddedPostgresServer.runningPort(dataDir)).toBeUndefined();
  });

  it('connectOrStart of two processes at once: one starts the server, the other uses it', async () => {
    const other = spawn('sleep', ['60'], { stdio: 'ignore' });
    const port = await freePort();
    try {
      const [a, b] = await Promise.all([
        EmbeddedPostgresServer.connectOrStart({ dataDir, port, ownerPid: other.pid, ownerDescription: 'the worker' }),
        EmbeddedPostgresServer.connectOrStart({ dataDir, port }),
      ]);
      expect([a.owned, b.owned].sort()).toEqual([false, true]);
      expect(await select(a.url)).toBe(1);
      expect(await select(b.url)).toBe(1);
      await (a.owned ? a : b).stop();
      expect(EmbeddedPostgresServer.runningPort(dataDir)).toBeUndefined();
    } finally {
      other.kill('SIGKILL');
    }
  });

  it('explains a port that is taken', async () => {
    const blocker = createServer().listen(0, '127.0.0.1');
    await new Promise((resolve) => blocker.once('listening', resolve));
    const { port } = blocker.address() as { port: number };
    try {
      await expect(EmbeddedPostgresServer.start({ dataDir, port })).rejects.toThrow(
        `Port ${port} (EMBEDDED_POSTGRES_PORT) on 127.0.0.1 is already in use by another program: stop it, or set EMBEDDED_POSTGRES_PORT to a free port.`,
      );
      expect(existsSync(join(dataDir, OWNER_FILE))).toBe(false);
    } finally {
      blocker.close();
    }
  });

  it('destroys a throwaway cluster', async () => {
    const port = await freePort();
    await EmbeddedPostgresServer.start({ dataDir, port });
    await EmbeddedPostgresServer.destroyAt(dataDir);
    expect(existsSync(dataDir)).toBe(false);
  });
});
