import { CanActivate, ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { IS_PUBLIC, RouteFlag } from '@docs/platform';
import type { Request, Response } from 'express';
import type { RequestWithCaller } from './caller';
import { TokenAuthenticator } from './token-authenticator';
import { isWellFormedToken } from '../tokens/token-value';

const BEARER = /^Bearer +(\S+) *$/i;

/** Every route needs `Authorization: Bearer <token>` unless marked @Public(). */
@Injectable()
export class AuthGuard implements CanActivate {
  private readonly isPublic: RouteFlag;

  constructor(
    reflector: Reflector,
    private readonly authenticator: TokenAuthenticator,
  ) {
    this.isPublic = new RouteFlag(reflector, IS_PUBLIC);
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
    if (!header) reject('Authentication is required: send an API token as "Authorization: Bearer <token>".');
    const match = BEARER.exec(header as string);
    if (!match || !isWellFormedToken(match[1])) reject('The Authorization header must be "Bearer <token>".');
    const caller = await this.authenticator.authenticate((match as RegExpExecArray)[1]);
    if (!caller) reject('The API token is unknown or has been revoked.');
    request.caller = caller;
    return true;
  }
}
