/**
 * Request data is copied with these, never with `target[key] = value` or `Object.assign`: a key
 * named `__proto__` assigned that way replaces the copy's prototype instead of becoming a field,
 * and a lookup `record[key]` of `constructor` or `toString` finds Object.prototype's members
 * when the record has no such field (docs/api-decisions.md, "Input rules").
 */

/** Sets `key` as an own, enumerable field of `target`, whatever its name. */
export function defineOwn<T extends object>(target: T, key: string, value: unknown): T {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  return target;
}

/** `record[key]` when `record` has that field of its own; undefined otherwise (never an inherited member). */
export function ownValue(record: object, key: string): unknown {
  return Object.hasOwn(record, key) ? (record as Record<string, unknown>)[key] : undefined;
}

/** A copy of `entries` as a plain object whose every key is an own field (`__proto__` included). */
export function ownRecord<V>(entries: Iterable<readonly [string, V]>): Record<string, V> {
  const out: Record<string, V> = {};
  for (const [key, value] of entries) defineOwn(out, key, value);
  return out;
}

const PROTOTYPE_MEMBERS = new Set([...Object.getOwnPropertyNames(Object.prototype), 'prototype']);

/** Names that mean something to every object (`constructor`, `__proto__`, `toString`, `hasOwnProperty`...). */
export function isPrototypeMemberName(key: string): boolean {
  return PROTOTYPE_MEMBERS.has(key);
}
