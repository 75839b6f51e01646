import { createTestApp, TestApp } from '@docs/platform/testing';
import { IdentityModule } from '../identity.module';
import { asBrowser, createOrganization, createUser, signInAs, userTokenContract } from '../../testing';

describe("a person's own API tokens (/v1/user/tokens)", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ imports: [IdentityModule] });
  });
  afterAll(() => t.close());

  it('creates a token from a session (its value once), lists it without its value, and revokes it: it stops working at once', async () => {
    const { organization, members } = await createOrganization(t, { writer: 'edit' });
    const { user } = members.writer;
    const cookie = await signInAs(t, user);
    const browser = t.http.as(undefined, { ...asBrowser(cookie), contract: userTokenContract });

    t.clock.advance(1000);
    const created = await browser.post('/v1/user/tokens', { label: '  CI deploys  ' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ object: 'api-token', label: 'CI deploys', revokedAt: null, prefix: created.body.token.slice(0, 8) });
    const value: string = created.body.token;
    expect((await t.http.as(value).get('/v1/user')).body.id).toBe(user.id);

    const listed = await browser.get('/v1/user/tokens');
    expect(listed.status).toBe(200);
    // The token createOrganization minted, and the new one, newest first; never a value.
    expect(listed.body.items.map((token: { label: string }) => token.label)).toEqual(['CI deploys', 'test']);
    expect(listed.body.count).toBe(2);
    expect(JSON.stringify(listed.body)).not.toContain(value);
    const paged = await browser.get('/v1/user/tokens', { query: { limit: 1 } });
    expect(paged.body.items).toHaveLength(1);
    const second = await browser.get('/v1/user/tokens', { query: { limit: 1, page: paged.body.next.page } });
    expect(second.body.items[0].label).toBe('test');
    expect(second.body.next).toBeUndefined();

    expect((await browser.delete(`/v1/user/tokens/${created.body.id}`)).status).toBe(204);
    expect((await t.http.as(value).get('/v1/user')).status).toBe(401);
    expect((await browser.delete(`/v1/user/tokens/${created.body.id}`)).status).toBe(204); // again: nothing more to do
    const after = await browser.get('/v1/user/tokens');
    expect(after.body.items[0]).toMatchObject({ id: created.body.id, revokedAt: expect.any(String) });

    const events: { type: string; organization_id: string; payload: Record<string, unknown> }[] = await t.dataSource.query(
      `SELECT type, organization_id, payload FROM events WHERE type LIKE 'member_token_%' ORDER BY sequence`,
    );
    expect(events.map((event) => [event.type, event.organization_id, event.payload['tokenId']])).toEqual([
      ['member_token_created', organization.id, created.body.id],
      ['member_token_revoked', organization.id, created.body.id],
    ]);
  });

  it("works with a token too, and never reaches another person's tokens (404)", async () => {
    const alice = await createUser(t, 'alice');
    const bob = await createUser(t, 'bob');
    const aliceCalls = t.http.as(alice.token, { contract: userTokenContract });
    const made = await aliceCalls.post('/v1/user/tokens', { label: 'laptop' });
    expect(made.status).toBe(201);
    const bobCalls = t.http.as(bob.token, { contract: userTokenContract });
    expect((await bobCalls.get('/v1/user/tokens')).body.items.map((token: { id: string }) => token.id)).not.toContain(made.body.id);
    const stolen = await bobCalls.delete(`/v1/user/tokens/${made.body.id}`);
    expect(stolen.status).toBe(404);
    expect((await t.http.as(made.body.token).get('/v1/user')).status).toBe(200);
    expect((await bobCalls.delete('/v1/user/tokens/unknown')).status).toBe(404);
  });

  it('refuses bad input (400 naming the field), no credential (401), and a cross-site write with a cookie (403), creating nothing', async () => {
    const { user, token } = await createUser(t, 'careful');
    const count = async () => (await t.dataSource.query(`SELECT count(*)::int AS n FROM api_tokens WHERE user_id = $1`, [user.id]))[0].n;
    const before = await count();
    const calls = t.http.as(token, { contract: userTokenContract });
    expect((await calls.post('/v1/user/tokens', {})).body.error.message).toMatch(/label/);
    expect((await calls.post('/v1/user/tokens', { label: '' })).status).toBe(400);
    expect((await calls.post('/v1/user/tokens', { label: 'x'.repeat(101) })).status).toBe(400);
    expect((await calls.post('/v1/user/tokens', { label: 'ok', scope: 'all' })).status).toBe(400);
    expect((await calls.get('/v1/user/tokens', { query: { limit: 1001 } })).status).toBe(400);
    expect((await t.http.as(undefined).post('/v1/user/tokens', { label: 'anonymous' })).status).toBe(401);
    const cookie = await signInAs(t, user);
    expect((await t.http.as(undefined).post('/v1/user/tokens', { label: 'forged' }, asBrowser(cookie, 'https://evil.example'))).status).toBe(403);
    expect(await count()).toBe(before);
  });
});
