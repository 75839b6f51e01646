import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Whether an Authorization header carries the metrics bearer token. Compared as SHA-256 digests
 * (same length whatever was sent), in constant time.
 */
export function carriesMetricsToken(header: string | string[] | undefined, token: string): boolean {
  if (typeof header !== 'string') return false;
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  if (!match) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(match[1]), digest(token));
}
