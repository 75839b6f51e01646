import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Express } from 'express';

interface RouterLayer {
  route?: { path: unknown };
  match(path: string): unknown;
}

/** Where a route path stops being literal: a parameter, a wildcard, a group or an escape. */
const FIRST_SPECIAL = /[:*{}()[\]?+!\\]/;

/**
 * The literal start of a route path (`/v1/spaces/:spaceId/content` -> `/v1/spaces`), without a
 * trailing slash (routing is not strict), lower-cased unless routing is case-sensitive: no path
 * that does not start with it can match the route.
 */
export function literalPrefix(path: string, caseSensitive: boolean): string {
  const special = path.search(FIRST_SPECIAL);
  const literal = (special === -1 ? path : path.slice(0, special)).replace(/\/+$/, '');
  return caseSensitive ? literal : literal.toLowerCase();
}

/**
 * Express finds a request's route by trying every route in turn, each with its path-to-regexp
 * matcher: with ~150 routes, a request to one registered late ran dozens of regular expressions
 * (the router was ~7 % of the CPU of `GET /v1/spaces/{id}`). Once Nest has registered its routes,
 * each route's matcher is put behind a test of its literal prefix, so only routes that can match
 * run their matcher. Same routes, same order, same results (405 detection included): the test
 * only skips matchers that would fail.
 */
@Injectable()
export class RoutePrefilter implements OnApplicationBootstrap {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  onApplicationBootstrap(): void {
    const app = this.adapterHost.httpAdapter?.getInstance<Express>();
    const stack = (app as unknown as { router?: { stack?: RouterLayer[] } } | undefined)?.router?.stack;
    if (!app || !stack) return;
    prefilterRoutes(stack, app.get('case sensitive routing') === true);
  }
}

export function prefilterRoutes(stack: RouterLayer[], caseSensitive: boolean): void {
  // The last path seen, as compared: a request's path is tested against every route in a row.
  let lastPath = '';
  let lastCompared = '';
  for (const layer of stack) {
    const path = layer.route?.path;
    if (typeof path !== 'string') continue;
    const prefix = literalPrefix(path, caseSensitive);
    if (prefix.length === 0) continue;
    const match = layer.match;
    layer.match = function prefiltered(this: RouterLayer, requestPath: string) {
      if (typeof requestPath !== 'string') return match.call(this, requestPath);
      if (requestPath !== lastPath) {
        lastPath = requestPath;
        lastCompared = caseSensitive ? requestPath : requestPath.toLowerCase();
      }
      return lastCompared.startsWith(prefix) ? match.call(this, requestPath) : false;
    };
  }
}
