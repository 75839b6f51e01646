import { CanActivate, ExecutionContext, ForbiddenException, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { APP_CONFIG, AppConfig, IS_PUBLIC, RouteFlag, SessionCookie } from '@docs/platform';
import type { Request, Response } from 'express';
import type { RequestWithCaller } from './caller';
import { TokenAuthenticator } from './token-authenticator';
import { isWellFormedToken } from '../tokens/token-value';
import { isCrossSiteWrite, originsOf } from '../sessions/cross-site-request';
import { SessionAuthenticator } from '../sessions/session-authenticator';

const BEARER = /^Bearer +(\S+) *$/i;

/**
 * Every route needs a credential unless marked @Public(): `Authorization: Bearer <token>`, or the
 * session cookie of a person signed in. A bearer token wins when both are present (a script's
 * token is what it means). A cookie-authenticated write from another site is refused (403)
 * before its handler runs, so it stores nothing; bearer tokens cannot be forged by a browser and
 * are not subject to that rule.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  private readonly isPublic: RouteFlag;
  private readonly cookie: SessionCookie;
  private readonly ownOrigins: ReadonlySet<string>;

  constructor(
    reflector: Reflector,
    private readonly tokens: TokenAuthenticator,
    private readonly sessions: SessionAuthenticator,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.isPublic = new RouteFlag(reflector, IS_PUBLIC);
    this.cookie = new SessionCookie(config.urls.app, config.sessions.maxSeconds);
    this.ownOrigins = originsOf(config.urls.app, config.urls.api);
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    if (this.isPublic.isSet(context)) return true;

    const http = context.switchToHttp();
    const request = http.getRequest<Request & RequestWithCaller>();
    const reject = (message: string): never => {
      http.getResponse<Response>().setHeader('WWW-Authenticate', 'Bearer');
      throw new UnauthorizedException(message);
    };

    const header = request.headers.authorization;
    if (!header) {
      const session = this.cookie.read(request.headers);
      if (session === undefined) reject('Authentication is required: send an API token as "Authorization: Bearer <token>", or sign in.');
      const caller = isWellFormedToken(session as string) ? await this.sessions.authenticate(session as string) : undefined;
      if (!caller) reject('The session has ended: sign in again.');
      if (isCrossSiteWrite(request.method, request.headers, this.ownOrigins)) {
        throw new ForbiddenException('A request that changes something must come from this application (its Origin is another site). Use an API token from other sites.');
      }
      request.caller = caller;
      return true;
    }
    const match = BEARER.exec(header);
    if (!match || !isWellFormedToken(match[1])) reject('The Authorization header must be "Bearer <token>".');
    const caller = await this.tokens.authenticate((match as RegExpExecArray)[1]);
    if (!caller) reject('The API token is unknown or has been revoked.');
    request.caller = caller;
    return true;
  }
}
