import type { TestApp, TestResponse } from '@docs/platform/testing';
import { PasswordsService } from '../lib/passwords/passwords.service';

/** A password that the policy accepts, for people of tests. */
export const TEST_PASSWORD = 'violet kettle on the moor';

/** The `name=value` of a response's Set-Cookie for the session, or undefined. */
export function sessionCookieOf(res: TestResponse, name = 'docs_session'): string | undefined {
  const header = res.headers['set-cookie'] as unknown as string[] | string | undefined;
  const lines = Array.isArray(header) ? header : header ? [header] : [];
  const line = lines.find((candidate) => candidate.startsWith(`${name}=`));
  const pair = line?.split(';')[0];
  return pair && pair !== `${name}=` ? pair : undefined;
}

/** Gives the user a password and signs them in over HTTP; answers the `Cookie` header value of the session. */
export async function signInAs(t: TestApp, user: { id: string; email: string }, password = TEST_PASSWORD): Promise<string> {
  await t.get(PasswordsService).set(user.id, password, 'cli');
  const res = await t.http.as(undefined).post('/auth/sign-in', { email: user.email, password });
  const cookie = sessionCookieOf(res);
  if (res.status !== 200 || !cookie) throw new Error(`sign-in failed: ${res.status} ${res.text}`);
  return cookie;
}

/** Options of a request made by a signed-in browser of this app (its cookie, its origin). */
export function asBrowser(cookie: string, origin = 'http://app.test'): { headers: Record<string, string> } {
  return { headers: { Cookie: cookie, Origin: origin } };
}
