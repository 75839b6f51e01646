/**
 * The cookies a site keeps for its visitor, per site (the site id names them): the share key
 * of a share link (`?share=`), and the visitor token of a visitor-auth site (`?jwt_token=`).
 * HttpOnly (no script reads them), SameSite=Lax, scoped to the site's base path, Secure over
 * HTTPS. A share key cookie is dropped as soon as its link stops opening the site.
 */
export const shareCookieName = (siteId: string) => `site_share_${siteId}`;
export const visitorCookieName = (siteId: string) => `site_visitor_${siteId}`;

/** The cookies of a `Cookie` header (the first of a name wins; values percent-decoded). */
export function parseCookies(header: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  if (!header) return out;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (!name || out.has(name)) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      out.set(name, decodeURIComponent(value));
    } catch {
      out.set(name, value);
    }
  }
  return out;
}

export interface CookieOptions {
  path: string;
  secure: boolean;
  /** Seconds; 0 removes the cookie; absent: for the browser session. */
  maxAge?: number;
}

export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${options.path || '/'}`, 'HttpOnly', 'SameSite=Lax'];
  if (options.maxAge !== undefined) parts.push(`Max-Age=${Math.max(0, Math.floor(options.maxAge))}`);
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}
