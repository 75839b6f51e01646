import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PgBoss from 'pg-boss';
import { Client } from 'pg';
import { EmbeddedPostgresServer } from '../lib/database/embedded-postgres-server';
import { runMigrations } from '../lib/database/run-migrations';
import { PG_BOSS_SCHEMA } from '../lib/jobs/pg-boss-job-queue';
import { randomBase62 } from '../lib/ids/random-id';

/** What the Jest global setup hands to test files (through environment variables). */
export interface TestDatabaseInfo {
  /** A URL to a maintenance database of the server, with the right to create databases. */
  adminUrl: string;
  template: string;
  /** Databases of this run start with it; teardown drops whatever a crashed file left. */
  prefix: string;
  /** Set when the run started its own embedded server. */
  embeddedDataDir?: string;
}

// Durability buys nothing for throwaway databases and costs a lot on slow disks.
const FAST_SETTINGS = { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', max_connections: '300' };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function admin<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function setup(): Promise<TestDatabaseInfo> {
  const runId = randomBase62(8).toLowerCase();
  let info: TestDatabaseInfo;
  if (process.env.TEST_DATABASE_URL) {
    info = { adminUrl: process.env.TEST_DATABASE_URL, template: `test_template_${runId}`, prefix: `test_${runId}_` };
  } else {
    const dataDir = join(tmpdir(), `docs-platform-test-pg-${runId}`);
    const port = await freePort();
    // This process only sets up and exits: the server lives for the Jest run that spawned it
    // (its guardian stops it should Jest be killed before its teardown).
    const server = await EmbeddedPostgresServer.start({
      dataDir,
      port,
      settings: FAST_SETTINGS,
      ownerPid: process.ppid,
      ownerDescription: 'a Jest run',
    });
    info = { adminUrl: server.url, template: `test_template_${runId}`, prefix: `test_${runId}_`, embeddedDataDir: dataDir };
  }
  await admin(info.adminUrl, (client) => client.query(`CREATE DATABASE ${client.escapeIdentifier(info.template)}`));
  const templateUrl = withDatabase(info.adminUrl, info.template);
  await runMigrations(templateUrl);
  // pg-boss installs its own schema on start: do it once here so copies start with it.
  const boss = new PgBoss({ connectionString: templateUrl, schema: PG_BOSS_SCHEMA, supervise: false, schedule: false, max: 1 });
  await boss.start();
  await boss.stop({ graceful: false, close: true, wait: true });
  return info;
}

async function teardown(info: TestDatabaseInfo): Promise<void> {
  if (info.embeddedDataDir) {
    await EmbeddedPostgresServer.destroyAt(info.embeddedDataDir);
    return;
  }
  await admin(info.adminUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE $1 || '%' OR datname = $2`,
      [info.prefix, info.template],
    );
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(datname)} WITH (FORCE)`);
  });
}

async function main(): Promise<void> {
  const [command, payload] = process.argv.slice(2);
  if (command === 'setup') {
    process.stdout.write(`${JSON.stringify(await setup())}\n`);
  } else if (command === 'teardown') {
    await teardown(JSON.parse(payload) as TestDatabaseInfo);
    process.stdout.write('{}\n');
  } else {
    throw new Error('usage: test-database-server.ts setup | teardown <info>');
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  });
}
