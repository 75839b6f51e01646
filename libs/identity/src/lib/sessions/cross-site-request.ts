import type { IncomingHttpHeaders } from 'node:http';

/** The methods that change something: a cookie-authenticated one must come from our own pages. */
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Whether a request that a browser made on its own cookie came from another site (a forged
 * request, CSRF). Browsers send `Origin` on every such request, and `Sec-Fetch-Site` when they
 * know it: an `Origin` that is not one of ours, or `null` (a sandboxed frame, a redirect across
 * sites), is foreign; without `Origin`, `Sec-Fetch-Site: cross-site` or `same-site` (a sibling
 * subdomain is another party) is. A request with neither comes from no browser (curl presenting
 * a cookie by hand) and is taken. Safe methods never change anything and are not checked.
 */
export function isCrossSiteWrite(method: string, headers: IncomingHttpHeaders, ownOrigins: ReadonlySet<string>): boolean {
  if (!UNSAFE_METHODS.has(method.toUpperCase())) return false;
  const origin = headers.origin;
  if (origin !== undefined) return !ownOrigins.has(origin.toLowerCase());
  const site = headers['sec-fetch-site'];
  return site === 'cross-site' || site === 'same-site';
}

/** The origins (scheme://host[:port], lower case) of the configured URLs. */
export function originsOf(...urls: string[]): ReadonlySet<string> {
  return new Set(urls.map((url) => new URL(url).origin.toLowerCase()));
}
