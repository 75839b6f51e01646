import { DatabaseNotifications, SqlPool } from '@docs/platform';
import { createTestApp, eventually, TestApp } from '@docs/platform/testing';
import { createUser, TestUser } from '../../testing';
import { IdentityModule } from '../identity.module';
import { ApiTokensService } from '../tokens/api-tokens.service';

/**
 * Remembered tokens (TOKEN_CACHE=on, the default) over HTTP, with two api processes on one
 * database: a token is looked up once per process, and whatever changes a token or a user
 * (the other process, the CLI, plain SQL) reaches every process through PostgreSQL's
 * notification, so a revoked token stops working everywhere within moments.
 */
describe('remembered tokens', () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    a = await createTestApp({ imports: [IdentityModule] });
    b = await createTestApp({ imports: [IdentityModule], database: a.database });
    await Promise.all([untilListening(a), untilListening(b)]);
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  /** An app listens from its first request on. */
  async function untilListening(t: TestApp): Promise<void> {
    await t.http.as('dpt_unknown').get('/v1/user');
    await eventually(async () => expect(t.get(DatabaseNotifications).connectionPid).toBeDefined());
  }

  /** How many token lookups `t` ran while `work` ran. */
  async function tokenLookups(t: TestApp, work: () => Promise<unknown>): Promise<number> {
    const spy = jest.spyOn(t.get(SqlPool), 'first');
    try {
      await work();
      return spy.mock.calls.filter(([statement]) => statement.name === 'auth_find_active_token_with_user').length;
    } finally {
      spy.mockRestore();
    }
  }

  const status = async (t: TestApp, user: TestUser) => (await t.http.as(user.token).get('/v1/user')).status;

  it('looks a token up once per process, then answers from memory', async () => {
    const carol = await createUser(a, 'carol');
    expect(await tokenLookups(a, () => status(a, carol))).toBe(1);
    expect(await tokenLookups(a, async () => expect(await status(a, carol)).toBe(200))).toBe(0);
    expect(await tokenLookups(b, async () => expect(await status(b, carol)).toBe(200))).toBe(1);
  });

  it('never remembers an unknown token: minted afterwards, it works at once', async () => {
    const dave = await createUser(a, 'dave');
    const value = `${dave.token}x`;
    expect((await a.http.as(value).get('/v1/user')).status).toBe(401);
    await a.get(ApiTokensService).mint(dave.user.id, 'later', { presetValue: value });
    expect((await a.http.as(value).get('/v1/user')).status).toBe(200);
  });

  it('revoked by this process: refused on its next request; by another: refused as soon as its notification arrives', async () => {
    const erin = await createUser(a, 'erin');
    expect([await status(a, erin), await status(b, erin)]).toEqual([200, 200]);
    const [token] = await b.get(ApiTokensService).list(erin.user.id);
    await b.get(ApiTokensService).revoke(token.id);
    expect(await status(b, erin)).toBe(401);
    const waited = await eventually(async () => expect(await status(a, erin)).toBe(401));
    expect(waited).toBeLessThan(5_000);
  });

  it('follows plain SQL too: a revocation, a user renamed, a user deleted', async () => {
    const frank = await createUser(a, 'frank');
    const grace = await createUser(a, 'grace');
    const heidi = await createUser(a, 'heidi');
    for (const user of [frank, grace, heidi]) expect(await status(a, user)).toBe(200);

    await b.dataSource.query(`UPDATE api_tokens SET revoked_at = now() WHERE user_id = $1`, [frank.user.id]);
    await eventually(async () => expect(await status(a, frank)).toBe(401));

    await b.dataSource.query(`UPDATE users SET display_name = 'Grace Hopper' WHERE id = $1`, [grace.user.id]);
    await eventually(async () => expect((await a.http.as(grace.token).get('/v1/user')).body.displayName).toBe('Grace Hopper'));

    await b.dataSource.query(`DELETE FROM users WHERE id = $1`, [heidi.user.id]);
    await eventually(async () => expect(await status(a, heidi)).toBe(401));
  });

  it('hears changes again once its notification connection, cut, is back', async () => {
    const ivan = await createUser(a, 'ivan');
    expect(await status(a, ivan)).toBe(200);
    const notifications = a.get(DatabaseNotifications);
    const cut = notifications.connectionPid as number;
    await b.dataSource.query(`SELECT pg_terminate_backend($1)`, [cut]);
    await eventually(async () => expect([undefined, cut]).not.toContain(notifications.connectionPid));
    expect(await status(a, ivan)).toBe(200);
    await b.dataSource.query(`UPDATE api_tokens SET revoked_at = now() WHERE user_id = $1`, [ivan.user.id]);
    await eventually(async () => expect(await status(a, ivan)).toBe(401));
  });

  it('with TOKEN_CACHE=off, looks the token up on every request', async () => {
    const off = await createTestApp({ imports: [IdentityModule], database: a.database, env: { TOKEN_CACHE: 'off' } });
    try {
      const judy = await createUser(off, 'judy');
      expect(off.get(DatabaseNotifications).connectionPid).toBeUndefined();
      expect(await tokenLookups(off, async () => {
        for (let i = 0; i < 3; i++) expect(await status(off, judy)).toBe(200);
      })).toBe(3);
    } finally {
      await off.close();
    }
  });
});
