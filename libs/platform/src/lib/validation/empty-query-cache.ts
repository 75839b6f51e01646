import type { Type } from '@nestjs/common';

/**
 * Most reads come without a query string, and validating `{}` against a query DTO gives the
 * same answer every time. This remembers, per DTO class, the instance that validation made of
 * `{}` (its defaults), so the pipe can hand out copies of it instead of running
 * class-transformer and class-validator again. Only successes are kept: a DTO with a required
 * query field is validated every time, and so refuses `{}` every time with its own message.
 */
export class EmptyQueryCache {
  private readonly validated = new Map<Type<unknown>, object>();

  /** A fresh copy of what validating `{}` gave for this DTO, or undefined when not known yet. */
  copy(metatype: Type<unknown>): object | undefined {
    const known = this.validated.get(metatype);
    return known ? Object.assign(new metatype() as object, known) : undefined;
  }

  remember(metatype: Type<unknown>, transformed: unknown): void {
    if (transformed instanceof metatype) this.validated.set(metatype, { ...(transformed as object) });
  }
}

/** An object with no keys of its own: a request without a query string. */
export function isEmptyQuery(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  for (const key in value) if (Object.prototype.hasOwnProperty.call(value, key)) return false;
  return true;
}
