import { createTestApp, TestApp } from '@docs/platform/testing';
import { IdentityModule } from '../identity.module';
import { UsersService } from '../users/users.service';
import { BootstrapService } from './bootstrap.service';

describe('bootstrap', () => {
  let t: TestApp;

  afterEach(() => t?.close());

  it('creates an organization, its admin and a token on the first start, once and only once', async () => {
    t = await createTestApp({ imports: [IdentityModule], env: { BOOTSTRAP_EMAIL: 'Owner@Example.com', BOOTSTRAP_ORGANIZATION: 'Acme Docs' } });
    const first = await t.get(BootstrapService).ensureBootstrapped();
    if (!first.performed) throw new Error('expected a bootstrap');
    expect(first.email).toBe('owner@example.com');
    expect(first.token).toMatch(/^dpt_/);

    const me = await t.http.as(first.token).get('/v1/user');
    expect(me.status).toBe(200);
    expect(me.body.email).toBe('owner@example.com');
    const orgs = await t.http.as(first.token).get('/v1/orgs');
    expect(orgs.body.items).toHaveLength(1);
    expect(orgs.body.items[0]).toMatchObject({ id: first.organizationId, title: 'Acme Docs', permissions: { admin: true } });

    expect(await t.get(BootstrapService).ensureBootstrapped()).toEqual({ performed: false });
    const [{ count }] = await t.dataSource.query('SELECT count(*)::int AS count FROM organizations');
    expect(count).toBe(1);
  });

  it("gives the admin a one-time link, valid 24 hours, where they choose a password and are signed in", async () => {
    t = await createTestApp({ imports: [IdentityModule] });
    const first = await t.get(BootstrapService).ensureBootstrapped();
    if (!first.performed) throw new Error('expected a bootstrap');
    const link = new URL(first.passwordLink);
    expect(`${link.origin}${link.pathname}`).toBe('http://app.test/auth/password');
    const page = await t.http.as(undefined).get(`${link.pathname}${link.search}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<h1>Choose a password</h1>');
    t.clock.advance(24 * 3600_000 + 1);
    expect((await t.http.as(undefined).get(`${link.pathname}${link.search}`)).status).toBe(410);
    t.clock.advance(-2);
    const chosen = await t.http.as(undefined).post('/auth/password', { token: link.searchParams.get('token'), password: 'the admin chose this one' });
    expect(chosen.status).toBe(200);
    expect(chosen.body.email).toBe('admin@localhost');
    // admin@localhost: no top-level domain, and still an address one signs in with.
    expect((await t.http.as(undefined).post('/auth/sign-in', { email: 'admin@localhost', password: 'the admin chose this one' })).status).toBe(200);
  });

  it('happens once when several processes start together', async () => {
    t = await createTestApp({ imports: [IdentityModule] });
    const results = await Promise.all([1, 2, 3, 4].map(() => t.get(BootstrapService).ensureBootstrapped()));
    expect(results.filter((r) => r.performed)).toHaveLength(1);
    const [{ count }] = await t.dataSource.query('SELECT count(*)::int AS count FROM users');
    expect(count).toBe(1);
  });

  it('uses BOOTSTRAP_TOKEN as the token value', async () => {
    t = await createTestApp({ imports: [IdentityModule], env: { BOOTSTRAP_TOKEN: 'known-in-advance-0123456789' } });
    const result = await t.get(BootstrapService).ensureBootstrapped();
    expect(result).toMatchObject({ performed: true, token: 'known-in-advance-0123456789' });
    expect((await t.http.as('known-in-advance-0123456789').get('/v1/user')).status).toBe(200);
    expect(await t.get(BootstrapService).ensureBootstrapped()).toEqual({ performed: false });
  });

  it('says when BOOTSTRAP_TOKEN names no token because the database was bootstrapped without it', async () => {
    t = await createTestApp({ imports: [IdentityModule] });
    await t.get(BootstrapService).ensureBootstrapped();
    const later = await createTestApp({ imports: [IdentityModule], database: t.database, env: { BOOTSTRAP_TOKEN: 'set-only-later-0123456789' } });
    try {
      expect(await later.get(BootstrapService).ensureBootstrapped()).toEqual({ performed: false, presetTokenUnknown: true });
      expect((await later.http.as('set-only-later-0123456789').get('/v1/user')).status).toBe(401);
    } finally {
      await later.close();
    }
  });

  it('creates nothing when the database already has users', async () => {
    t = await createTestApp({ imports: [IdentityModule] });
    await t.get(UsersService).create('someone@example.com', 'Someone');
    expect(await t.get(BootstrapService).ensureBootstrapped()).toEqual({ performed: false });
    const [{ count }] = await t.dataSource.query('SELECT count(*)::int AS count FROM organizations');
    expect(count).toBe(0);
  });
});
