/**
 * When a failed event delivery is tried again: after the first failure 5 s, then 5 min, 30 min,
 * 2 h, 5 h, 10 h and 10 h (the schedule of Svix and of the Standard Webhooks guidance). Eight
 * attempts over 27 h 35 min; after the eighth failure the subscription is disabled and the event
 * waits, undelivered, until an admin turns the subscription back on.
 */
export const RETRY_DELAYS_MS: readonly number[] = Object.freeze([
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
]);

/** Attempts an event delivery gets before its subscription is disabled. */
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** The wait before the next attempt after `attemptsMade` failed ones; null when they are over. */
export function nextRetryDelayMs(attemptsMade: number): number | null {
  if (attemptsMade < 1) throw new Error('at least one attempt was made before a retry');
  return RETRY_DELAYS_MS[attemptsMade - 1] ?? null;
}

/** From the first attempt to the last, when every one fails. */
export const RETRY_SPAN_MS = RETRY_DELAYS_MS.reduce((sum, delay) => sum + delay, 0);
