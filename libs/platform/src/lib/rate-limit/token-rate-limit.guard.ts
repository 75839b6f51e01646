import { BeforeApplicationShutdown, CanActivate, ExecutionContext, HttpException, HttpStatus, Inject, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { createHash } from 'node:crypto';
import { RateLimiterAbstract, RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/app-config.token';
import { SqlPool } from '../database/sql-pool';
import { RouteFlag } from '../http/route-flag';
import { SessionCookie } from '../http/session-cookie';
import { WriteBehindRateLimiter } from './write-behind-rate-limiter';

const SKIP_RATE_LIMIT = 'skipRateLimit';
const WINDOW_SECONDS = 60;
/** Created by migration 1795252000000 (UNLOGGED: counters need no durability). */
export const RATE_LIMIT_TABLE = 'rate_limit_counters';

/** Exempts a route from the rate limit (health checks). */
export const SkipRateLimit = () => SetMetadata(SKIP_RATE_LIMIT, true);

/**
 * RATE_LIMIT_PER_MINUTE requests per minute, counted per bearer token, per session (a person
 * signed in from a browser: the session cookie), or per client address for requests with
 * neither, in fixed one-minute windows. Every answer carries X-RateLimit-Limit,
 * -Remaining and -Reset; beyond the limit, 429 with Retry-After.
 *
 * With RATE_LIMIT_STORE=postgres (the default) the counters live in PostgreSQL (an UNLOGGED
 * table, rate-limiter-flexible's upsert), so the limit holds across every api process on the
 * database. Not one statement per request: `WriteBehindRateLimiter` asks PostgreSQL on a key's
 * first request, counts locally while the key is in the first half of its budget (adding the
 * counts every 100 ms), and asks on every request of the second half, so the limit is exact. A
 * client over its limit is refused from memory until its window ends, and should the database
 * fail, each process counts in its own memory meanwhile. RATE_LIMIT_STORE=memory counts per
 * process, without any statement.
 * Credentials are never stored: counters are keyed by the SHA-256 of the Authorization header,
 * or of the session cookie's value.
 */
@Injectable()
export class TokenRateLimitGuard implements CanActivate, BeforeApplicationShutdown {
  private readonly limiter: RateLimiterAbstract | WriteBehindRateLimiter;
  private readonly skipped: RouteFlag;
  private readonly sessionCookie: SessionCookie;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    reflector: Reflector,
    sql: SqlPool,
  ) {
    this.skipped = new RouteFlag(reflector, SKIP_RATE_LIMIT);
    this.sessionCookie = new SessionCookie(config.urls.app, config.sessions.maxSeconds);
    const points = config.rateLimitPerMinute;
    const memory = new RateLimiterMemory({ points, duration: WINDOW_SECONDS });
    this.limiter =
      config.rateLimitStore === 'memory'
        ? memory
        : new WriteBehindRateLimiter(
            new RateLimiterPostgres({
              storeClient: sql.raw,
              storeType: 'pool',
              tableName: RATE_LIMIT_TABLE,
              tableCreated: true,
              keyPrefix: 'api',
              points,
              duration: WINDOW_SECONDS,
              inMemoryBlockOnConsumed: points + 1,
              insuranceLimiter: memory,
            }),
            points,
          );
  }

  /** Counts admitted but not yet shared are added before the pool closes (after the requests in flight). */
  async beforeApplicationShutdown(): Promise<void> {
    if (this.limiter instanceof WriteBehindRateLimiter) await this.limiter.flush();
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    if (this.skipped.isSet(context)) return true;
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    const response = http.getResponse<Response>();
    const key = this.keyOf(request);
    try {
      this.setHeaders(response, await this.limiter.consume(key));
      return true;
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      this.setHeaders(response, rejection);
      response.setHeader('Retry-After', String(Math.max(1, Math.ceil(rejection.msBeforeNext / 1000))));
      throw new HttpException(
        `Too many requests: the limit is ${this.config.rateLimitPerMinute} per minute; retry after the delay given in Retry-After.`,
        HttpStatus.TOO_MANY_REQUESTS,
      );
    }
  }

  private keyOf(request: Request): string {
    const header = request.headers.authorization;
    if (header) return `auth:${createHash('sha256').update(header).digest('base64url')}`;
    const session = this.sessionCookie.read(request.headers);
    if (session) return `session:${createHash('sha256').update(session).digest('base64url')}`;
    return `ip:${request.ip ?? 'unknown'}`;
  }

  private setHeaders(response: Response, result: RateLimiterRes): void {
    response.setHeader('X-RateLimit-Limit', String(this.config.rateLimitPerMinute));
    response.setHeader('X-RateLimit-Remaining', String(result.remainingPoints));
    response.setHeader('X-RateLimit-Reset', String(Math.ceil(result.msBeforeNext / 1000)));
  }
}
