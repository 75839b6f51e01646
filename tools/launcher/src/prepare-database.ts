import {
  assertPortFree,
  ConfigError,
  EmbeddedPostgresServer,
  loadConfig,
  resolveDatabase,
  runMigrations,
  StartupError,
  tellLauncher,
} from '@docs/platform';

/**
 * The launcher's one TypeScript step, run as a short-lived child so that the launcher itself
 * never loads the compiler, NestJS or TypeORM: validates the configuration, checks that the
 * folder and the ports are free, starts the embedded PostgreSQL on behalf of the launcher (its
 * guardian stops it when the launcher is gone, even after kill -9), applies the migrations and
 * tells the launcher where the database is.
 */
async function main(): Promise<void> {
  const launcherPid = process.ppid;
  const config = loadConfig();
  const owner = `npm start (API on port ${config.port})`;
  // A second `npm start` on the same checkout: name the first, before reporting its ports busy.
  if (!config.databaseUrl) EmbeddedPostgresServer.assertNotOwnedByAnother(config.embeddedPostgres.dataDir, launcherPid);
  await assertPortFree(config.port, config.host, 'PORT');
  await assertPortFree(config.site.port, config.host, 'SITE_PORT');
  const database = await resolveDatabase(config, {
    mode: 'own',
    ownerPid: launcherPid,
    ownerDescription: owner,
    notice: (line) => process.stdout.write(`[start] ${line}\n`),
  });
  await runMigrations(database.url);
  await tellLauncher({
    type: 'database-ready',
    databaseUrl: database.url,
    embedded: database.embedded ? { dataDir: config.embeddedPostgres.dataDir, port: database.embedded.options.port } : undefined,
    shutdownTimeoutMs: config.shutdownTimeoutMs,
  });
}

main().then(
  () => process.disconnect?.(),
  (error: unknown) => {
    const oneLine = error instanceof ConfigError || error instanceof StartupError;
    process.stderr.write(`[start] ${oneLine ? error.message : error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
