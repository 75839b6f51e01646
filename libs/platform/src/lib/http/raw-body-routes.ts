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
