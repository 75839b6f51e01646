import { plainToInstance, Transform } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  validateSync,
} from 'class-validator';
import ipaddr from 'ipaddr.js';
import { resolve } from 'node:path';
import { flattenValidationErrors } from '../validation/flatten-validation-errors';
import { findWorkspaceRoot } from './workspace-root';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
/** `auto`: human-readable on a terminal (stdout is a TTY), JSON lines anywhere else. */
export const LOG_FORMATS = ['auto', 'json', 'pretty'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];
/** `postgres`: counters shared by every api process on the database; `memory`: per process. */
export const RATE_LIMIT_STORES = ['postgres', 'memory'] as const;
export type RateLimitStore = (typeof RATE_LIMIT_STORES)[number];

const toInt = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;
const toBool = ({ value }: { value: unknown }) =>
  value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value;
const emptyToUndefined = ({ value }: { value: unknown }) => (value === '' ? undefined : value);
const optionalInt = ({ value }: { value: unknown }) => (value === '' ? undefined : toInt({ value }));
const HTTP_URL = { require_tld: false, require_protocol: true, protocols: ['http', 'https'] };

/** `off`, or a number with a unit: s, m, h, d (seconds without one). */
const INTERVAL = /^(off|\d{1,7}[smhd]?)$/;
const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400 };

/** Seconds of an interval variable (checked by INTERVAL); null for `off`. Bounds: 1 minute to 30 days. */
function intervalSeconds(name: string, value: string, problems: string[]): number | null {
  if (value === 'off') return null;
  const match = /^(\d+)([smhd]?)$/.exec(value)!;
  const seconds = Number(match[1]) * UNIT_SECONDS[match[2] || 's'];
  if (seconds < 60 || seconds > 30 * 86400) problems.push(`${name} must be off or between 1 minute and 30 days, not ${value}`);
  return seconds;
}

/** A duration without `off` (checked by DURATION), in seconds, between 5 minutes and a year. */
const DURATION = /^\d{1,7}[smhd]?$/;
function durationSeconds(name: string, value: string, problems: string[]): number {
  const match = /^(\d+)([smhd]?)$/.exec(value)!;
  const seconds = Number(match[1]) * UNIT_SECONDS[match[2] || 's'];
  if (seconds < 300 || seconds > 365 * 86400) problems.push(`${name} must be between 5 minutes and 365 days, not ${value}`);
  return seconds;
}

/**
 * The environment variables the api, the worker and the CLI read. Every field is documented in
 * the README's configuration table; keep the two in step.
 */
class EnvironmentVariables {
  @Transform(toInt) @IsInt() @Min(0) @Max(65535)
  PORT = 8080;

  @IsString() @MinLength(1)
  HOST = '0.0.0.0';

