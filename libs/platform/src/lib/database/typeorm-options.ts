import type { DataSourceOptions } from 'typeorm';
import type { AppConfig } from '../config/app-config';
import { MIGRATIONS } from './migrations';
import { installTimestampParser } from './timestamp-parser';

export const MIGRATIONS_TABLE = 'schema_migrations';

/** TypeORM settings shared by the api, the worker, the CLI and the tests. Never `synchronize`. */
export function dataSourceOptions(url: string, config: Pick<AppConfig, 'databasePoolSize'>, applicationName?: string): DataSourceOptions {
  // pg's type parsers are global to the process: every process that opens the database reads
  // timestamps the same way.
  installTimestampParser();
  return {
    type: 'postgres',
    url,
    synchronize: false,
    migrationsRun: false,
    migrations: MIGRATIONS,
    migrationsTableName: MIGRATIONS_TABLE,
    migrationsTransactionMode: 'each',
    logging: false,
    // Timestamps are written from the application clock: the session time zone only matters
    // for how PostgreSQL prints them, and UTC keeps psql sessions readable.
    // application_name: which process a connection belongs to, in pg_stat_activity (and for
    // BackendPriority).
    extra: { max: config.databasePoolSize, options: '-c TimeZone=UTC', ...(applicationName ? { application_name: applicationName } : {}) },
  };
}
