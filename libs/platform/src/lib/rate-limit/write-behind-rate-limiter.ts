import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { RateLimiterRes } from 'rate-limiter-flexible';

/** How long a process counts a key's requests locally before adding them to the shared store. */
export const FLUSH_INTERVAL_MS = 100;

interface KeyWindow {
  /** The key's total in the store as of its last answer (every process's requests). */
  consumed: number;
  /** Requests admitted here and not yet added to the store. */
  pending: number;
  /** When the key's window ends (ms since the epoch), as the store said. */
  resetAt: number;
}

/**
 * A shared fixed-window limit (the `store`: PostgreSQL, every api process) that costs no
 * statement on most requests. A process asks the store on the first request of a key, then
 * admits requests from its own count while the key's known total stays within the first half of
 * the budget, adding them to the store in one `consume(key, n)` per key every 100 ms (not one
 * per request). In the second half every request asks the store, so the limit itself is exact:
 * the store's total decides each request near the limit, and a key over it is refused from
 * memory until its window ends. The price: in the first half a process learns the others' counts
 * up to 100 ms late and its `remaining` is its own estimate, and across processes the limit can be
 * passed by the counts the others have not sent yet (what they admitted of that key in their last
 * 100 ms, at most half the budget each).
 */
export class WriteBehindRateLimiter {
  private readonly windows = new Map<string, KeyWindow>();
  private flushTimer: NodeJS.Timeout | undefined;
  private prunedAt = 0;

  constructor(
    private readonly store: RateLimiterAbstract,
    private readonly points: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request of `key`: resolves with the result when admitted, rejects with it when refused (as the store does). */
  async consume(key: string): Promise<RateLimiterRes> {
    const now = this.now();
    const window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      this.windows.delete(key); // a past window's unsent counts no longer matter
      return this.ask(key, 1);
    }
    const known = window.consumed + window.pending;
    if (known >= this.points) throw new RateLimiterRes(0, window.resetAt - now, known + 1, false);
    if (known + 1 > this.points / 2) {
      const unsent = window.pending;
      window.pending = 0;
      return this.ask(key, unsent + 1);
    }
    window.pending++;
    this.scheduleFlush();
    return new RateLimiterRes(this.points - known - 1, window.resetAt - now, known + 1, false);
  }

  /** Keys followed in memory (their window not known to be over). */
  get trackedKeys(): number {
    return this.windows.size;
  }

  /** Adds every count not yet in the store (at shutdown: nothing admitted is lost). */
  async flush(): Promise<void> {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    const now = this.now();
    const sends: Promise<unknown>[] = [];
    for (const [key, window] of this.windows) {
      if (window.resetAt <= now) this.windows.delete(key); // a past window: its counts no longer matter
      else if (window.pending > 0) {
        const unsent = window.pending;
        window.pending = 0;
        sends.push(this.ask(key, unsent).catch(() => undefined)); // a refusal still updates the known total
      }
    }
    await Promise.all(sends);
  }

  /** Adds `count` requests of `key` to the store and learns its total; the answer decides the request that asked. */
  private async ask(key: string, count: number): Promise<RateLimiterRes> {
    let result: RateLimiterRes;
    let refused = false;
    try {
      result = await this.store.consume(key, count);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      result = rejection;
      refused = true;
    }
    const now = this.now();
    const window = this.windows.get(key);
    const resetAt = now + result.msBeforeNext;
    if (window && Math.abs(window.resetAt - resetAt) < 1000) window.consumed = Math.max(window.consumed, result.consumedPoints);
    else {
      this.windows.set(key, { consumed: result.consumedPoints, pending: window && window.resetAt > now ? window.pending : 0, resetAt });
      this.pruneEveryMinute(now);
    }
    if (refused) throw result;
    return result;
  }

  /** Forgets the keys whose window is over (clients seen once would otherwise stay forever), at most once a minute. */
  private pruneEveryMinute(now: number): void {
    if (now - this.prunedAt < 60_000) return;
    this.prunedAt = now;
    for (const [key, window] of this.windows) if (window.resetAt <= now && window.pending === 0) this.windows.delete(key);
  }

  private scheduleFlush(): void {
    if (this.flushTimer) return;
    this.flushTimer = setTimeout(() => void this.flush(), FLUSH_INTERVAL_MS);
    this.flushTimer.unref();
  }
}
