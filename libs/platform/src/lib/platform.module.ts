import { DynamicModule, Global, Module, Provider } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_PIPE } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { DestinationStream } from 'pino';
import { Clock } from './clock/clock';
import type { AppConfig } from './config/app-config';
import { APP_CONFIG } from './config/app-config.token';
import { DatabaseNotifications } from './database/database-notifications';
import { applicationName } from './database/backend-priority';
import { SqlPool } from './database/sql-pool';
import { dataSourceOptions } from './database/typeorm-options';
import { HttpExceptionFilter } from './errors/http-exception.filter';
import { Mailer } from './mail/mailer';
import { EventOutbox } from './events/event-outbox';
import { EventEntity, EventSequenceEntity } from './events/event.entity';
import { SafeFetcher } from './fetch/safe-fetcher';
import { HealthController } from './health/health.controller';
import { JobAdmin } from './jobs/job-admin';
import { JobQueue } from './jobs/job-queue';
import { JOB_QUEUE_ROLE, PgBossJobQueue } from './jobs/pg-boss-job-queue';
import { Paginator } from './lists/paginator';
import { logDestination } from './logging/log-destination';
import { LoggingModule } from './logging/logging.module';
import { Metrics } from './metrics/metrics';
import { MetricsController } from './metrics/metrics.controller';
import { TokenRateLimitGuard } from './rate-limit/token-rate-limit.guard';
import { EncryptionKeys } from './secrets/encryption-keys';
import { InstanceSecrets } from './secrets/instance-secrets';
import { InstanceSettingEntity } from './secrets/instance-setting.entity';
import { PublicUrls } from './urls/public-urls';
import { CachedQueryValidationPipe } from './validation/cached-query-validation.pipe';

export interface PlatformOptions {
  config: AppConfig;
  /** The resolved database (DATABASE_URL, the embedded server, or a test database). */
  databaseUrl: string;
  /** `http` serves requests (the api); `worker` runs jobs; `cli` does neither. */
  runtime: 'http' | 'worker' | 'cli';
  /** Tests pass a clock they can move. */
  clock?: Clock;
  /** Where log lines go (stdout by default); tests capture them. */
  logDestination?: DestinationStream;
}

/**
 * The common ground of every app: configuration, database, logging, clock, urls, lists,
 * job queue, and for the http runtime the error filter, validation pipe, rate limit and
 * health check. Global, so domain modules inject these without importing it.
 */
@Global()
@Module({})
export class PlatformModule {
  static forRoot(options: PlatformOptions): DynamicModule {
    const { config, databaseUrl, runtime } = options;
    const http = runtime === 'http';
    const httpProviders: Provider[] = [
      { provide: APP_FILTER, useClass: HttpExceptionFilter },
      { provide: APP_PIPE, useClass: CachedQueryValidationPipe },
      { provide: APP_GUARD, useClass: TokenRateLimitGuard },
    ];
    const shared: Provider[] = [
      { provide: APP_CONFIG, useValue: config },
      { provide: Clock, useValue: options.clock ?? new Clock() },
      { provide: JOB_QUEUE_ROLE, useValue: runtime === 'worker' ? 'worker' : 'producer' },
      PublicUrls,
      SqlPool,
      DatabaseNotifications,
      InstanceSecrets,
      EncryptionKeys,
      Paginator,
      SafeFetcher,
      Mailer,
      EventOutbox,
      PgBossJobQueue,
      { provide: JobQueue, useExisting: PgBossJobQueue },
      JobAdmin,
      { provide: Metrics, useFactory: (appConfig: AppConfig) => new Metrics(appConfig, runtime), inject: [APP_CONFIG] },
    ];
    return {
      module: PlatformModule,
      imports: [
        LoggingModule.forRoot(config.logLevel, options.logDestination ?? logDestination(config.logFormat)),
        TypeOrmModule.forRoot({ ...dataSourceOptions(databaseUrl, config, applicationName(runtime)), autoLoadEntities: true }),
        TypeOrmModule.forFeature([InstanceSettingEntity, EventEntity, EventSequenceEntity]),
      ],
      // GET /metrics on the public port only with METRICS_TOKEN (otherwise on METRICS_PORT, or nowhere).
      controllers: http ? [HealthController, ...(config.metrics.token ? [MetricsController] : [])] : [],
      providers: [...shared, ...(http ? httpProviders : [])],
      exports: [APP_CONFIG, Clock, PublicUrls, SqlPool, DatabaseNotifications, InstanceSecrets, EncryptionKeys, Paginator, SafeFetcher, Mailer, EventOutbox, JobQueue, PgBossJobQueue, JobAdmin, Metrics, TypeOrmModule],
    };
  }
}

@Module({})
class AppRootModule {}

/** The root module of an app (api, worker, CLI, tests): the platform plus the given modules. */
export function composeApp(options: PlatformOptions, imports: NonNullable<DynamicModule['imports']>): DynamicModule {
  return { module: AppRootModule, imports: [PlatformModule.forRoot(options), ...imports] };
}
