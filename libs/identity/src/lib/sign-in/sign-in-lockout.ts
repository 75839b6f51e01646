import { Inject, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { APP_CONFIG, AppConfig, RATE_LIMIT_TABLE, SqlPool } from '@docs/platform';
import { RateLimiterAbstract, RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';

/** Failed sign-ins an address may have within the window before its sign-in is refused. */
export const SIGN_IN_FAILURES_ALLOWED = 10;
export const SIGN_IN_WINDOW_SECONDS = 15 * 60;

export type AttemptAdmission = { admitted: true; attempt: number } | { admitted: false; retryAfterSeconds: number };

/**
 * Ten failed sign-ins per address within 15 minutes, then 429 until the window ends: counted per
 * address (member or not, so that the answers never tell which), in the rate limit's shared
 * table (rate-limiter-flexible's Postgres store, `sign-in` keys; RATE_LIMIT_STORE=memory keeps
 * it per process). An attempt is counted before the password is checked, so that concurrent
 * guesses cannot slip past the limit between the check and the count; a success forgets the
 * address's count. Addresses are keyed by their SHA-256, never stored.
 */
@Injectable()
export class SignInLockout {
  private readonly limiter: RateLimiterAbstract;

  constructor(@Inject(APP_CONFIG) config: AppConfig, sql: SqlPool) {
    const options = { points: SIGN_IN_FAILURES_ALLOWED, duration: SIGN_IN_WINDOW_SECONDS };
    const memory = new RateLimiterMemory(options);
    this.limiter =
      config.rateLimitStore === 'memory'
        ? memory
        : new RateLimiterPostgres({ ...options, storeClient: sql.raw, storeType: 'pool', tableName: RATE_LIMIT_TABLE, tableCreated: true, keyPrefix: 'sign-in', insuranceLimiter: memory });
  }

  /** Counts an attempt for the address; refused when it already had its ten within the window. */
  async admit(email: string): Promise<AttemptAdmission> {
    try {
      const result = await this.limiter.consume(keyOf(email));
      return { admitted: true, attempt: result.consumedPoints };
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      return { admitted: false, retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) };
    }
  }

  /** When the address's window ends (the lockout's end once it has its ten). */
  async windowEnd(email: string): Promise<Date> {
    const state = await this.limiter.get(keyOf(email));
    return new Date(Date.now() + (state?.msBeforeNext ?? SIGN_IN_WINDOW_SECONDS * 1000));
  }

  /** A successful sign-in: the address starts afresh. */
  async forget(email: string): Promise<void> {
    await this.limiter.delete(keyOf(email));
  }
}

function keyOf(email: string): string {
  return createHash('sha256').update(email).digest('base64url');
}
