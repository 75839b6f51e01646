import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  AppLogger,
  composeApp,
  ConfigError,
  drainHttpServer,
  listenForShutdown,
  loadConfig,
  portInUse,
  resolveDatabase,
  runMigrations,
  StartupError,
  tellLauncher,
  underLauncher,
} from '@docs/platform';
import { codeHighlighter, COMMON_LANGUAGES } from '@docs/site-renderer';
import { SiteRequestHandler } from './http/site-request-handler';
import { SiteServerModule } from './site-server.module';

/**
 * The published docs sites: a Nest application context (no Nest HTTP pipeline) for the services,
 * and a plain node:http server in front, so that a page in the render cache costs one prepared
 * statement and a write. It reads the database the api writes and holds nothing another instance
 * would need: run as many as you like behind a load balancer.
 */
async function main(): Promise<void> {
  const shutdown = listenForShutdown((line) => process.stderr.write(`${line}\n`));
  const config = loadConfig();
  const database = await resolveDatabase(config, { ownerDescription: `the site server started with "npm run start:site" (port ${config.site.port})` });
  if (config.runMigrations) await runMigrations(database.url);

  const root = composeApp({ config, databaseUrl: database.url, runtime: 'cli' }, [SiteServerModule]);
  const app = await NestFactory.createApplicationContext(root, { bufferLogs: true });
  app.useLogger(app.get(AppLogger));
  const handler = app.get(SiteRequestHandler);
  // Grammars compile on first use: before listening, so that no reader waits for them.
  codeHighlighter().preload(COMMON_LANGUAGES);
  const server = createServer({ keepAliveTimeout: 65_000, headersTimeout: 30_000, requestTimeout: 60_000 }, handler.listener);
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => reject(error.code === 'EADDRINUSE' || error.code === 'EACCES' ? portInUse(config.site.port, config.host, 'SITE_PORT', error.code) : error));
    server.listen(config.site.port, config.host, () => resolve());
  });

  shutdown.onStop(async () => {
    await drainHttpServer(server, config.shutdownTimeoutMs);
    await app.close();
    await database.embedded?.stop();
  });
  const address = server.address() as AddressInfo;
  if (underLauncher()) await tellLauncher({ type: 'site-ready', address: address.address, port: address.port, url: config.urls.published });
  else process.stdout.write(`\nPublished sites on ${config.urls.published} (bound to ${address.address} port ${address.port})\n\n`);
}

main().catch((error: unknown) => {
  const oneLine = error instanceof ConfigError || error instanceof StartupError;
  process.stderr.write(`${oneLine ? error.message : error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
