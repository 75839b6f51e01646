import type { Caller } from './caller';
import { TokenCache } from './token-cache';

describe('TokenCache', () => {
  let now = 1_000;
  const caller = (userId: string): Caller => ({ userId, tokenId: `t-${userId}` });
  const openCache = (ttlMs = 100, maxEntries = 3) => {
    const cache = new TokenCache(() => now, ttlMs, maxEntries);
    cache.setOpen(true);
    return cache;
  };
  beforeEach(() => (now = 1_000));

  it('neither answers nor remembers while closed (notifications may be missed)', () => {
    const cache = new TokenCache(() => now);
    cache.remember('k', caller('a'), cache.generation);
    expect(cache.find('k')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('answers what it remembered until the entry is as old as its time to live', () => {
    const cache = openCache();
    cache.remember('k', caller('a'), cache.generation);
    expect(cache.find('k')).toEqual(caller('a'));
    now += 99;
    expect(cache.find('k')).toEqual(caller('a'));
    now += 1;
    expect(cache.find('k')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('does not remember a lookup that started before a clear (it may have read the row before the change)', () => {
    const cache = openCache();
    const generation = cache.generation;
    cache.clear();
    cache.remember('k', caller('a'), generation);
    expect(cache.find('k')).toBeUndefined();
    cache.remember('k', caller('a'), cache.generation);
    expect(cache.find('k')).toEqual(caller('a'));
  });

  it('forgets everything when closed, and lookups in flight then are not remembered after it reopens', () => {
    const cache = openCache();
    cache.remember('k', caller('a'), cache.generation);
    const inFlight = cache.generation;
    cache.setOpen(false);
    expect(cache.find('k')).toBeUndefined();
    cache.setOpen(true);
    expect(cache.find('k')).toBeUndefined();
    cache.remember('j', caller('b'), inFlight);
    expect(cache.find('j')).toBeUndefined();
  });

  it('holds at most its maximum, forgetting the oldest first', () => {
    const cache = openCache(1_000, 3);
    for (const key of ['a', 'b', 'c', 'd']) cache.remember(key, caller(key), cache.generation);
    expect(cache.size).toBe(3);
    expect(cache.find('a')).toBeUndefined();
    expect(cache.find('d')).toEqual(caller('d'));
    // Remembering a known key again does not push another out.
    cache.remember('d', caller('d'), cache.generation);
    expect(cache.find('b')).toEqual(caller('b'));
  });
});
