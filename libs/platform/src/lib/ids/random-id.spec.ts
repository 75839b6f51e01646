import { newId, randomBase62 } from './random-id';

describe('ids', () => {
  it('are 20 base62 characters', () => {
    expect(newId()).toMatch(/^[0-9A-Za-z]{20}$/);
  });

  it('do not repeat', () => {
    const ids = new Set(Array.from({ length: 10_000 }, () => newId()));
    expect(ids.size).toBe(10_000);
  });

  it('use the whole alphabet', () => {
    const seen = new Set(randomBase62(20_000));
    expect(seen.size).toBe(62);
  });
});
