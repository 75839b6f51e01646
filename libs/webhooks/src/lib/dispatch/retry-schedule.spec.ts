import { MAX_ATTEMPTS, nextRetryDelayMs, RETRY_SPAN_MS } from './retry-schedule';

describe('retry schedule', () => {
  it('backs off exponentially-ish over more than 24 hours, then gives up', () => {
    const delays = Array.from({ length: MAX_ATTEMPTS }, (_, i) => nextRetryDelayMs(i + 1));
    expect(delays).toEqual([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000, null]);
    expect(MAX_ATTEMPTS).toBe(8);
    expect(RETRY_SPAN_MS).toBeGreaterThan(24 * 3_600_000);
    expect(RETRY_SPAN_MS).toBe(((27 * 60 + 35) * 60 + 5) * 1000);
    for (let i = 1; i < delays.length - 1; i++) expect(delays[i]! >= delays[i - 1]!).toBe(true);
  });

  it('has no retry before a first attempt', () => {
    expect(() => nextRetryDelayMs(0)).toThrow();
  });
});
