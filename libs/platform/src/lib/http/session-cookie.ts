import { parse, serialize } from 'cookie';
import type { IncomingHttpHeaders } from 'node:http';

const parsed = new WeakMap<IncomingHttpHeaders, Record<string, string | undefined>>();

/**
 * The session cookie. Over https it is `__Host-docs_session`: browsers then insist on Secure,
 * Path=/ and no Domain, so no other host (a sibling subdomain) can set or shadow it.
 */
export class SessionCookie {
  readonly name: string;
  private readonly secure: boolean;

  /** `appUrl`: the origin people sign in at (APP_URL); `maxAgeSeconds`: SESSION_MAX. */
  constructor(appUrl: string, private readonly maxAgeSeconds: number) {
    this.secure = new URL(appUrl).protocol === 'https:';
    this.name = this.secure ? '__Host-docs_session' : 'docs_session';
  }

  /**
   * The value the request carries, if any (the first one, should a browser send two). Parsed once
   * per request: the rate limit and the authentication both ask.
   */
  read(headers: IncomingHttpHeaders): string | undefined {
    const header = headers.cookie;
    if (!header || !header.includes(this.name)) return undefined;
    let values = parsed.get(headers);
    if (!values) {
      values = parse(header);
      parsed.set(headers, values);
    }
    return values[this.name] || undefined;
  }

  /** Set-Cookie for a new session: HttpOnly (no script reads it), SameSite=Lax (no cross-site POST carries it). */
  set(value: string): string {
    return serialize(this.name, value, { httpOnly: true, sameSite: 'lax', secure: this.secure, path: '/', maxAge: this.maxAgeSeconds });
  }

  /** Set-Cookie that makes the browser forget it. */
  clear(): string {
    return serialize(this.name, '', { httpOnly: true, sameSite: 'lax', secure: this.secure, path: '/', maxAge: 0 });
  }
}
