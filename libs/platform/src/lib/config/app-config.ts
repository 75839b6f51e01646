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
import { resolve } from 'node:path';
import { flattenValidationErrors } from '../validation/flatten-validation-errors';
import { findWorkspaceRoot } from './workspace-root';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
/** `postgres`: counters shared by every api process on the database; `memory`: per process. */
export const RATE_LIMIT_STORES = ['postgres', 'memory'] as const;
export type RateLimitStore = (typeof RATE_LIMIT_STORES)[number];

const toInt = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;
const toBool = ({ value }: { value: unknown }) =>
  value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value;
const emptyToUndefined = ({ value }: { value: unknown }) => (value === '' ? undefined : value);
const HTTP_URL = { require_tld: false, require_protocol: true, protocols: ['http', 'https'] };

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

  @IsIn(LOG_LEVELS)
  LOG_LEVEL: LogLevel = 'info';

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

  @Matches(/^\d+(b|kb|mb)$/i, { message: 'BODY_LIMIT must look like 512kb or 2mb' })
  BODY_LIMIT = '1mb';

  @Matches(/^(\*|(https?:\/\/[^\s,/]+\/?)(\s*,\s*https?:\/\/[^\s,/]+\/?)*)?$/, {
    message: 'CORS_ORIGINS must be *, or origins like https://docs.example.com separated by commas',
  })
  CORS_ORIGINS = '';

  @Transform(toBool) @IsIn([true, false], { message: 'RUN_MIGRATIONS must be true or false' })
  RUN_MIGRATIONS = true;

  @Transform(toInt) @IsInt() @Min(1) @Max(64)
  WORKER_CONCURRENCY = 2;

  @Transform(toInt) @IsInt() @Min(1000) @Max(600_000)
  SHUTDOWN_TIMEOUT_MS = 25_000;

  @Transform(emptyToUndefined) @IsOptional() @Matches(/^(?:[0-9a-fA-F]{64}|[A-Za-z0-9+/]{43}=)$/, {
    message: 'INTEGRATION_SECRETS_KEY must be 32 bytes, as 64 hex digits or 44 base64 characters',
  })
  INTEGRATION_SECRETS_KEY?: string;
}

export interface AppConfig {
  port: number;
  host: string;
  /** Absent when the embedded PostgreSQL is to be used. */
  databaseUrl?: string;
  databasePoolSize: number;
  embeddedPostgres: { dataDir: string; port: number };
  urls: { api: string; app: string; published: string };
  logLevel: LogLevel;
  bootstrap: { token?: string; email: string; organizationTitle: string };
  rateLimitPerMinute: number;
  rateLimitStore: RateLimitStore;
  bodyLimit: string;
  /** Origins allowed to call the API from a browser: `['*']` for any, `[]` for none (same origin only). */
  corsOrigins: string[];
  runMigrations: boolean;
  workerConcurrency: number;
  shutdownTimeoutMs: number;
  /** AES-256 key that encrypts integration secrets at rest; absent: secrets cannot be stored. */
  integrationSecretsKey?: Buffer;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

/** 64 hex digits or base64: the pattern above tells them apart (base64 of 32 bytes ends with '='). */
const decodeKey = (value: string) => Buffer.from(value, value.length === 64 ? 'hex' : 'base64');

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/** Reads and validates the configuration from an environment (process.env by default). */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  // Unset keys keep the defaults above; other variables of the environment are ignored.
  const raw = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined));
  const vars = plainToInstance(EnvironmentVariables, raw);
  const errors = validateSync(vars);
  if (errors.length > 0) throw new ConfigError(flattenValidationErrors(errors));

  const api = trimSlash(vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`);
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
      app: trimSlash(vars.APP_URL ?? api),
      published: trimSlash(vars.PUBLISHED_URL ?? api),
    },
    logLevel: vars.LOG_LEVEL,
    bootstrap: {
      token: vars.BOOTSTRAP_TOKEN,
      email: vars.BOOTSTRAP_EMAIL,
      organizationTitle: vars.BOOTSTRAP_ORGANIZATION,
    },
    rateLimitPerMinute: vars.RATE_LIMIT_PER_MINUTE,
    rateLimitStore: vars.RATE_LIMIT_STORE,
    bodyLimit: vars.BODY_LIMIT,
    corsOrigins: vars.CORS_ORIGINS.split(',').map((origin) => trimSlash(origin.trim())).filter(Boolean),
    runMigrations: vars.RUN_MIGRATIONS,
    workerConcurrency: vars.WORKER_CONCURRENCY,
    shutdownTimeoutMs: vars.SHUTDOWN_TIMEOUT_MS,
    integrationSecretsKey: vars.INTEGRATION_SECRETS_KEY ? decodeKey(vars.INTEGRATION_SECRETS_KEY) : undefined,
  };
}
