import type { NextFunction, Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Logger } from 'pino';
import type { RequestDurationHistogram } from '../metrics/request-duration-histogram';

const VALID_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
/** Neither logged nor timed: the orchestrator's probes and the scrapes would drown the rest. */
const UNLOGGED_PATH = '/health';
const METRICS_PATH = '/metrics';

/** A one-time link's secret (`?token=`: choosing a password, accepting an invitation) and a share link's key. */
const SECRET_QUERY_VALUE = /([?&](?:token|shareKey)=)[^&#]*/gi;

/** The request as the log shows it: what identifies it, never its header set (tokens, cookies, noise) nor a secret of its URL. */
export function serializeRequest(req: Request): Record<string, unknown> {
  const url = req.originalUrl ?? req.url;
  return { method: req.method, url: url.includes('=') ? url.replace(SECRET_QUERY_VALUE, '$1[redacted]') : url, remoteAddress: req.socket?.remoteAddress };
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

/** The route template a request matched (Express's `req.route`), or `unmatched` (404s, refused before routing). */
function routeOf(req: Request): string {
  const path = (req as Request & { route?: { path?: unknown } }).route?.path;
  return typeof path === 'string' ? path : 'unmatched';
}

/**
 * Every request gets an id (the caller's X-Request-Id when it is sane, else a random UUID), echoed
 * in the response, and exactly one log line when its response closes: method, url, client
 * address, status, response time, request id; an unexpected error's details go into that same
 * line (the exception filter hands them over as `res.err`). One logger call per request, and
 * only when its level is enabled: no child logger, no serialized request, no async context
 * (with LOG_LEVEL=warn a successful request writes and builds nothing).
 *
 * With `durations` (metrics are exposed), the same listener times the request into the
 * `http_request_duration_seconds` histogram by method, route template and status: a clock read
 * and one histogram observation, no other listener.
 */
export function requestLog(logger: Logger, durations?: RequestDurationHistogram): (req: RequestWithId, res: Response, next: NextFunction) => void {
  return (req, res, next) => {
    const given = req.headers['x-request-id'];
    const id = typeof given === 'string' && VALID_REQUEST_ID.test(given) ? given : randomUUID();
    req.id = id;
    res.setHeader('X-Request-Id', id);
    const logs = logger.isLevelEnabled('error');
    if ((logs || durations) && req.url !== UNLOGGED_PATH && req.url !== METRICS_PATH) {
      const started = Date.now();
      const startedPrecisely = durations ? performance.now() : 0;
      res.once('close', () => {
        if (durations) durations.observe(req.method, routeOf(req), res.statusCode, (performance.now() - startedPrecisely) / 1000);
        if (!logs) return;
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
