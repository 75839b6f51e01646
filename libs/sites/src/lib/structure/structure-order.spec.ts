import { keyFor, keysBetween } from './structure-order';
import { slugOf, uniquePath } from './paths';

describe('structure order', () => {
  const items = [
    { id: 'a', position: 'a0' },
    { id: 'b', position: 'a1' },
    { id: 'c', position: 'a2' },
  ];

  it('places at the end, before and after an anchor, between its neighbours', () => {
    expect(keyFor([], { side: 'end' })).toBe('a0');
    expect(keyFor(items, { side: 'end' }) > 'a2').toBe(true);
    const before = keyFor(items, { side: 'before', anchorId: 'b' });
    expect(before > 'a0' && before < 'a1').toBe(true);
    const first = keyFor(items, { side: 'before', anchorId: 'a' });
    expect(first < 'a0').toBe(true);
    const after = keyFor(items, { side: 'after', anchorId: 'c' });
    expect(after > 'a2').toBe(true);
    expect(() => keyFor(items, { side: 'after', anchorId: 'z' })).toThrow('not among the siblings');
  });

  it('makes increasing keys between two neighbours', () => {
    const keys = keysBetween('a0', 'a1', 5);
    expect(keys).toEqual([...keys].sort());
    expect(keys.every((k) => k > 'a0' && k < 'a1')).toBe(true);
    expect(new Set(keys).size).toBe(5);
  });
});

describe('paths', () => {
  it('slugs titles and makes them unique', () => {
    expect(slugOf('Getting Started – Été!', 'x')).toBe('getting-started-ete');
    expect(slugOf('***', 'space')).toBe('space');
    expect(slugOf('a'.repeat(150), 'x')).toHaveLength(100);
    expect(uniquePath('api', new Set(['api', 'api-2']))).toBe('api-3');
    expect(uniquePath('b'.repeat(100), new Set(['b'.repeat(100)]))).toBe(`${'b'.repeat(98)}-2`);
  });
});
