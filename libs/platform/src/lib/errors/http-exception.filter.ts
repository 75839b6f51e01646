import { ArgumentsHost, Catch, ExceptionFilter, HttpException, NotFoundException } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Express, Request, Response } from 'express';
import { QueryFailedError } from 'typeorm';
import { defaultMessage, messageOf } from './http-error-messages';
import { sendError } from './error-body';
import { allowedMethods, isCatchAll } from './route-table';
import { shortenEchoes } from './shorten-echoes';

const UNIQUE_VIOLATION = '23505';

/**
 * Whether a route handler took the request (its 404 means "no such resource"). Nest mounts
 * middleware as catch-all routes (`/{*path}`), so a request no handler matched still has a
 * `req.route`: theirs.
 */
function servedByHandler(req: Request): boolean {
  const path = (req.route as { path?: unknown } | undefined)?.path;
  return typeof path === 'string' && !isCatchAll(path);
}

/**
 * Writes every failure in the conventions' shape. Unexpected errors become a 500 with a
 * generic message quoting the request id; their details go only to the log, in the request's
 * one line (`res.err`, which the request logger writes with the status and the request id).
 */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const req = http.getRequest<Request & { id?: string }>();
    const res = http.getResponse<Response>();

    if (exception instanceof NotFoundException && !servedByHandler(req)) {
      // No route matched: 405 when the path exists under another method.
      const allow = allowedMethods(this.adapterHost.httpAdapter.getInstance<Express>(), req.path);
      if (allow.length > 0) {
        res.setHeader('Allow', allow.join(', '));
        return sendError(res, 405, `The method ${req.method} is not allowed on ${req.path}; allowed: ${allow.join(', ')}.`);
      }
      return sendError(res, 404, shortenEchoes(`No route matches ${req.method} ${req.path}.`, [req.path]));
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      if (status >= 500) (res as unknown as { err?: unknown }).err = exception;
      return sendError(res, status, shortenEchoes(messageOf(exception), [req.params, req.query, req.body]));
    }
    if (exception instanceof QueryFailedError && (exception.driverError as { code?: string })?.code === UNIQUE_VIOLATION) {
      return sendError(res, 409, defaultMessage(409));
    }
    (res as unknown as { err?: unknown }).err = exception;
    sendError(res, 500, `${defaultMessage(500)} Quote the request id ${req.id ?? 'unknown'} when reporting it.`);
  }
}
