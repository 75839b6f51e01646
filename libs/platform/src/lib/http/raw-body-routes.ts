import type { Request } from 'express';

/**
 * Routes whose request body is raw bytes, streamed by their handler (file uploads): neither the
 * "bodies are JSON" rule (415) nor the JSON parser touches them. A space's files, and the same
 * operation under a change request. The import routes too when their body is the file to import
 * (`takesRawImportBody`).
 */
const RAW_BODY_ROUTES = [/^\/v1\/spaces\/[^/]+\/content\/files\/?$/, /^\/v1\/spaces\/[^/]+\/change-requests\/[^/]+\/content\/files\/?$/];

export function takesRawBody(req: Pick<Request, 'method' | 'path' | 'headers'>): boolean {
  return (req.method === 'POST' && RAW_BODY_ROUTES.some((route) => route.test(req.path))) || takesRawImportBody(req);
}

/**
 * Media types an import route takes as the raw file to import (streamed to a temporary file by
 * the handler, bounded by IMPORT_MAX_BYTES) instead of a JSON `{url, source}` body.
 */
export const IMPORT_BODY_TYPES = [
  'application/zip',
  'application/x-zip-compressed',
  'application/octet-stream',
  'text/markdown',
  'text/html',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
] as const;

/** The media type of a request's body, without parameters, lower case ('' when absent). */
export function bodyMediaType(req: Pick<Request, 'headers'>): string {
  return String(req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
}

/** An import route whose body is the file itself (one of `IMPORT_BODY_TYPES`). */
export function takesRawImportBody(req: Pick<Request, 'method' | 'path' | 'headers'>): boolean {
  return takesImportBody(req) && (IMPORT_BODY_TYPES as readonly string[]).includes(bodyMediaType(req));
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
