import type { AppConfig } from '../config/app-config';
import { EmbeddedPostgresServer } from './embedded-postgres-server';

export interface ResolvedDatabase {
  url: string;
  /** Set when this process started the embedded server and must stop it on exit. */
  embedded?: EmbeddedPostgresServer;
}

export const EMBEDDED_DATABASE_NAME = 'docs';

/**
 * `DATABASE_URL` when set; otherwise the embedded PostgreSQL of this checkout, reused when
 * already running (started by `npm start`), or started here and owned by this process.
 */
export interface ResolveDatabaseOptions {
  /** `own` (the launcher): start the server, refusing a folder a live process runs. Default `reuse`. */
  mode?: 'reuse' | 'own';
  notice?: (line: string) => void;
  /** The process a server started here lives for (default: this one); see EmbeddedPostgresOptions. */
  ownerPid?: number;
  ownerDescription?: string;
}

export async function resolveDatabase(config: AppConfig, options: ResolveDatabaseOptions = {}): Promise<ResolvedDatabase> {
  if (config.databaseUrl) return { url: config.databaseUrl };
  const { mode = 'reuse', ...owner } = options;
  const serverOptions = { dataDir: config.embeddedPostgres.dataDir, port: config.embeddedPostgres.port, ...owner };
  const server =
    mode === 'own' ? await EmbeddedPostgresServer.start(serverOptions) : await EmbeddedPostgresServer.connectOrStart(serverOptions);
  await ensureDatabase(server);
  return { url: server.urlFor(EMBEDDED_DATABASE_NAME), embedded: server.owned ? server : undefined };
}

async function ensureDatabase(server: EmbeddedPostgresServer): Promise<void> {
  const { Client } = await import('pg');
  const client = new Client({ connectionString: server.url });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [EMBEDDED_DATABASE_NAME]);
    if (!rowCount) await client.query(`CREATE DATABASE ${client.escapeIdentifier(EMBEDDED_DATABASE_NAME)}`);
  } finally {
    await client.end();
  }
}
