/**
 * Where a request lands: which site it may be for and under which base path, read from the
 * Host (or X-Forwarded-Host) header and the path, before any database lookup. A site is reached
 * in one of three ways:
 * - by path under PUBLISHED_URL: `{PUBLISHED_URL}/sites/{organizationId}/{basename or site id}/...`;
 * - by its custom hostname: `https://{hostname}/...` (the Host header names it);
 * - through its proxy (`host/path`): a reverse proxy at `example.com/docs` forwards
 *   `example.com/docs/...` with that Host (or X-Forwarded-Host);
 * - under its organization's subdomain of PUBLISHED_URL's host:
 *   `{subdomain}.{PUBLISHED_URL host}/{basename or site id}/...`.
 */

export interface PublishedOrigin {
  /** `scheme://host[:port]` of PUBLISHED_URL. */
  origin: string;
  /** Its host (with a port when not the scheme's default), lower case. */
  host: string;
  /** Its path, '' or like `/docs` (no trailing slash). */
  pathPrefix: string;
}

export function publishedOriginOf(publishedUrl: string): PublishedOrigin {
  const url = new URL(publishedUrl);
  return { origin: url.origin, host: url.host.toLowerCase(), pathPrefix: url.pathname.replace(/\/+$/, '') };
}

export type MountCandidate =
  /** A site by organization and basename (or id), under `basePath`. */
  | { kind: 'path'; organizationId: string; site: string; basePath: string; rest: string }
  /** A site by custom hostname, at the root of the host. */
  | { kind: 'hostname'; hostname: string; basePath: ''; rest: string }
  /** A site proxied at one of these origins (`host/path`), longest first. */
  | { kind: 'proxy'; origins: { origin: string; basePath: string; rest: string }[] }
  /** A site by its organization's subdomain and its basename (or id), under `basePath`. */
  | { kind: 'subdomain'; subdomain: string; site: string; basePath: string; rest: string };

/** An organization subdomain: one label of 3 to 32 lowercase letters, digits and inner dashes (the reference's `Subdomain`). */
export const SUBDOMAIN = /^[a-z0-9][a-z0-9-]{1,30}[a-z0-9]$/;

/** A custom hostname has three labels or more (the API's rule), the last one not a number (an IP address): anything else is not looked up. */
const HOSTNAME = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.){2,}[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** The segments of a path, or undefined when it is not one a site serves (dot segments, empty, encoded slashes). */
export function pathSegments(path: string): string[] | undefined {
  if (!path.startsWith('/')) return undefined;
  const segments = path.split('/').slice(1);
  if (segments.length > 0 && segments[segments.length - 1] === '') segments.pop();
  const out: string[] = [];
  for (const segment of segments) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return undefined;
    }
    if (decoded === '' || decoded === '.' || decoded === '..' || decoded.includes('/') || decoded.includes('\0')) return undefined;
    out.push(decoded);
  }
  return out;
}

const joinRest = (segments: string[]) => `/${segments.map(encodeURIComponent).join('/')}`;

/**
 * The ways a request may reach a site, in the order to try them: a path under PUBLISHED_URL on
 * its host first; on another host, its hostname, then (on `{label}.{PUBLISHED_URL host}`) an
 * organization's subdomain, then its proxies, then a path under PUBLISHED_URL's path (the same
 * server reached by another name: 127.0.0.1, a container name).
 */
export function mountCandidates(host: string, path: string, published: PublishedOrigin): MountCandidate[] {
  const segments = pathSegments(path);
  if (!segments) return [];
  const normalizedHost = host.trim().toLowerCase();
  const hostname = normalizedHost.replace(/:\d+$/, '');
  const byPath = (): MountCandidate[] => {
    const prefix = pathSegments(published.pathPrefix || '/') ?? [];
    if (segments.length < prefix.length + 3 || prefix.some((segment, i) => segments[i] !== segment) || segments[prefix.length] !== 'sites') return [];
    const [organizationId, site] = segments.slice(prefix.length + 1, prefix.length + 3);
    const basePath = `${published.pathPrefix}/sites/${encodeURIComponent(organizationId)}/${encodeURIComponent(site)}`;
    return [{ kind: 'path', organizationId, site, basePath, rest: joinRest(segments.slice(prefix.length + 3)) }];
  };
  if (normalizedHost === published.host) return byPath();
  const out: MountCandidate[] = [];
  if (HOSTNAME.test(hostname)) out.push({ kind: 'hostname', hostname, basePath: '', rest: joinRest(segments) });
  const label = normalizedHost.endsWith(`.${published.host}`) ? normalizedHost.slice(0, -published.host.length - 1) : undefined;
  if (label && SUBDOMAIN.test(label) && segments.length > 0) {
    out.push({ kind: 'subdomain', subdomain: label, site: segments[0], basePath: `/${encodeURIComponent(segments[0])}`, rest: joinRest(segments.slice(1)) });
  }
  const origins = [];
  for (let n = Math.min(segments.length, 5); n >= 1; n--) {
    const prefix = segments.slice(0, n);
    origins.push({ origin: `${hostname}/${prefix.join('/')}`, basePath: `/${prefix.map(encodeURIComponent).join('/')}`, rest: joinRest(segments.slice(n)) });
  }
  if (origins.length > 0) out.push({ kind: 'proxy', origins });
  return [...out, ...byPath()];
}