  @Transform(emptyToUndefined) @IsOptional() @Matches(/^postgres(ql)?:\/\//, { message: 'DATABASE_URL must be a postgres:// URL' })
  DATABASE_URL?: string;

  @Transform(toInt) @IsInt() @Min(1) @Max(500)
  DATABASE_POOL_SIZE = 10;

  @Transform(emptyToUndefined) @IsOptional() @IsString()
  EMBEDDED_POSTGRES_DIR?: string;

  @Transform(toInt) @IsInt() @Min(1) @Max(65535)
  EMBEDDED_POSTGRES_PORT = 54329;

  @Transform(emptyToUndefined) @IsOptional() @IsUrl(HTTP_URL)
  PUBLIC_URL?: string;

  @Transform(emptyToUndefined) @IsOptional() @IsUrl(HTTP_URL)
  APP_URL?: string;

  @Transform(emptyToUndefined) @IsOptional() @IsUrl(HTTP_URL)
  PUBLISHED_URL?: string;

  /** Port of the published docs sites (apps/site); PUBLISHED_URL defaults to it. */
  @Transform(toInt) @IsInt() @Min(0) @Max(65535)
  SITE_PORT = 8081;

  /** Memory the site server may keep rendered pages in, in megabytes. */
  @Transform(toInt) @IsInt() @Min(1) @Max(65536)
  SITE_CACHE_MB = 64;

  /** `notify`: the site server reads a site again when PostgreSQL notifies a change; `strict`: on every request. */
  @IsIn(['notify', 'strict'], { message: 'SITE_FRESHNESS must be notify or strict' })
  SITE_FRESHNESS: 'notify' | 'strict' = 'notify';

  /** `off`: the site server records no insights (page views, searches, links out, feedback) and asks for no feedback. */
  @IsIn(['on', 'off'], { message: 'SITE_INSIGHTS must be on or off' })
  SITE_INSIGHTS: 'on' | 'off' = 'on';

  @IsIn(LOG_LEVELS)
  LOG_LEVEL: LogLevel = 'info';

  @IsIn(LOG_FORMATS, { message: `LOG_FORMAT must be one of: ${LOG_FORMATS.join(', ')}` })
  LOG_FORMAT: LogFormat = 'auto';

  @Transform(emptyToUndefined) @IsOptional() @Matches(/^[\x21-\x7e]{16,256}$/, {
    message: 'BOOTSTRAP_TOKEN must be 16 to 256 printable characters without spaces',
  })
  BOOTSTRAP_TOKEN?: string;

  @IsString() @MinLength(3) @MaxLength(320)
  BOOTSTRAP_EMAIL = 'admin@localhost';

  @IsString() @MinLength(2) @MaxLength(255)
  BOOTSTRAP_ORGANIZATION = 'My Organization';

  @Transform(toInt) @IsInt() @Min(1) @Max(1_000_000)
  RATE_LIMIT_PER_MINUTE = 1200;

  @IsIn(RATE_LIMIT_STORES, { message: `RATE_LIMIT_STORE must be one of: ${RATE_LIMIT_STORES.join(', ')}` })
  RATE_LIMIT_STORE: RateLimitStore = 'postgres';

  @IsIn(['on', 'off'], { message: 'TOKEN_CACHE must be on or off' })
  TOKEN_CACHE: 'on' | 'off' = 'on';

  @Matches(/^\d+(b|kb|mb)$/i, { message: 'BODY_LIMIT must look like 512kb or 2mb' })
  BODY_LIMIT = '1mb';

  @Matches(/^(\*|(https?:\/\/[^\s,/]+\/?)(\s*,\s*https?:\/\/[^\s,/]+\/?)*)?$/, {
    message: 'CORS_ORIGINS must be *, or origins like https://docs.example.com separated by commas',
  })
  CORS_ORIGINS = '';
  @Transform(toInt) @IsInt() @Min(1) @Max(1024 * 1024 * 1024)
  FILE_MAX_BYTES = 20 * 1024 * 1024;

  @Transform(toBool) @IsIn([true, false], { message: 'RUN_MIGRATIONS must be true or false' })
  RUN_MIGRATIONS = true;

  @Transform(toInt) @IsInt() @Min(1) @Max(64)
  WORKER_CONCURRENCY = 2;

  @Transform(toInt) @IsInt() @Min(1000) @Max(600_000)
  SHUTDOWN_TIMEOUT_MS = 25_000;

  @Transform(emptyToUndefined) @IsOptional() @Matches(/^[\x21-\x7e]{32,512}$/, {
    message: 'ENCRYPTION_KEY must be 32 to 512 printable characters without spaces',
  })
  ENCRYPTION_KEY?: string;
  /** Outbound fetches may reach these hosts, addresses and CIDR ranges even when private (comma-separated). */
  @IsOptional() @IsString()
  FETCH_ALLOW_HOSTS = '';

  @Transform(toInt) @IsInt() @Min(100) @Max(120_000)
  FETCH_CONNECT_TIMEOUT_MS = 5_000;

  @Transform(toInt) @IsInt() @Min(100) @Max(600_000)
  FETCH_TIMEOUT_MS = 30_000;

  @Transform(toInt) @IsInt() @Min(1024) @Max(1024 * 1024 * 1024)
  IMPORT_MAX_BYTES = 50 * 1024 * 1024;

  @Transform(toInt) @IsInt() @Min(1) @Max(100_000)
  IMPORT_CRAWL_MAX_PAGES = 200;

  @Transform(toInt) @IsInt() @Min(0) @Max(50)
  IMPORT_CRAWL_MAX_DEPTH = 5;

  @Transform(toInt) @IsInt() @Min(1000) @Max(3_600_000)
  IMPORT_CRAWL_TIMEOUT_MS = 120_000;

  @Transform(toInt) @IsInt() @Min(100) @Max(120_000)
  WEBHOOK_TIMEOUT_MS = 15_000;

  @Transform(toInt) @IsInt() @Min(1) @Max(256)
  WEBHOOK_CONCURRENCY = 16;

  @Transform(toInt) @IsInt() @Min(1) @Max(3650)
  EVENT_RETENTION_DAYS = 30;

  @Transform(toInt) @IsInt() @Min(0) @Max(19)
  WORKER_NICE = 10;
  // Jobs, OpenAPI specs and metrics (issue 20).
  @Matches(INTERVAL, { message: 'OPENAPI_REFRESH_INTERVAL must be off or a duration like 30m, 1h or 1d (1 minute to 30 days)' })
  OPENAPI_REFRESH_INTERVAL = '1h';

  @Matches(INTERVAL, { message: 'SPACE_PURGE_INTERVAL must be off or a duration like 30m, 1h or 1d (1 minute to 30 days)' })
  SPACE_PURGE_INTERVAL = '1h';

  @Transform(toInt) @IsInt() @Min(1024) @Max(1024 * 1024 * 1024)
  OPENAPI_MAX_BYTES = 10 * 1024 * 1024;

  @Transform(toInt) @IsInt() @Min(1) @Max(10_000)
  OPENAPI_MAX_FILES = 100;

  @Transform(emptyToUndefined) @IsOptional() @Matches(/^[\x21-\x7e]{16,256}$/, {
    message: 'METRICS_TOKEN must be 16 to 256 printable characters without spaces',
  })
  METRICS_TOKEN?: string;

  @Transform(optionalInt) @IsOptional() @IsInt() @Min(0) @Max(65535)
  METRICS_PORT?: number;

  @Transform(optionalInt) @IsOptional() @IsInt() @Min(0) @Max(65535)
  WORKER_METRICS_PORT?: number;

  @IsString() @MinLength(1)
  METRICS_HOST = '127.0.0.1';

  // People signing in (issue 29).
  @Matches(DURATION, { message: 'SESSION_IDLE must be a duration like 12h or 7d (5 minutes to 365 days)' })
  SESSION_IDLE = '7d';

  @Matches(DURATION, { message: 'SESSION_MAX must be a duration like 12h or 30d (5 minutes to 365 days)' })
  SESSION_MAX = '30d';

  @Transform(emptyToUndefined) @IsOptional() @IsUrl({ require_tld: false, require_protocol: true, protocols: ['smtp', 'smtps'] }, {
    message: 'SMTP_URL must be an smtp:// or smtps:// URL, like smtps://user:password@mail.example.com:465',
  })
  SMTP_URL?: string;

  @Transform(emptyToUndefined) @IsOptional() @Matches(/^(?:[^<>\r\n]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/, {
    message: 'MAIL_FROM must be an address, or a name and an address: Docs <docs@example.com>',
  })
  MAIL_FROM?: string;
}


export interface AppConfig {
  port: number;
  host: string;
  /** Absent when the embedded PostgreSQL is to be used. */
  databaseUrl?: string;
  databasePoolSize: number;
  embeddedPostgres: { dataDir: string; port: number };
  urls: { api: string; app: string; published: string };
  /** The published docs sites' server (apps/site): its port and its cache of rendered pages. */
  site: { port: number; cacheBytes: number; freshness: 'notify' | 'strict'; insights: boolean };
  logLevel: LogLevel;
  /** JSON lines, or pino-pretty's lines for people (`auto`: pretty when stdout is a terminal). */
  logFormat: LogFormat;
  bootstrap: { token?: string; email: string; organizationTitle: string };
  rateLimitPerMinute: number;
  rateLimitStore: RateLimitStore;
  /** Remember authenticated tokens per process, forgotten on every change PostgreSQL notifies (TokenAuthenticator). */
  tokenCache: boolean;
  bodyLimit: string;
  /** Origins allowed to call the API from a browser: `['*']` for any, `[]` for none (same origin only). */
  corsOrigins: string[];
  /** Largest file an upload may store, in bytes. */
  fileMaxBytes: number;
  runMigrations: boolean;
  workerConcurrency: number;
  shutdownTimeoutMs: number;
  /**
   * The secret that encrypts stored secrets (share-link keys, site signing keys). Unset: a key
   * file beside the embedded database's data (`.data/encryption.key`), created on first use.
   */
  encryption: { key?: string; keyFile: string };
  /** The outbound HTTP client's limits and its allow list (see `SafeFetcher`). */
  fetch: { allowHosts: string[]; connectTimeoutMs: number; timeoutMs: number };
  /** Largest import: request body of the import routes, and a fetched or unpacked source. */
  importMaxBytes: number;
  /** Bounds of a website import's crawl. */
  importCrawl: { maxPages: number; maxDepth: number; timeoutMs: number };
  /**
   * Webhook and integration event deliveries (the worker): the time one attempt may take, how many
   * attempts a worker process makes at once, and how long delivered events and deliveries are kept.
   */
  webhooks: { timeoutMs: number; concurrency: number; retentionDays: number };
  /** The worker's CPU priority (nice, 0..19): background work yields to the api on a shared machine. */
  workerNice: number;
  /** Hosted OpenAPI specs: how often URL sources are fetched again (null: never), and the bounds of one spec (all its files). */
  openapi: { refreshIntervalSeconds: number | null; maxBytes: number; maxFiles: number };
  /** How often the worker looks for spaces deleted more than 7 days ago (null: only when run by hand). */
  spacePurgeIntervalSeconds: number | null;
  /**
   * Prometheus metrics. `token`: GET /metrics on the api's public port, with this bearer token
   * (and required on the other listeners too). `apiPort`/`workerPort`: a listener of their own
   * on `host`, for GET /metrics only (undefined: none).
   */
  metrics: { token?: string; apiPort?: number; workerPort?: number; host: string };
  /** People's sessions: idle and absolute lifetimes, in seconds. */
  sessions: { idleSeconds: number; maxSeconds: number };
  /** Outgoing mail (invitations, password resets): none without an SMTP URL (links go to the log). */
  mail: { smtpUrl?: string; from: string };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}


const trimSlash = (url: string) => url.replace(/\/+$/, '');

/** Reads and validates the configuration from an environment (process.env by default). */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  // Unset keys keep the defaults above; other variables of the environment are ignored.
  const raw = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined));
  const vars = plainToInstance(EnvironmentVariables, raw);
  const errors = validateSync(vars);
  if (errors.length > 0) throw new ConfigError(flattenValidationErrors(errors));
  const allowHosts = vars.FETCH_ALLOW_HOSTS.split(',').map((entry) => entry.trim()).filter(Boolean);
  const badRanges = allowHosts.filter((entry) => entry.includes('/') && !ipaddr.isValidCIDR(entry));
  if (badRanges.length > 0) throw new ConfigError([`FETCH_ALLOW_HOSTS has invalid CIDR ranges: ${badRanges.join(', ')}`]);

  const intervalProblems: string[] = [];
  const refreshIntervalSeconds = intervalSeconds('OPENAPI_REFRESH_INTERVAL', vars.OPENAPI_REFRESH_INTERVAL, intervalProblems);
  const spacePurgeIntervalSeconds = intervalSeconds('SPACE_PURGE_INTERVAL', vars.SPACE_PURGE_INTERVAL, intervalProblems);
  const sessionIdleSeconds = durationSeconds('SESSION_IDLE', vars.SESSION_IDLE, intervalProblems);
  const sessionMaxSeconds = durationSeconds('SESSION_MAX', vars.SESSION_MAX, intervalProblems);
  if (sessionIdleSeconds > sessionMaxSeconds) intervalProblems.push(`SESSION_IDLE (${vars.SESSION_IDLE}) must not be longer than SESSION_MAX (${vars.SESSION_MAX})`);
  if (intervalProblems.length > 0) throw new ConfigError(intervalProblems);

  const api = trimSlash(vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`);
  const app = trimSlash(vars.APP_URL ?? api);
  return {
    port: vars.PORT,
    host: vars.HOST,
    databaseUrl: vars.DATABASE_URL,
    databasePoolSize: vars.DATABASE_POOL_SIZE,
    embeddedPostgres: {
      dataDir: resolve(vars.EMBEDDED_POSTGRES_DIR ?? resolve(findWorkspaceRoot(), '.data', 'postgres')),
      port: vars.EMBEDDED_POSTGRES_PORT,
    },
    urls: {
      api,
      app,
      published: trimSlash(vars.PUBLISHED_URL ?? `http://localhost:${vars.SITE_PORT}`),
    },
    site: { port: vars.SITE_PORT, cacheBytes: vars.SITE_CACHE_MB * 1024 * 1024, freshness: vars.SITE_FRESHNESS, insights: vars.SITE_INSIGHTS === 'on' },
    logLevel: vars.LOG_LEVEL,
    logFormat: vars.LOG_FORMAT,
    bootstrap: {
      token: vars.BOOTSTRAP_TOKEN,
      email: vars.BOOTSTRAP_EMAIL,
      organizationTitle: vars.BOOTSTRAP_ORGANIZATION,
    },
    rateLimitPerMinute: vars.RATE_LIMIT_PER_MINUTE,
    rateLimitStore: vars.RATE_LIMIT_STORE,
    tokenCache: vars.TOKEN_CACHE === 'on',
    bodyLimit: vars.BODY_LIMIT,
    corsOrigins: vars.CORS_ORIGINS.split(',').map((origin) => trimSlash(origin.trim())).filter(Boolean),
    fileMaxBytes: vars.FILE_MAX_BYTES,
    runMigrations: vars.RUN_MIGRATIONS,
    workerConcurrency: vars.WORKER_CONCURRENCY,
    shutdownTimeoutMs: vars.SHUTDOWN_TIMEOUT_MS,
    encryption: { key: vars.ENCRYPTION_KEY, keyFile: resolve(findWorkspaceRoot(), '.data', 'encryption.key') },
    fetch: {
      allowHosts,
      connectTimeoutMs: vars.FETCH_CONNECT_TIMEOUT_MS,
      timeoutMs: vars.FETCH_TIMEOUT_MS,
    },
    importMaxBytes: vars.IMPORT_MAX_BYTES,
    importCrawl: { maxPages: vars.IMPORT_CRAWL_MAX_PAGES, maxDepth: vars.IMPORT_CRAWL_MAX_DEPTH, timeoutMs: vars.IMPORT_CRAWL_TIMEOUT_MS },
    webhooks: { timeoutMs: vars.WEBHOOK_TIMEOUT_MS, concurrency: vars.WEBHOOK_CONCURRENCY, retentionDays: vars.EVENT_RETENTION_DAYS },
    workerNice: vars.WORKER_NICE,
    openapi: { refreshIntervalSeconds, maxBytes: vars.OPENAPI_MAX_BYTES, maxFiles: vars.OPENAPI_MAX_FILES },
    spacePurgeIntervalSeconds,
    metrics: { token: vars.METRICS_TOKEN, apiPort: vars.METRICS_PORT, workerPort: vars.WORKER_METRICS_PORT, host: vars.METRICS_HOST },
    sessions: { idleSeconds: sessionIdleSeconds, maxSeconds: sessionMaxSeconds },
    mail: { smtpUrl: vars.SMTP_URL, from: vars.MAIL_FROM ?? `Docs <no-reply@${new URL(app).hostname}>` },
  };
}
