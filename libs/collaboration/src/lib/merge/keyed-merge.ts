import stableStringify from 'fast-json-stable-stringify';

/** The outcome of a three-way merge of keyed entries: the merged entries and the keys in conflict. */
export interface KeyedMergeResult<T> {
  merged: [string, T][];
  /** Keys changed differently on both sides (the target's value is kept for them). */
  conflicts: string[];
}

const same = (a: unknown, b: unknown) => (a === undefined || b === undefined ? a === b : stableStringify(a) === stableStringify(b));

/**
 * Three-way merge of entries by key (reusable contents by id, variables by name), each compared
 * whole by JSON equality: changed (added, edited, removed) on one side only, that side wins;
 * changed identically on both, kept; changed differently, a conflict that keeps the target's
 * value. Order: the target's entries in its order, then those the source added, in the
 * source's order. Pure.
 */
export function mergeKeyed<T>(base: [string, T][], target: [string, T][], source: [string, T][]): KeyedMergeResult<T> {
  const b = new Map(base);
  const t = new Map(target);
  const s = new Map(source);
  const conflicts: string[] = [];
  const pick = (key: string): T | undefined => {
    const [bv, tv, sv] = [b.get(key), t.get(key), s.get(key)];
    if (same(sv, bv)) return tv;
    if (same(tv, bv) || same(tv, sv)) return sv;
    conflicts.push(key);
    return tv;
  };
  const merged: [string, T][] = [];
  const seen = new Set<string>();
  for (const key of [...t.keys(), ...s.keys(), ...b.keys()]) {
    if (seen.has(key)) continue;
    seen.add(key);
    const value = pick(key);
    if (value !== undefined) merged.push([key, value]);
  }
  return { merged, conflicts };
}
