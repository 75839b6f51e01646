import { mergeKeyed } from './keyed-merge';

type Entry = { id: string; title: string; document?: string };
const entry = (id: string, title: string, document?: string): [string, Entry] => [id, { id, title, ...(document ? { document } : {}) }];

describe('mergeKeyed (reusable contents by id, variables by name)', () => {
  const base = [entry('a', 'A', 'h1'), entry('b', 'B'), entry('c', 'C')];

  it('takes what changed on one side only: added, edited, removed', () => {
    const target = [entry('a', 'A', 'h1'), entry('b', 'B2'), entry('c', 'C'), entry('t', 'T')];
    const source = [entry('a', 'A', 'h2'), entry('b', 'B'), entry('s', 'S')];
    const { merged, conflicts } = mergeKeyed(base, target, source);
    expect(conflicts).toEqual([]);
    expect(merged).toEqual([entry('a', 'A', 'h2'), entry('b', 'B2'), entry('t', 'T'), entry('s', 'S')]);
  });

  it('keeps a change made identically on both sides, also an identical removal', () => {
    const both = [entry('a', 'A', 'h9'), entry('b', 'B')];
    expect(mergeKeyed(base, both, both)).toEqual({ merged: both, conflicts: [] });
  });

  it('reports different changes of one entry as a conflict, keeping the target value', () => {
    const target = [entry('a', 'A', 'h2'), entry('b', 'B'), entry('c', 'C2')];
    const source = [entry('a', 'A', 'h3'), entry('b', 'B')];
    const { merged, conflicts } = mergeKeyed(base, target, source);
    // a: edited differently; c: edited on the target, removed on the source.
    expect(conflicts).toEqual(['a', 'c']);
    expect(merged).toEqual([entry('a', 'A', 'h2'), entry('b', 'B'), entry('c', 'C2')]);
  });

  it('reports the same key added with different values on both sides', () => {
    const { conflicts } = mergeKeyed<number | string>([], [['v', 1]], [['v', 'one']]);
    expect(conflicts).toEqual(['v']);
    expect(mergeKeyed<number>([], [['v', 1]], [['v', 1]])).toEqual({ merged: [['v', 1]], conflicts: [] });
  });

  it('leaves everything as the target has it when the source changed nothing', () => {
    const target = [entry('c', 'C'), entry('a', 'A', 'h5')];
    expect(mergeKeyed(base, target, base)).toEqual({ merged: target, conflicts: [] });
  });
});
