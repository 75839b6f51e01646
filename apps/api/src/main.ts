import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { AddressInfo } from 'node:net';
import { BootstrapResult, BootstrapService } from '@docs/identity';
import {
  AppConfig,
  composeApp,
  ConfigError,
  configureHttpApp,
  LauncherBootstrapSummary,
  listenForMetrics,
  listenForShutdown,
  loadConfig,
  Metrics,
  portInUse,
  resolveDatabase,
  runMigrations,
  StartupError,
  stopHttpApp,
  tellLauncher,
  underLauncher,
} from '@docs/platform';
import { ApiModule } from './api.module';

async function main(): Promise<void> {
  const shutdown = listenForShutdown((line) => process.stderr.write(`${line}\n`));
  const config = loadConfig();
  const database = await resolveDatabase(config, { ownerDescription: `the api started with "npm run start:api" (port ${config.port})` });
  if (config.runMigrations) await runMigrations(database.url);

  const root = composeApp({ config, databaseUrl: database.url, runtime: 'http' }, [ApiModule]);
  const app = await NestFactory.create<NestExpressApplication>(root, {
    bodyParser: false,
    bufferLogs: true,
  });
  configureHttpApp(app, config);
  const bootstrap = await app.get(BootstrapService).ensureBootstrapped();
  try {
    await app.listen(config.port, config.host);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE' || code === 'EACCES') throw portInUse(config.port, config.host, 'PORT', code);
    throw error;
  }

  // METRICS_PORT: GET /metrics on a listener of its own (typically private), beside the public port.
  const { apiPort, host, token } = config.metrics;
  const metrics = apiPort === undefined ? undefined : await listenForMetrics(app.get(Metrics), { port: apiPort, host, token, variable: 'METRICS_PORT' });

  shutdown.onStop(async () => {
    // In-flight requests finish on a live pool; only then does the pool close.
    await metrics?.close();
    await stopHttpApp(app, config.shutdownTimeoutMs);
    await database.embedded?.stop();
  });
  const address = app.getHttpServer().address() as AddressInfo;
  if (underLauncher()) {
    await tellLauncher({ type: 'api-ready', address: address.address, port: address.port, url: config.urls.api, bootstrap: summarize(config, bootstrap) });
  } else {
    process.stdout.write(banner(config, address, bootstrap));
  }
}

/** What the launcher may print: a generated token once, never the value of BOOTSTRAP_TOKEN. */
function summarize(config: AppConfig, bootstrap: BootstrapResult): LauncherBootstrapSummary {
  if (!bootstrap.performed) return { kind: 'existing', presetTokenUnknown: bootstrap.presetTokenUnknown === true };
  const { email, organizationTitle } = bootstrap;
  const { passwordLink } = bootstrap;
  return config.bootstrap.token ? { kind: 'preset', email, organizationTitle, passwordLink } : { kind: 'generated', token: bootstrap.token, email, organizationTitle, passwordLink };
}

function banner(config: AppConfig, address: AddressInfo, bootstrap: BootstrapResult): string {
  const lines = [
    `API listening on ${config.urls.api} (bound to ${address.address} port ${address.port})`,
    `  reference: ${config.urls.api}/docs   OpenAPI document: ${config.urls.api}/openapi.json`,
  ];
  const summary = summarize(config, bootstrap);
  if (summary.kind === 'generated') {
    lines.push(
      `First start: created organization "${summary.organizationTitle}" and its admin ${summary.email}.`,
      `Their API token (shown once, store it now):`,
      `  ${summary.token}`,
      `The admin chooses a password at this one-time link (valid 24 h): ${summary.passwordLink}`,
      `Try: curl -H "Authorization: Bearer ${summary.token}" ${config.urls.api}/v1/user`,
    );
  } else if (summary.kind === 'preset') {
    lines.push(
      `First start: created organization "${summary.organizationTitle}" and its admin ${summary.email}, whose API token is the BOOTSTRAP_TOKEN you set.`,
      `The admin chooses a password at this one-time link (valid 24 h): ${summary.passwordLink}`,
    );
  } else {
    if (summary.presetTokenUnknown) {
      lines.push('Warning: BOOTSTRAP_TOKEN is set, but this database was bootstrapped without it: that value is not a valid token.');
    }
    lines.push(`Authenticate with "Authorization: Bearer <token>"; mint a token with: npm run cli -- tokens create --email <email>`);
  }
  return `\n${lines.join('\n')}\n\n`;
}

main().catch((error: unknown) => {
  const oneLine = error instanceof ConfigError || error instanceof StartupError;
  process.stderr.write(`${oneLine ? error.message : error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
