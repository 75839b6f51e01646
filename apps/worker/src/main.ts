import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { ConfigError, JobWorker, loadConfig, onShutdownSignal, resolveDatabase, runMigrations } from '@docs/platform';
import { WorkerModule } from './worker.module';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await resolveDatabase(config);
  if (config.runMigrations) await runMigrations(database.url);

  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot({ config, databaseUrl: database.url }), {
    bufferLogs: true,
  });
  const logger = app.get(Logger);
  app.useLogger(logger);
  const jobs = await app.get(JobWorker).start();
  logger.log({ jobs }, 'worker started');

  onShutdownSignal(async (signal) => {
    logger.log({ signal }, 'worker stopping: finishing the jobs in hand');
    await app.close();
    await database.embedded?.stop();
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof ConfigError ? error.message : error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
