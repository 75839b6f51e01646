import type { IncomingMessage, ServerResponse } from 'node:http';
import { THEME_SCRIPT_CSP } from '@docs/site-renderer';
import type { CachedResponse } from '../cache/render-cache';

/**
 * What a page may load: its own site's files (styles, the script, images, KaTeX's fonts) and
 * images from anywhere (documents embed external images); scripts only the site's own and the
 * one inline theme script, by its hash; no plugins, no framing by other sites.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "img-src 'self' https: data:",
  "style-src 'self' 'unsafe-inline'",
  `script-src 'self' ${THEME_SCRIPT_CSP}`,
  // A site's own fonts (its customization's font faces) may come from any HTTPS origin.
  "font-src 'self' https:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

/** The policy of a preview's pages: the site's, but the app at `appOrigin` may frame them (its preview screen). */
export function previewContentSecurityPolicy(appOrigin: string): string {
  return CONTENT_SECURITY_POLICY.replace("frame-ancestors 'self'", `frame-ancestors 'self' ${appOrigin}`);
}

/** Answers with a status, headers and a body (no body for HEAD, 204 and 304). */
export function send(req: IncomingMessage, res: ServerResponse, status: number, headers: Record<string, string | string[]>, body: string | Buffer): void {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  const withLength = status === 304 || status === 204 ? headers : { ...headers, 'Content-Length': String(bytes.length) };
  res.writeHead(status, withLength);
  res.end(req.method === 'HEAD' || status === 304 || status === 204 ? undefined : bytes);
}

/** Whether the client accepts brotli. */
export function acceptsBrotli(req: IncomingMessage): boolean {
  const header = req.headers['accept-encoding'];
  return typeof header === 'string' && /\bbr\b/.test(header) && !/\bbr;q=0(\.0*)?\b/.test(header);
}

/**
 * A cached response: 304 when the client's If-None-Match names its ETag, else its bytes (brotli
 * when accepted). `headers` is the request's own object: completed in place (the hot path).
 */
export function sendCached(req: IncomingMessage, res: ServerResponse, entry: CachedResponse, headers: Record<string, string>): void {
  headers.ETag = entry.etag;
  const match = req.headers['if-none-match'];
  if (match && (match === entry.etag || match === '*' || match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === entry.etag))) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  headers['Content-Type'] = entry.contentType;
  const brotli = entry.br !== undefined && acceptsBrotli(req);
  if (brotli) headers['Content-Encoding'] = 'br';
  const body = brotli ? entry.br! : entry.body;
  headers['Content-Length'] = String(body.length);
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}
