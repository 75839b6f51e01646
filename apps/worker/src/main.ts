import 'reflect-metadata';
import { getPriority, setPriority } from 'node:os';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import {
  applicationName,
  AppLogger,
  BackendPriority,
  composeApp,
  ConfigError,
  JobWorker,
  listenForMetrics,
  listenForShutdown,
  loadConfig,
  Metrics,
  resolveDatabase,
  runMigrations,
  SqlPool,
  StartupError,
  tellLauncher,
  underLauncher,
} from '@docs/platform';
import { WorkerModule } from './worker.module';

async function main(): Promise<void> {
  const shutdown = listenForShutdown((line) => process.stderr.write(`${line}\n`));
  const config = loadConfig();
  lowerPriority(config.workerNice);
  const database = await resolveDatabase(config, { ownerDescription: 'the worker started with "npm run start:worker"' });
  if (config.runMigrations) await runMigrations(database.url);

  const root = composeApp({ config, databaseUrl: database.url, runtime: 'worker' }, [WorkerModule]);
  const app = await NestFactory.createApplicationContext(root, {
    bufferLogs: true,
  });
  app.useLogger(app.get(AppLogger));
  const logger = new Logger('Worker');
  // Its own port for GET /metrics (the worker serves nothing else), before taking jobs.
  const { workerPort, host, token } = config.metrics;
  const metrics = workerPort === undefined ? undefined : await listenForMetrics(app.get(Metrics), { port: workerPort, host, token, variable: 'WORKER_METRICS_PORT' });
  // The database work of deliveries and jobs yields too, when the database runs on this machine.
  const backends = new BackendPriority(app.get(SqlPool).raw, applicationName('worker'), config.workerNice);
  await backends.start().catch((error: unknown) => logger.warn({ err: error }, "could not lower the database backends' priority"));
  const jobs = await app.get(JobWorker).start();
  // The launcher's summary says the worker is up; alone (npm run start:worker) this line is its banner.
  const started = { jobs, metrics: metrics && `http://${metrics.address.address}:${metrics.address.port}/metrics` };
  if (underLauncher()) logger.debug(started, 'worker started');
  else logger.log(started, 'worker started');
  await tellLauncher({ type: 'worker-ready', jobs: jobs.length });

  shutdown.onStop(async (reason) => {
    logger.log({ reason }, 'worker stopping: finishing the jobs in hand');
    backends.stop();
    await metrics?.close();
    await app.close();
    await database.embedded?.stop();
  });
}

/**
 * Background work (event deliveries, jobs) yields the CPU to the api when both share a machine
 * (WORKER_NICE); so do the database backends serving it, when the database is on this machine
 * (`BackendPriority`). Lowering is always allowed; a process already nicer stays so.
 */
function lowerPriority(nice: number): void {
  try {
    if (getPriority() < nice) setPriority(nice);
  } catch {
    // Not permitted here (a container without the capability): run at the given priority.
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof ConfigError || error instanceof StartupError ? error.message : error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
