import type { Request } from 'express';

/**
 * Routes whose request body is raw bytes, streamed by their handler (file uploads): neither the
 * "bodies are JSON" rule (415) nor the JSON parser touches them. A space's files, and the same
 * operation under a change request.
 */
const RAW_BODY_ROUTES = [/^\/v1\/spaces\/[^/]+\/content\/files\/?$/, /^\/v1\/spaces\/[^/]+\/change-requests\/[^/]+\/content\/files\/?$/];

export function takesRawBody(req: Pick<Request, 'method' | 'path'>): boolean {
  return req.method === 'POST' && RAW_BODY_ROUTES.some((route) => route.test(req.path));
}

/**
 * Routes whose JSON body may be as large as `IMPORT_MAX_BYTES` allows (plus the base64 of a
 * `data:` URL): the content imports of a space, a page, and the same under a change request.
 */
const IMPORT_ROUTES = [
  /^\/v1\/spaces\/[^/]+\/content(\/page\/[^/]+)?\/import\/?$/,
  /^\/v1\/spaces\/[^/]+\/change-requests\/[^/]+\/content(\/page\/[^/]+)?\/import\/?$/,
];

export function takesImportBody(req: Pick<Request, 'method' | 'path'>): boolean {
  return req.method === 'POST' && IMPORT_ROUTES.some((route) => route.test(req.path));
}

/** The JSON body limit of the import routes: a data: URL of IMPORT_MAX_BYTES in base64, and room for the rest. */
export function importBodyLimit(importMaxBytes: number): number {
  return Math.ceil(importMaxBytes / 3) * 4 + 64 * 1024;
}
