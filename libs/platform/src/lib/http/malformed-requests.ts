import type { NextFunction, Request, Response } from 'express';
import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { sendError } from '../errors/error-body';
import { shortenEchoes } from '../errors/shorten-echoes';

/**
 * The NUL rule for query strings, whatever the route: a route without a query DTO never looks at
 * its query, but a NUL there is refused like a NUL anywhere else (docs/api-decisions.md, "Input
 * rules"). Routes with a query DTO get the same sentence from the validation pipe; this one runs
 * first, for every route. Cheap: the query is parsed only when its text holds `%00`.
 */
export function refuseNulInQuery(req: Request, res: Response, next: NextFunction): void {
  const url = req.originalUrl ?? req.url;
  const start = url.indexOf('?');
  if (start < 0 || !url.includes('%00', start)) return next();
  for (const [name, value] of new URLSearchParams(url.slice(start + 1))) {
    if (name.includes('\u0000')) return sendError(res, 400, shortenEchoes(`The query parameter name ${name} is not valid: it contains the NUL character (U+0000).`, [name]));
    if (value.includes('\u0000')) return sendError(res, 400, shortenEchoes(`${name} must not contain the NUL character (U+0000)`, [name]));
  }
  next();
}

/** What Node's HTTP parser refused, told in the API's error shape. */
const PARSE_ERRORS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'The request headers are too large.'],
  HPE_INVALID_HEADER_TOKEN: [400, 'A request header is not valid: header names and values must not contain control characters such as NUL (U+0000).'],
  HPE_INVALID_URL: [400, 'The request target is not valid: it must not contain control characters such as NUL (U+0000), nor spaces.'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request took too long to arrive.'],
};

/**
 * Requests Node's HTTP parser refuses (a NUL or another control character in a header or in
 * the request line, oversized headers) never reach Express: Node answers a bare 400 without a
 * body. This answers them in the error shape of every other 4xx, then closes the connection.
 */
export function answerMalformedRequests(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const [status, message] = PARSE_ERRORS[error.code ?? ''] ?? [400, 'The request is not valid HTTP.'];
    const body = JSON.stringify({ error: { code: status, message } });
    const reason = status === 431 ? 'Request Header Fields Too Large' : status === 408 ? 'Request Timeout' : 'Bad Request';
    socket.end(`HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  });
}
