import type { ExecutionContext } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';
import { RouteFlag } from './route-flag';

describe('RouteFlag', () => {
  class Controller {}
  const flagged = () => undefined;
  const plain = () => undefined;
  const contextOf = (handler: () => undefined) => ({ getHandler: () => handler, getClass: () => Controller }) as unknown as ExecutionContext;

  it('reads the metadata of each handler once and remembers the answer', () => {
    const lookups: unknown[] = [];
    const reflector = {
      getAllAndOverride: (key: string, targets: unknown[]) => {
        lookups.push(targets[0]);
        return key === 'isPublic' && targets[0] === flagged ? true : undefined;
      },
    } as unknown as Reflector;
    const flag = new RouteFlag(reflector, 'isPublic');
    for (let i = 0; i < 3; i++) {
      expect(flag.isSet(contextOf(flagged))).toBe(true);
      expect(flag.isSet(contextOf(plain))).toBe(false);
    }
    expect(lookups).toEqual([flagged, plain]);
  });
});
