import type { ExecutionContext } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';

/**
 * A boolean set by a decorator on a route handler or its controller (`@Public()`,
 * `@SkipRateLimit()`), read once per route instead of on every request: decorators are
 * static, so the answer for a handler never changes.
 */
export class RouteFlag {
  private readonly known = new WeakMap<object, boolean>();

  constructor(
    private readonly reflector: Reflector,
    private readonly key: string,
  ) {}

  isSet(context: ExecutionContext): boolean {
    const handler = context.getHandler();
    let set = this.known.get(handler);
    if (set === undefined) {
      set = this.reflector.getAllAndOverride<boolean>(this.key, [handler, context.getClass()]) === true;
      this.known.set(handler, set);
    }
    return set;
  }
}
