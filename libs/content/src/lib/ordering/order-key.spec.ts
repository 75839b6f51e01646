import { assertOrderKey, isOrderKey, keyBetween } from './order-key';

/** A tiny deterministic PRNG, so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

describe('order keys', () => {
  it('starts an empty list at a0 and appends short integers', () => {
    expect(keyBetween(null, null)).toBe('a0');
    expect(keyBetween('a0', null)).toBe('a1');
    expect(keyBetween('a9', null)).toBe('aA');
    expect(keyBetween('az', null)).toBe('b00');
    expect(keyBetween('b0z', null)).toBe('b10');
  });

  it('prepends by decrementing the integer part', () => {
    expect(keyBetween(null, 'a0')).toBe('Zz');
    expect(keyBetween(null, 'a1')).toBe('a0');
    expect(keyBetween(null, 'a0V')).toBe('a0');
    expect(keyBetween(null, 'Z0')).toBe('Yzz');
  });

  it('finds a key between two neighbours', () => {
    expect(keyBetween('a0', 'a1')).toBe('a0V');
    expect(keyBetween('a0', 'a0V')).toBe('a0G');
    expect(keyBetween('a0V', 'a1')).toBe('a0l');
    expect(keyBetween('a0', 'a2')).toBe('a1');
    expect(keyBetween('a0z', 'a1')).toBe('a0zV');
    expect(keyBetween('Zz', 'a0')).toBe('ZzV');
  });

  it('refuses keys out of order, equal keys and malformed keys', () => {
    expect(() => keyBetween('a1', 'a0')).toThrow();
    expect(() => keyBetween('a1', 'a1')).toThrow();
    expect(() => keyBetween('a0V0', null)).toThrow(/cannot end in 0/);
    expect(() => keyBetween('0', null)).toThrow(/first character/);
    expect(() => keyBetween('b0', null)).toThrow(/cut short/);
    expect(() => keyBetween('a-', null)).toThrow(/base-62/);
    expect(() => assertOrderKey('')).toThrow();
  });

  it('sorts the same way in JavaScript and byte by byte', () => {
    const keys = ['Zz', 'a0', 'a0V', 'a1', 'aA', 'aa', 'az', 'b00'];
    const bytes = [...keys].sort((x, y) => Buffer.compare(Buffer.from(x), Buffer.from(y)));
    expect(bytes).toEqual(keys);
    expect([...keys].sort()).toEqual(keys);
  });

  it('keeps a list ordered through thousands of random insertions', () => {
    const next = random(42);
    const list: string[] = [];
    for (let i = 0; i < 3000; i++) {
      const at = Math.floor(next() * (list.length + 1));
      const key = keyBetween(list[at - 1] ?? null, list[at] ?? null);
      expect(isOrderKey(key)).toBe(true);
      if (at > 0) expect(list[at - 1] < key).toBe(true);
      if (at < list.length) expect(key < list[at]).toBe(true);
      list.splice(at, 0, key);
    }
    expect([...list].sort()).toEqual(list);
    expect(new Set(list).size).toBe(list.length);
  });

  it('stays short when appending or prepending many times', () => {
    let last: string | null = null;
    for (let i = 0; i < 10_000; i++) last = keyBetween(last, null);
    expect(last!.length).toBeLessThanOrEqual(4);
    let first: string | null = null;
    for (let i = 0; i < 10_000; i++) first = keyBetween(null, first);
    expect(first!.length).toBeLessThanOrEqual(4);
  });

  it('grows by about one character per six insertions at the same spot', () => {
    let low = 'a0';
    const high = 'a1';
    for (let i = 0; i < 60; i++) low = keyBetween(low, high);
    expect(low.length).toBeLessThanOrEqual(2 + 12);
  });
});
