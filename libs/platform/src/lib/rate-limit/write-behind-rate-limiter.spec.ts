import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { setTimeout as sleep } from 'node:timers/promises';
import { FLUSH_INTERVAL_MS, WriteBehindRateLimiter } from './write-behind-rate-limiter';

/** A shared store (what PostgreSQL is to the api processes) that records each consume it gets. */
function sharedStore(points: number) {
  const store = new RateLimiterMemory({ points, duration: 60 });
  const calls: [string, number][] = [];
  const consume = store.consume.bind(store);
  store.consume = (key: string | number, count?: number) => {
    calls.push([String(key), count ?? 1]);
    return consume(key, count);
  };
  return { store, calls, total: async (key: string) => (await store.get(key))?.consumedPoints ?? 0 };
}

/** Whether a request is admitted (the limiter resolves) or refused (it rejects with a RateLimiterRes). */
async function admitted(limiter: WriteBehindRateLimiter, key = 'k'): Promise<boolean> {
  try {
    await limiter.consume(key);
    return true;
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return false;
    throw rejection;
  }
}

describe('WriteBehindRateLimiter', () => {
  it("asks the store on a key's first request, counts locally in the first half of the budget, and adds those counts in one call per key", async () => {
    const { store, calls, total } = sharedStore(10);
    const limiter = new WriteBehindRateLimiter(store, 10);
    const first = await limiter.consume('k');
    expect([first.remainingPoints, first.consumedPoints]).toEqual([9, 1]);
    for (let i = 0; i < 4; i++) expect(await admitted(limiter)).toBe(true);
    expect(calls).toEqual([['k', 1]]); // five requests, one statement
    expect((await limiter.consume('other')).remainingPoints).toBe(9); // keys are counted apart

    await sleep(FLUSH_INTERVAL_MS * 2);
    expect(calls).toEqual([['k', 1], ['other', 1], ['k', 4]]);
    expect(await total('k')).toBe(5);
  });

  it('asks on every request of the second half: the store decides, and a key over the limit is refused from memory', async () => {
    const { store, calls, total } = sharedStore(4);
    const limiter = new WriteBehindRateLimiter(store, 4);
    const answers: boolean[] = [];
    for (let i = 0; i < 6; i++) answers.push(await admitted(limiter));
    expect(answers).toEqual([true, true, true, true, false, false]);
    // First: asked; second: local (2 of 4); third: asked with the unsent one (3); fourth: asked (4); then refused from memory.
    expect(calls).toEqual([['k', 1], ['k', 2], ['k', 1]]);
    expect(await total('k')).toBe(4);
    const refusal = await limiter.consume('k').catch((rejection: RateLimiterRes) => rejection);
    expect(refusal).toBeInstanceOf(RateLimiterRes);
    expect(refusal.remainingPoints).toBe(0);
    expect(refusal.msBeforeNext).toBeGreaterThan(50_000);
  });

  it('holds the limit across processes sharing the store: the unsent counts of the others are at most their last 100 ms', async () => {
    const { store, total } = sharedStore(10);
    const a = new WriteBehindRateLimiter(store, 10);
    const b = new WriteBehindRateLimiter(store, 10);
    let admittedCount = 0;
    for (let i = 0; i < 30; i++) {
      if (await admitted(i % 2 === 0 ? a : b)) admittedCount++;
      await sleep(FLUSH_INTERVAL_MS / 4);
    }
    await Promise.all([a.flush(), b.flush()]);
    // Requests 25 ms apart, two processes: an overshoot is what one process admitted locally within one flush interval.
    expect(admittedCount).toBeGreaterThanOrEqual(10);
    expect(admittedCount).toBeLessThanOrEqual(12);
    expect(await total('k')).toBeGreaterThanOrEqual(admittedCount);
  });

  it('adds every unsent count on flush (at shutdown), and a past window starts afresh', async () => {
    const { store, calls, total } = sharedStore(100);
    let now = Date.now();
    const limiter = new WriteBehindRateLimiter(store, 100, () => now);
    for (let i = 0; i < 3; i++) await limiter.consume('k');
    await limiter.flush();
    expect(calls).toEqual([['k', 1], ['k', 2]]);
    expect(await total('k')).toBe(3);

    await limiter.consume('k');
    now += 61_000; // the key's window has ended: its unsent count is dropped, the store is asked again
    await limiter.consume('k');
    await limiter.flush();
    expect(calls).toEqual([['k', 1], ['k', 2], ['k', 1]]);
  });

  it('forgets the keys whose window is over, so that clients seen once do not stay in memory', async () => {
    const { store } = sharedStore(100);
    let now = Date.now();
    const limiter = new WriteBehindRateLimiter(store, 100, () => now);
    for (let i = 0; i < 50; i++) await limiter.consume(`once-${i}`);
    expect(limiter.trackedKeys).toBe(50);
    now += 61_000; // their windows are over (as this process counts them)
    await limiter.consume('later');
    expect(limiter.trackedKeys).toBe(1);
  });
});
