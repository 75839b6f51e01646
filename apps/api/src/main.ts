import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { BootstrapResult, BootstrapService } from '@docs/identity';
import { AppConfig, composeApp, ConfigError, configureHttpApp, listenForShutdown, loadConfig, resolveDatabase, runMigrations } from '@docs/platform';
import { ApiModule } from './api.module';

async function main(): Promise<void> {
  const shutdown = listenForShutdown((line) => process.stderr.write(`${line}\n`));
  const config = loadConfig();
  const database = await resolveDatabase(config);
  if (config.runMigrations) await runMigrations(database.url);

  const root = composeApp({ config, databaseUrl: database.url, runtime: 'http' }, [ApiModule]);
  const app = await NestFactory.create<NestExpressApplication>(root, {
    bodyParser: false,
    bufferLogs: true,
  });
  configureHttpApp(app, config);
  const bootstrap = await app.get(BootstrapService).ensureBootstrapped();
  await app.listen(config.port, config.host);

  shutdown.onStop(async () => {
    await app.close();
    await database.embedded?.stop();
  });
  process.stdout.write(banner(config, bootstrap));
}

function banner(config: AppConfig, bootstrap: BootstrapResult): string {
  const lines = [
    `API listening on ${config.urls.api} (port ${config.port})`,
    `  reference: ${config.urls.api}/docs   OpenAPI document: ${config.urls.api}/openapi.json`,
  ];
  if (bootstrap.performed) {
    lines.push(
      `First start: created organization "${bootstrap.organizationTitle}" (${bootstrap.organizationId}) and its admin ${bootstrap.email}.`,
      `Their API token (shown once, store it now):`,
      `  ${bootstrap.token}`,
      `Try: curl -H "Authorization: Bearer ${bootstrap.token}" ${config.urls.api}/v1/user`,
    );
  } else {
    if (bootstrap.presetTokenUnknown) {
      lines.push('Warning: BOOTSTRAP_TOKEN is set, but this database was bootstrapped without it: that value is not a valid token.');
    }
    lines.push(`Authenticate with "Authorization: Bearer <token>"; mint a token with: npm run cli -- tokens create --email <email>`);
  }
  return `\n${lines.join('\n')}\n\n`;
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof ConfigError ? error.message : error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
