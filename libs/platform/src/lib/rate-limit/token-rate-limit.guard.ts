import { CanActivate, ExecutionContext, HttpException, HttpStatus, Inject, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/app-config.token';

const SKIP_RATE_LIMIT = 'skipRateLimit';

/** Exempts a route from the rate limit (health checks). */
export const SkipRateLimit = () => SetMetadata(SKIP_RATE_LIMIT, true);

/**
 * RATE_LIMIT_PER_MINUTE requests per minute, counted per bearer token (per client address for
 * requests without one), in fixed one-minute windows: O(1) per request. Every answer carries
 * X-RateLimit-Limit, -Remaining and -Reset; beyond the limit, 429 with Retry-After. Counters
 * live in this process's memory: with several api processes, each counts on its own.
 */
@Injectable()
export class TokenRateLimitGuard implements CanActivate {
  private readonly limiter: RateLimiterMemory;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly reflector: Reflector,
  ) {
    this.limiter = new RateLimiterMemory({ points: config.rateLimitPerMinute, duration: 60 });
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    if (this.reflector.getAllAndOverride<boolean>(SKIP_RATE_LIMIT, [context.getHandler(), context.getClass()])) return true;
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    const response = http.getResponse<Response>();
    const header = request.headers.authorization;
    const key = header ? `auth:${header}` : `ip:${request.ip ?? 'unknown'}`;
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

  private setHeaders(response: Response, result: RateLimiterRes): void {
    response.setHeader('X-RateLimit-Limit', String(this.config.rateLimitPerMinute));
    response.setHeader('X-RateLimit-Remaining', String(result.remainingPoints));
    response.setHeader('X-RateLimit-Reset', String(Math.ceil(result.msBeforeNext / 1000)));
  }
}
