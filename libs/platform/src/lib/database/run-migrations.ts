import { DataSource } from 'typeorm';
import { MIGRATIONS } from './migrations';
import { MIGRATIONS_TABLE } from './typeorm-options';

// Any constant works as long as every process uses the same one.
const MIGRATION_LOCK_KEY = 7_340_021;

/**
 * Applies pending migrations, each in its own transaction. The api, the worker and the CLI may
 * start together against one database: a session-level advisory lock makes them take turns,
 * and whoever comes second finds nothing left to do.
 */
export async function runMigrations(url: string): Promise<string[]> {
  const dataSource = new DataSource({
    type: 'postgres',
    url,
    migrations: MIGRATIONS,
    migrationsTableName: MIGRATIONS_TABLE,
    migrationsTransactionMode: 'each',
    logging: false,
    extra: { max: 2 },
  });
  await dataSource.initialize();
  const lock = dataSource.createQueryRunner();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((migration) => migration.name);
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await lock.release();
    await dataSource.destroy();
  }
}
