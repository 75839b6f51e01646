import type { AppConfig } from '../config/app-config';

/**
 * A kind of background job: its queue name and the type of its payload. Define it beside the
 * handler that runs it (`<name>.job.ts`); the api enqueues with it, the worker handles it.
 */
export interface JobDefinition<Payload extends object> {
  readonly name: string;
  /** Attempts after the first failure (and after a worker shut down mid-job). */
  readonly retryLimit: number;
  /** Seconds before a job in hand is considered lost and retried. */
  readonly expireInSeconds: number;
  /** Seconds before the first retry; later retries back off exponentially. */
  readonly retryDelaySeconds: number;
  /**
   * A recurring kind: how often the worker enqueues it (with `{}` as the payload), in seconds,
   * read from the configuration; null: not now (the operator runs it with `jobs run`).
   */
  readonly every?: (config: AppConfig) => number | null;
  /** Type carrier only: never read at run time. */
  readonly payload?: Payload;
}

export function defineJob<Payload extends object>(
  name: string,
  options: { retryLimit?: number; expireInSeconds?: number; retryDelaySeconds?: number; every?: (config: AppConfig) => number | null } = {},
): JobDefinition<Payload> {
  if (!/^[a-z0-9][a-z0-9.-]*$/.test(name)) throw new Error(`invalid job name "${name}"`);
  return Object.freeze({
    name,
    retryLimit: options.retryLimit ?? 3,
    expireInSeconds: options.expireInSeconds ?? 15 * 60,
    retryDelaySeconds: options.retryDelaySeconds ?? 10,
    ...(options.every ? { every: options.every } : {}),
  });
}
