import { ExecutionContext, Injectable } from '@nestjs/common';
import { ThrottlerGuard } from '@nestjs/throttler';
import { createHash } from 'node:crypto';
import type { Request } from 'express';

/**
 * Requests per minute, counted per API token (per client address for requests without one).
 * Beyond the limit: 429 with Retry-After. Counters live in this process's memory: run one
 * api process, or give each of several its share of the limit.
 */
@Injectable()
export class TokenRateLimitGuard extends ThrottlerGuard {
  protected override async getTracker(req: Record<string, unknown>): Promise<string> {
    const request = req as unknown as Request;
    const header = request.headers?.authorization;
    if (typeof header === 'string' && header.startsWith('Bearer ')) {
      return `token:${createHash('sha256').update(header.slice(7)).digest('base64url')}`;
    }
    return `ip:${request.ip ?? 'unknown'}`;
  }

  protected override async shouldSkip(context: ExecutionContext): Promise<boolean> {
    return context.getType() !== 'http';
  }
}
