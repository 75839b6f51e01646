import type { Type } from '@nestjs/common';

/** Distinct query strings remembered per DTO class; the least recently used go first. */
const ENTRIES_PER_DTO = 256;
/** Longer query strings are validated every time (and kept out of memory). */
const MAX_KEY_LENGTH = 512;

/**
 * Validating a query is a pure function of its parameters, and clients ask the same few again
 * and again (none, `limit=20`, a cursor...). This remembers, per DTO class, what validation made
 * of recent query strings, so the pipe hands out copies instead of running class-transformer and
 * class-validator on every read. Only successes are kept: a refused query is validated (and
 * refused with its own message) every time.
 */
export class QueryValidationCache {
  private readonly validated = new Map<Type<unknown>, Map<string, object>>();

  /** The key of a query's parameters, or undefined when it is not worth remembering. */
  keyOf(query: unknown): string | undefined {
    if (query === undefined) return '{}';
    if (typeof query !== 'object' || query === null) return undefined;
    const key = JSON.stringify(query);
    return key.length <= MAX_KEY_LENGTH ? key : undefined;
  }

  /** A fresh copy of what validating this query gave, or undefined when not known. */
  copy(metatype: Type<unknown>, key: string): object | undefined {
    const entries = this.validated.get(metatype);
    const known = entries?.get(key);
    if (!entries || !known) return undefined;
    entries.delete(key); // most recently used last
    entries.set(key, known);
    // A deep copy: a handler changing its query (an array in it) changes no later request.
    return Object.assign(new metatype() as object, structuredClone(known));
  }

  /** Keeps flat results only (primitives, arrays of them): nested objects would lose their class in a copy. */
  remember(metatype: Type<unknown>, key: string, transformed: unknown): void {
    if (!(transformed instanceof metatype) || !Object.values(transformed as object).every(isFlat)) return;
    let entries = this.validated.get(metatype);
    if (!entries) this.validated.set(metatype, (entries = new Map()));
    entries.set(key, structuredClone({ ...(transformed as object) }));
    if (entries.size > ENTRIES_PER_DTO) entries.delete(entries.keys().next().value as string);
  }
}

function isPrimitive(value: unknown): boolean {
  return value === null || (typeof value !== 'object' && typeof value !== 'function');
}

function isFlat(value: unknown): boolean {
  return isPrimitive(value) || (Array.isArray(value) && value.every(isPrimitive));
}
