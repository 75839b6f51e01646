import { getPriority } from 'node:os';
import { Pool } from 'pg';
import { createTestDatabase, TestDatabase } from '../../testing';
import { BackendPriority } from './backend-priority';

/** Against the tests' embedded PostgreSQL, which runs on this machine (as the embedded one of `npm start` does). */
describe('BackendPriority', () => {
  let database: TestDatabase;
  let pool: Pool;
  let other: Pool;
  const pids = async (p: Pool): Promise<number[]> => {
    const clients = await Promise.all([p.connect(), p.connect()]);
    const found = await Promise.all(clients.map(async (client) => (await client.query('SELECT pg_backend_pid() AS pid')).rows[0].pid as number));
    clients.forEach((client) => client.release());
    return found;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    pool = new Pool({ connectionString: database.url, application_name: 'docs-worker-test' } as never);
    other = new Pool({ connectionString: database.url, application_name: 'docs-api-test' } as never);
  });
  afterAll(async () => {
    await pool.end();
    await other.end();
    await database.drop();
  });

  it("lowers its own application's backends, those of later connections too, and nobody else's", async () => {
    const before = await pids(pool);
    const others = await pids(other);
    const priority = new BackendPriority(pool, 'docs-worker-test', 7);
    expect(await priority.start()).toBeGreaterThanOrEqual(2);
    for (const pid of before) expect(getPriority(pid)).toBeGreaterThanOrEqual(7);
    for (const pid of others) expect(getPriority(pid)).toBeLessThan(7);

    // A connection opened later: lowered once the sweep it scheduled has run.
    const client = await pool.connect();
    const late = (await client.query('SELECT pg_backend_pid() AS pid')).rows[0].pid as number;
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(getPriority(late)).toBeGreaterThanOrEqual(7);
    client.release();
    priority.stop();
  });

  it('does nothing at nice 0', async () => {
    const priority = new BackendPriority(other, 'docs-api-test', 0);
    expect(await priority.start()).toBe(0);
    priority.stop();
  });
});
