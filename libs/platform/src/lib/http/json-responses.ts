import type { Express, Response } from 'express';

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

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
      return expressJson.call(this, body);
    }
    const text = JSON.stringify(body) as string | undefined;
    if (text === undefined) return expressJson.call(this, body);
    this.setHeader('Content-Type', JSON_CONTENT_TYPE);
    this.setHeader('Content-Length', Buffer.byteLength(text));
    this.end(text);
    return this;
  };
}
