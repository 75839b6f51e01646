import { Client } from 'pg';
import { randomBase62 } from '../lib/ids/random-id';
import { withDatabase } from './test-database-server';

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

function setting(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run tests through Jest with the workspace's jest config (npm test)`);
  return value;
}

/** A fresh database for one test file: a copy of the run's migrated template. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = setting('TEST_DB_ADMIN_URL');
  const template = setting('TEST_DB_TEMPLATE');
  const name = `${template.replace('test_template_', 'test_')}_${randomBase62(10).toLowerCase()}`;
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)} TEMPLATE ${client.escapeIdentifier(template)}`);
  } finally {
    await client.end();
  }
  return {
    name,
    url: withDatabase(adminUrl, name),
    drop: async () => {
      const dropper = new Client({ connectionString: adminUrl });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS ${dropper.escapeIdentifier(name)} WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
