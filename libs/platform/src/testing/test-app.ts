import type { Abstract, DynamicModule, INestApplication, Type } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import type { DestinationStream } from 'pino';
import { DataSource } from 'typeorm';
import { loadConfig, AppConfig } from '../lib/config/app-config';
import { configureHttpApp } from '../lib/http/configure-http-app';
import { composeApp } from '../lib/platform.module';
import { AppLogger } from '../lib/logging/app-logger';
import { ManualClock } from './manual-clock';
import { createTestDatabase, TestDatabase } from './test-database';
import { TestHttp } from './test-http';

export const TEST_PUBLIC_URL = 'http://api.test';

export interface TestAppOptions {
  /** The domain modules under test (their HTTP modules). */
  imports: (Type<unknown> | DynamicModule)[];
  /** Environment overrides, as the env vars would be spelled. */
  env?: Record<string, string>;
  runtime?: 'http' | 'worker';
  /** Share a database with another test app (api + worker round trips). */
  database?: TestDatabase;
  /** Capture the log lines (with `env: { LOG_LEVEL: 'info' }`). */
  logDestination?: DestinationStream;
}

export interface TestApp {
  app: INestApplication;
  http: TestHttp;
  clock: ManualClock;
  config: AppConfig;
  database: TestDatabase;
  dataSource: DataSource;
  get<T>(type: Type<T> | Abstract<T> | string | symbol): T;
  close(): Promise<void>;
}

export function testConfig(databaseUrl: string, env: Record<string, string> = {}): AppConfig {
  return loadConfig({
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: TEST_PUBLIC_URL,
    APP_URL: 'http://app.test',
    PUBLISHED_URL: 'http://docs.test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    RATE_LIMIT_PER_MINUTE: '1000000',
    DATABASE_POOL_SIZE: '5',
    SHUTDOWN_TIMEOUT_MS: '5000',
    ENCRYPTION_KEY: 'test-encryption-key-of-at-least-32-characters',
    // A test worker runs recurring jobs only when its test asks (the database's clock is not the test's).
    SPACE_PURGE_INTERVAL: 'off',
    OPENAPI_REFRESH_INTERVAL: 'off',
    ...env,
  });
}

/**
 * The api (or worker) as production runs it (same modules, same HTTP configuration) on a
 * fresh copy of the migrated template database, with a clock the test can move.
 */
export async function createTestApp(options: TestAppOptions): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  const config = testConfig(database.url, options.env);
  const clock = new ManualClock(new Date('2026-01-15T10:00:00.000Z'));
  const runtime = options.runtime ?? 'http';

  const root = composeApp({ config, databaseUrl: database.url, runtime, clock, logDestination: options.logDestination }, options.imports);
  const moduleRef = await Test.createTestingModule({ imports: [root] }).compile();
  const app = moduleRef.createNestApplication<NestExpressApplication>({ bodyParser: false, bufferLogs: true });
  if (runtime === 'http') configureHttpApp(app, config);
  // The worker's logs go where its main.ts sends them: the platform's logger (LOG_LEVEL, logDestination).
  else app.useLogger(app.get(AppLogger));
  await app.init();
  return {
    app,
    http: new TestHttp(app),
    clock,
    config,
    database,
    dataSource: app.get(DataSource),
    get: (type) => app.get(type),
    close: async () => {
      await app.close();
      if (!options.database) await database.drop();
    },
  };
}
