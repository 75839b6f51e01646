import { defineJob } from '@docs/platform';

/**
 * The sweep: finds the spaces deleted more than 7 days ago and enqueues one `PurgeSpaceJob`
 * each. Every SPACE_PURGE_INTERVAL (default 1 hour), and by hand with `jobs run space-purge`.
 */
export const SpacePurgeSweepJob = defineJob<Record<string, never>>('space-purge', {
  retryLimit: 2,
  expireInSeconds: 300,
  every: (config) => config.spacePurgeIntervalSeconds,
});

export interface PurgeSpacePayload {
  spaceId: string;
}

/**
 * Removes one space for good, in one transaction. A large space takes a while (10,000 pages:
 * see docs/performance.md): considered lost after an hour, then retried; a purge killed midway
 * rolled back, so its retry starts over from a whole space.
 */
export const PurgeSpaceJob = defineJob<PurgeSpacePayload>('space-purge.space', { retryLimit: 3, retryDelaySeconds: 60, expireInSeconds: 3600 });

/** Spaces a sweep enqueues at most; the rest wait for the next sweep. */
export const SWEEP_LIMIT = 1000;
