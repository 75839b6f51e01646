import { defineJob } from '@docs/platform';

/** Processes one spec: fetches (URL sources) or reads (text) it, parses, validates, stores a version when it changed. */
export interface ProcessSpecPayload {
  specId: string;
}

/**
 * A run fetches at most OPENAPI_MAX_FILES files, the whole run bounded by `RUN_TIMEOUT_MS`; the
 * job is considered lost (worker killed) after 10 minutes and retried. Fetch errors that may pass
 * (timeouts, 5xx, network) are retried with backoff: 30 s, 60 s, 120 s.
 */
export const ProcessSpecJob = defineJob<ProcessSpecPayload>('openapi-fetch', { retryLimit: 3, retryDelaySeconds: 30, expireInSeconds: 600 });

/** A whole run, every file included (FETCH_TIMEOUT beyond). */
export const RUN_TIMEOUT_MS = 5 * 60 * 1000;

/** How long a run holds its spec: the job's expiry, so that a killed worker's lease is gone when its job is retried. */
export const LEASE_SECONDS = ProcessSpecJob.expireInSeconds;

/** `{ force: true }` (the CLI's `jobs run openapi-refresh`): every URL spec, not only those due. */
export interface RefreshSpecsPayload {
  force?: boolean;
}

/**
 * The refresh sweep: asks a run of every URL spec not processed for OPENAPI_REFRESH_INTERVAL
 * (and of specs whose run was asked for but was lost). Runs every 5 minutes, or every interval
 * when it is shorter.
 */
export const RefreshSpecsJob = defineJob<RefreshSpecsPayload>('openapi-refresh', {
  retryLimit: 2,
  expireInSeconds: 300,
  every: (config) => (config.openapi.refreshIntervalSeconds === null ? null : Math.min(config.openapi.refreshIntervalSeconds, 300)),
});
