import type { NextFunction, Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';

const VALID_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
/** Not logged: the orchestrator's probes would drown the rest. */
const UNLOGGED_PATH = '/health';

/** The request as the log shows it: what identifies it, never its header set (tokens, cookies, noise). */
export function serializeRequest(req: Request): Record<string, unknown> {
  return { method: req.method, url: req.originalUrl ?? req.url, remoteAddress: req.socket?.remoteAddress };
}

/**
 * The level of a request's line: a failure of the server is an error; a 4xx is the client's
 * business (bad input, unknown id, 401, 429), logged at info like any other answer.
 */
export function requestLogLevel(statusCode: number, error: unknown): 'error' | 'info' {
  return error !== undefined || statusCode >= 500 ? 'error' : 'info';
}

/** A request with its id (read by the exception filter to quote it in a 500). */
export type RequestWithId = Request & { id?: string };

/**
 * Every request gets an id (the caller's X-Request-Id when it is sane, else a random UUID), echoed
 * in the response, and exactly one log line when its response closes: method, url, client
 * address, status, response time, request id; an unexpected error's details go into that same
 * line (the exception filter hands them over as `res.err`). One logger call per request, and
 * only when its level is enabled: no child logger, no serialized request, no async context
 * (with LOG_LEVEL=warn a successful request writes and builds nothing).
 */
export function requestLog(logger: Logger): (req: RequestWithId, res: Response, next: NextFunction) => void {
  return (req, res, next) => {
    const given = req.headers['x-request-id'];
    const id = typeof given === 'string' && VALID_REQUEST_ID.test(given) ? given : randomUUID();
    req.id = id;
    res.setHeader('X-Request-Id', id);
    if (req.url !== UNLOGGED_PATH && logger.isLevelEnabled('error')) {
      const started = Date.now();
      res.once('close', () => {
        const err = (res as Response & { err?: unknown }).err;
        const level = requestLogLevel(res.statusCode, err);
        if (!logger.isLevelEnabled(level)) return;
        const line = { reqId: id, req: serializeRequest(req), res: { statusCode: res.statusCode }, err, responseTime: Date.now() - started };
        const message = !res.writableFinished ? 'request aborted' : level === 'error' ? 'request errored' : 'request completed';
        logger[level](line, message);
      });
    }
    next();
  };
}
