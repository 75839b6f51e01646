import type { Express, Request, Response } from 'express';
import { gzip } from 'node:zlib';

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** Smaller answers go as they are: compressing them costs more than it saves. */
export const COMPRESS_MIN_BYTES = 8 * 1024;

/**
 * A JSON answer serialized once and sent many times (a cached page tree): its bytes, and the
 * same bytes gzipped, compressed once (in the thread pool) the first time a client accepts gzip.
 */
export class SerializedJson {
  private gzipped?: Promise<Buffer>;

  private constructor(readonly bytes: Buffer) {}

  static of(value: unknown): SerializedJson {
    return new SerializedJson(Buffer.from(JSON.stringify(value)));
  }

  /** The bytes gzipped at level 9: done once for every later request. */
  gzip(): Promise<Buffer> {
    this.gzipped ??= compress(this.bytes, 9);
    return this.gzipped;
  }

  /** The parsed value (tests, callers of the services that return it). */
  value<T = unknown>(): T {
    return JSON.parse(this.bytes.toString('utf8')) as T;
  }
}

function compress(input: Buffer | string, level: number): Promise<Buffer> {
  return new Promise((resolve, reject) => gzip(input, { level }, (error, output) => (error ? reject(error) : resolve(output))));
}

/** The client takes gzip (Accept-Encoding, its q-values honoured by Express). */
function acceptsGzip(req: Request): boolean {
  const header = req.headers['accept-encoding'];
  return typeof header === 'string' && header.includes('gzip') && req.acceptsEncodings('gzip', 'identity') === 'gzip';
}

function writeBody(res: Response, body: Buffer | string, encoding?: 'gzip'): void {
  res.setHeader('Content-Type', JSON_CONTENT_TYPE);
  if (encoding) {
    res.setHeader('Content-Encoding', encoding);
    res.vary('Accept-Encoding');
  }
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(body);
}

/** Sends `plain` (a JSON text of COMPRESS_MIN_BYTES or more), gzipped when the client takes it. */
function sendLarge(res: Response, plain: Buffer | string, gzipped: () => Promise<Buffer>): void {
  if (!acceptsGzip(res.req)) {
    res.vary('Accept-Encoding');
    writeBody(res, plain);
    return;
  }
  gzipped().then(
    (compressed) => {
      if (!res.headersSent && !res.destroyed) writeBody(res, compressed, 'gzip');
    },
    () => {
      if (!res.headersSent && !res.destroyed) writeBody(res, plain);
    },
  );
}

/**
 * How the app writes the JSON a handler returns (Nest replies with `res.json`).
 *
 * - No ETag computed from the body: Express would hash every response (SHA-1) to let a client
 *   revalidate reads that answer from the database anyway. The ETags the API means (a content
 *   revision, set by its handlers) stay, and so do their conditional requests (`If-None-Match`
 *   answers 304 as before: Express checks freshness against any ETag a handler set).
 * - A direct write for the common case: a GET or a write answering a JSON body, with no
 *   Content-Type of its own and no conditional request headers. Everything else (HEAD, 204/304,
 *   conditional requests, a handler's own Content-Type, JSON settings) goes through Express's
 *   `res.json` unchanged. The direct write gives exactly what Express would: the same body,
 *   `Content-Type: application/json; charset=utf-8` and `Content-Length`, without re-parsing the
 *   Content-Type, hashing the body or evaluating freshness for a request that cannot be fresh.
 * - Answers of COMPRESS_MIN_BYTES or more are gzipped when the client accepts it (level 1, in
 *   the thread pool, so the event loop goes on serving), with `Vary: Accept-Encoding`.
 * - A `SerializedJson` body (JSON serialized once, e.g. a cached page tree) is sent as its bytes,
 *   and gzipped once for every client that accepts it.
 */
export function writeJsonDirectly(app: Express): void {
  app.set('etag', false);
  if (app.get('json replacer') !== undefined || app.get('json spaces') !== undefined || app.get('json escape')) return;
  const response = app.response as Response;
  const expressJson = response.json;
  response.json = function json(this: Response, body: unknown): Response {
    const req = this.req;
    const headers = req.headers;
    if (
      req.method === 'HEAD' ||
      this.statusCode === 204 ||
      this.statusCode === 304 ||
      headers['if-none-match'] !== undefined ||
      headers['if-modified-since'] !== undefined ||
      this.getHeader('Content-Type') !== undefined
    ) {
      if (body instanceof SerializedJson) {
        // Express's send: freshness (304) and HEAD, as for any other body.
        if (this.getHeader('Content-Type') === undefined) this.setHeader('Content-Type', JSON_CONTENT_TYPE);
        return this.send(body.bytes);
      }
      return expressJson.call(this, body);
    }
    if (body instanceof SerializedJson) {
      if (body.bytes.length < COMPRESS_MIN_BYTES) writeBody(this, body.bytes);
      else sendLarge(this, body.bytes, () => body.gzip());
      return this;
    }
    const text = JSON.stringify(body) as string | undefined;
    if (text === undefined) return expressJson.call(this, body);
    if (text.length < COMPRESS_MIN_BYTES) writeBody(this, text);
    else sendLarge(this, text, () => compress(text, 1));
    return this;
  };
}
