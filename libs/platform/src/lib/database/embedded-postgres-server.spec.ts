import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { EmbeddedPostgresServer } from './embedded-postgres-server';

const freePort = (): Promise<number> =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

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
  afterAll(async () => {
    await EmbeddedPostgresServer.destroyAt(dataDir);
    rmSync(root, { recursive: true, force: true });
  });

  it('initialises a cluster once, serves it, and finds it running through postmaster.pid', async () => {
    const port = await freePort();
    const server = await EmbeddedPostgresServer.start({ dataDir, port });
    expect(await select(server.url)).toBe(1);
    expect(EmbeddedPostgresServer.runningPort(dataDir)).toBe(port);
    const reused = await EmbeddedPostgresServer.connectOrStart({ dataDir, port: 1 });
    expect(reused.owned).toBe(false);
    expect(reused.options.port).toBe(port);
    await reused.stop(); // not ours to stop
    expect(EmbeddedPostgresServer.runningPort(dataDir)).toBe(port);
  });

  it('takes over a server left running by a crashed owner, keeping the data', async () => {
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

  it('explains a port that is taken', async () => {
    const blocker = createServer().listen(0, '127.0.0.1');
    await new Promise((resolve) => blocker.once('listening', resolve));
    const { port } = blocker.address() as { port: number };
    try {
      await expect(EmbeddedPostgresServer.start({ dataDir, port })).rejects.toThrow(/could not start on port .*EMBEDDED_POSTGRES_PORT/s);
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
