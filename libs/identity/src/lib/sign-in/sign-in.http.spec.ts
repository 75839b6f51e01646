import { createTestApp, TestApp } from '@docs/platform/testing';
import { IdentityModule } from '../identity.module';
import { createOrganization, createUser, TEST_PASSWORD, asBrowser, sessionCookieOf, signInAs } from '../../testing';
import { PasswordsService } from '../passwords/passwords.service';
import { WRONG_CREDENTIALS } from './sign-in.service';

const form = (fields: Record<string, string>) => ({
  raw: new URLSearchParams(fields).toString(),
  headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'http://app.test' },
});

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

describe('signing in with a password, sessions', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ imports: [IdentityModule] });
  });
  afterAll(() => t.close());

  async function events(type: string): Promise<{ organization_id: string; payload: Record<string, unknown> }[]> {
    return t.dataSource.query(`SELECT organization_id, payload FROM events WHERE type = $1 ORDER BY created_at, sequence`, [type]);
  }

  it('signs in with email and password: the reference User, and an HttpOnly, SameSite=Lax session cookie that works on /v1 like a token', async () => {
    const { organization, members } = await createOrganization(t, { writer: 'edit' });
    const { user } = members.writer;
    await t.get(PasswordsService).set(user.id, TEST_PASSWORD, 'cli');

    const res = await t.http.as(undefined).post('/auth/sign-in', { email: user.email.toUpperCase(), password: TEST_PASSWORD }, { headers: { Origin: 'http://app.test' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ object: 'user', id: user.id, email: user.email });
    const setCookie = ([] as string[]).concat(res.headers['set-cookie'] as unknown as string[]).join('\n');
    expect(setCookie).toMatch(/^docs_session=[0-9A-Za-z]{43}; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax$/);
    const cookie = sessionCookieOf(res)!;

    const me = await t.http.as(undefined).get('/v1/user', asBrowser(cookie));
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(user.id);
    // Same permissions as the person's token: an editor may not invite.
    const asToken = await t.http.as(members.writer.token).get(`/v1/orgs/${organization.id}`);
    const asCookie = await t.http.as(undefined).get(`/v1/orgs/${organization.id}`, asBrowser(cookie));
    expect(asCookie.body.permissions).toEqual(asToken.body.permissions);
    const invite = await t.http.as(undefined).post(`/v1/orgs/${organization.id}/invites`, { emails: ['x@example.com'] }, asBrowser(cookie));
    expect(invite.status).toBe(403);

    const signedIn = await events('member_signed_in');
    expect(signedIn.find((event) => event.payload['userId'] === user.id)).toMatchObject({ organization_id: organization.id, payload: { method: 'password', auth: { userId: user.id } } });
  });

  it('answers a wrong password, an unknown address and an address without a password alike, in the same time', async () => {
    const { user } = await createUser(t, 'timing');
    const other = await createUser(t, 'nopassword');
    await t.get(PasswordsService).set(user.id, TEST_PASSWORD, 'cli');
    const attempt = async (email: string) => {
      const started = performance.now();
      const res = await t.http.as(undefined).post('/auth/sign-in', { email, password: 'not the right password' });
      return { res, ms: performance.now() - started };
    };
    const wrong: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 6; i++) {
      const a = await attempt(user.email);
      const b = await attempt(`nobody-${i}@example.com`);
      const c = await attempt(other.user.email);
      for (const { res } of [a, b, c]) expect(res.body).toEqual({ error: { code: 401, message: WRONG_CREDENTIALS } });
      wrong.push(a.ms);
      unknown.push(b.ms);
    }
    // The decoy hash costs what a real one does (about 50 ms here, with ±50 % of noise between
    // requests on a shared machine); without it an unknown address answers in 2 to 5 ms.
    expect(median(unknown)).toBeGreaterThan(median(wrong) * 0.4);
    expect(await sessionCount(user.id)).toBe(0);
  });

  async function sessionCount(userId: string): Promise<number> {
    const [{ n }] = await t.dataSource.query(`SELECT count(*)::int AS n FROM sessions WHERE user_id = $1`, [userId]);
    return n;
  }

  it('locks an address after 10 failures within 15 minutes (429 and Retry-After, even with the right password); other addresses go on', async () => {
    const { organization, members } = await createOrganization(t, { victim: 'read', bystander: 'read' });
    const victim = members.victim.user;
    const bystander = members.bystander.user;
    await t.get(PasswordsService).set(victim.id, TEST_PASSWORD, 'cli');
    await t.get(PasswordsService).set(bystander.id, TEST_PASSWORD, 'cli');
    for (let i = 1; i <= 10; i++) {
      const res = await t.http.as(undefined).post('/auth/sign-in', { email: victim.email, password: `guess number ${i}` });
      expect(res.status).toBe(401);
    }
    const locked = await t.http.as(undefined).post('/auth/sign-in', { email: victim.email, password: TEST_PASSWORD });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(900);
    expect(await sessionCount(victim.id)).toBe(0);
    // An unknown address is locked the same way (the answers never tell which addresses exist).
    for (let i = 0; i < 10; i++) await t.http.as(undefined).post('/auth/sign-in', { email: 'ghost@example.com', password: 'guess guess guess' });
    expect((await t.http.as(undefined).post('/auth/sign-in', { email: 'ghost@example.com', password: 'guess guess guess' })).status).toBe(429);

    const ok = await t.http.as(undefined).post('/auth/sign-in', { email: bystander.email, password: TEST_PASSWORD });
    expect(ok.status).toBe(200);

    await eventuallyEvents('member_locked_out', victim.id);
    const lockedOut = (await events('member_locked_out')).find((event) => event.payload['userId'] === victim.id)!;
    expect(lockedOut.organization_id).toBe(organization.id);
    expect(Date.parse(lockedOut.payload['until'] as string)).toBeGreaterThan(Date.now() + 800_000);
    expect((await events('member_sign_in_failed')).filter((event) => event.payload['userId'] === victim.id)).toHaveLength(10);
  });

  async function eventuallyEvents(type: string, userId: string): Promise<void> {
    for (let i = 0; i < 50; i++) {
      if ((await events(type)).some((event) => event.payload['userId'] === userId)) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no ${type} event for ${userId}`);
  }

  it('a success forgets the failures before it', async () => {
    const { user } = await createUser(t, 'forgetful');
    await t.get(PasswordsService).set(user.id, TEST_PASSWORD, 'cli');
    for (let i = 0; i < 9; i++) await t.http.as(undefined).post('/auth/sign-in', { email: user.email, password: 'typo typo typo' });
    expect((await t.http.as(undefined).post('/auth/sign-in', { email: user.email, password: TEST_PASSWORD })).status).toBe(200);
    for (let i = 0; i < 9; i++) expect((await t.http.as(undefined).post('/auth/sign-in', { email: user.email, password: 'typo typo typo' })).status).toBe(401);
    expect((await t.http.as(undefined).post('/auth/sign-in', { email: user.email, password: TEST_PASSWORD })).status).toBe(200);
  });

  it('refuses a cookie-authenticated write from another site (403, nothing stored), takes it from the app, and never applies the rule to tokens', async () => {
    const { organization, members } = await createOrganization(t);
    const cookie = await signInAs(t, members.admin.user);
    const teams = async () => (await t.dataSource.query(`SELECT count(*)::int AS n FROM teams WHERE organization_id = $1`, [organization.id]))[0].n;
    const before = await teams();
    const forgeries: Record<string, string>[] = [{ Origin: 'https://evil.example' }, { Origin: 'null' }, { 'Sec-Fetch-Site': 'cross-site' }, { 'Sec-Fetch-Site': 'same-site' }];
    for (const headers of forgeries) {
      const res = await t.http.as(undefined).put(`/v1/orgs/${organization.id}/teams`, { title: 'Forged' }, { headers: { Cookie: cookie, ...headers } });
      expect(res.status).toBe(403);
      expect(res.body.error.message).toMatch(/must come from this application/);
    }
    expect(await teams()).toBe(before);
    // A read from anywhere is fine: it changes nothing (and CORS keeps its answer from other sites).
    expect((await t.http.as(undefined).get(`/v1/orgs/${organization.id}`, { headers: { Cookie: cookie, Origin: 'https://evil.example' } })).status).toBe(200);
    expect((await t.http.as(undefined).put(`/v1/orgs/${organization.id}/teams`, { title: 'From the app' }, asBrowser(cookie))).status).toBe(201);
    expect((await t.http.as(undefined).put(`/v1/orgs/${organization.id}/teams`, { title: 'From the api origin' }, asBrowser(cookie, 'http://api.test'))).status).toBe(201);
    const scripted = await t.http.as(members.admin.token).put(`/v1/orgs/${organization.id}/teams`, { title: 'Scripted' }, { headers: { Origin: 'https://evil.example' } });
    expect(scripted.status).toBe(201);
    expect(await teams()).toBe(before + 3);
  });

  it('renews the session at every sign-in (no fixation): the cookie presented before signing in stops working', async () => {
    const { user } = await createUser(t, 'renewed');
    const first = await signInAs(t, user);
    const res = await t.http.as(undefined).post('/auth/sign-in', { email: user.email, password: TEST_PASSWORD }, { headers: { Cookie: first } });
    const second = sessionCookieOf(res)!;
    expect(second).not.toBe(first);
    expect((await t.http.as(undefined).get('/v1/user', asBrowser(first))).status).toBe(401);
    expect((await t.http.as(undefined).get('/v1/user', asBrowser(second))).status).toBe(200);
    expect(await sessionCount(user.id)).toBe(1);
  });

  it('ends a session idle for SESSION_IDLE, and any session SESSION_MAX after sign-in however active', async () => {
    const { user } = await createUser(t, 'lifetimes');
    const idle = await signInAs(t, user);
    t.clock.advance(7 * 86400_000 - 60_000);
    expect((await t.http.as(undefined).get('/v1/user', asBrowser(idle))).status).toBe(200); // seen: the idle time starts again
    t.clock.advance(7 * 86400_000 - 60_000);
    expect((await t.http.as(undefined).get('/v1/user', asBrowser(idle))).status).toBe(200);
    t.clock.advance(7 * 86400_000 + 1000);
    const ended = await t.http.as(undefined).get('/v1/user', asBrowser(idle));
    expect(ended.status).toBe(401);
    expect(ended.body.error.message).toBe('The session has ended: sign in again.');

    const active = await signInAs(t, user);
    for (let day = 6; day < 30; day += 6) {
      t.clock.advance(6 * 86400_000);
      expect((await t.http.as(undefined).get('/v1/user', asBrowser(active))).status).toBe(200);
    }
    t.clock.advance(6 * 86400_000);
    expect((await t.http.as(undefined).get('/v1/user', asBrowser(active))).status).toBe(401);
  });

  it('signs out (this session), and out everywhere (every session of the person)', async () => {
    const { organization, members } = await createOrganization(t, { reader: 'read' });
    const { user } = members.reader;
    const laptop = await signInAs(t, user);
    const phone = sessionCookieOf(await t.http.as(undefined).post('/auth/sign-in', { email: user.email, password: TEST_PASSWORD }))!;
    const out = await t.http.as(undefined).post('/auth/sign-out', undefined, asBrowser(laptop));
    expect(out.status).toBe(204);
    expect(([] as string[]).concat(out.headers['set-cookie'] as unknown as string[])[0]).toMatch(/^docs_session=; Max-Age=0;/);
    expect((await t.http.as(undefined).get('/v1/user', asBrowser(laptop))).status).toBe(401);
    expect((await t.http.as(undefined).get('/v1/user', asBrowser(phone))).status).toBe(200);
    // From another site, sign-out is refused too (a forged sign-out is a nuisance, still not theirs to do).
    expect((await t.http.as(undefined).post('/auth/sign-out', undefined, asBrowser(phone, 'https://evil.example'))).status).toBe(403);

    const tablet = sessionCookieOf(await t.http.as(undefined).post('/auth/sign-in', { email: user.email, password: TEST_PASSWORD }))!;
    expect((await t.http.as(undefined).post('/auth/sign-out-everywhere', undefined, asBrowser(tablet))).status).toBe(204);
    for (const cookie of [phone, tablet]) expect((await t.http.as(undefined).get('/v1/user', asBrowser(cookie))).status).toBe(401);
    expect((await t.http.as(undefined).post('/auth/sign-out-everywhere', undefined, asBrowser(tablet))).status).toBe(401);
    const signedOut = (await events('member_signed_out')).filter((event) => event.payload['userId'] === user.id);
    expect(signedOut.map((event) => [event.organization_id, event.payload['everywhere']])).toEqual([
      [organization.id, false],
      [organization.id, true],
    ]);
  });

  it('ends the sessions of a member removed from the organization, and of a person whose password changes, on the next request', async () => {
    const { organization, members } = await createOrganization(t, { leaving: 'edit', changing: 'read' });
    const leaving = await signInAs(t, members.leaving.user);
    const changing = await signInAs(t, members.changing.user);
    expect((await t.http.as(members.admin.token).delete(`/v1/orgs/${organization.id}/members/${members.leaving.user.id}`)).status).toBe(204);
    expect((await t.http.as(undefined).get('/v1/user', asBrowser(leaving))).status).toBe(401);

    await t.get(PasswordsService).set(members.changing.user.id, 'a brand new passphrase', 'cli');
    expect((await t.http.as(undefined).get('/v1/user', asBrowser(changing))).status).toBe(401);
    expect((await t.http.as(undefined).post('/auth/sign-in', { email: members.changing.user.email, password: TEST_PASSWORD })).status).toBe(401);
    expect((await t.http.as(undefined).post('/auth/sign-in', { email: members.changing.user.email, password: 'a brand new passphrase' })).status).toBe(200);
  });

  it('refuses malformed sign-ins with a 400 naming the field, and a forged sign-in from another site with a 403', async () => {
    expect((await t.http.as(undefined).post('/auth/sign-in', { email: 'a@example.com' })).body.error.message).toMatch(/password/);
    expect((await t.http.as(undefined).post('/auth/sign-in', { email: 'a@example.com', password: 'x', extra: 1 })).status).toBe(400);
    expect((await t.http.as(undefined).post('/auth/sign-in', { email: 42, password: 'x' })).body.error.message).toMatch(/email/);
    const { user } = await createUser(t, 'forged');
    await t.get(PasswordsService).set(user.id, TEST_PASSWORD, 'cli');
    const forged = await t.http.as(undefined).post('/auth/sign-in', { email: user.email, password: TEST_PASSWORD }, { headers: { Origin: 'https://evil.example' } });
    expect(forged.status).toBe(403);
    expect(await sessionCount(user.id)).toBe(0);
  });

  it('signs in through the page: a form posted back, a 303 to where the browser was going, the error on the page otherwise', async () => {
    const { user } = await createUser(t, 'browser');
    await t.get(PasswordsService).set(user.id, TEST_PASSWORD, 'cli');
    const page = await t.http.as(undefined).get('/auth/sign-in', { query: { next: '/s/abc/guide' } });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.text).toContain('<input type="hidden" name="next" value="/s/abc/guide">');
    expect(page.text).toMatch(/<label>Email <input type="email" name="email"/);
    expect(page.text).toContain('<button type="submit">Sign in</button>');
    expect(page.text).toContain('<a href="/auth/forgot-password?next=%2Fs%2Fabc%2Fguide">Forgot password?</a>');

    const wrong = await t.http.as(undefined).post('/auth/sign-in', undefined, form({ email: user.email, password: 'nope nope nope', next: '/s/abc/guide' }));
    expect(wrong.status).toBe(401);
    expect(wrong.text).toContain(`<p class="alert" role="alert">${WRONG_CREDENTIALS}</p>`);
    expect(wrong.text).toContain(`value="${user.email}"`);

    const ok = await t.http.as(undefined).post('/auth/sign-in', undefined, form({ email: user.email, password: TEST_PASSWORD, next: '/s/abc/guide' }));
    expect(ok.status).toBe(303);
    expect(ok.headers['location']).toBe('/s/abc/guide');
    expect(sessionCookieOf(ok)).toBeDefined();
    const offsite = await t.http.as(undefined).post('/auth/sign-in', undefined, form({ email: user.email, password: TEST_PASSWORD, next: '//evil.example/' }));
    expect(offsite.headers['location']).toBe('/');
  });

  it('serves the cookie as __Host-docs_session, Secure, when the app is on https', async () => {
    const secure = await createTestApp({ imports: [IdentityModule], env: { APP_URL: 'https://docs.example.com' } });
    try {
      const { user } = await createUser(secure, 'secure');
      await secure.get(PasswordsService).set(user.id, TEST_PASSWORD, 'cli');
      const res = await secure.http.as(undefined).post('/auth/sign-in', { email: user.email, password: TEST_PASSWORD }, { headers: { Origin: 'https://docs.example.com' } });
      const setCookie = ([] as string[]).concat(res.headers['set-cookie'] as unknown as string[]).join('\n');
      expect(setCookie).toMatch(/^__Host-docs_session=[0-9A-Za-z]{43}; Max-Age=2592000; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
      const cookie = sessionCookieOf(res, '__Host-docs_session')!;
      expect((await secure.http.as(undefined).get('/v1/user', { headers: { Cookie: cookie } })).status).toBe(200);
      // The http name is not read on an https app: a cookie set by an http page cannot stand in.
      expect((await secure.http.as(undefined).get('/v1/user', { headers: { Cookie: cookie.replace('__Host-', '') } })).status).toBe(401);
    } finally {
      await secure.close();
    }
  });
});
