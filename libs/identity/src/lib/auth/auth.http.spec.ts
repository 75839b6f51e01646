import { createTestApp, TestApp } from '@docs/platform/testing';
import { createUser, TestUser } from '../../testing';
import { IdentityModule } from '../identity.module';
import { ApiTokensService } from '../tokens/api-tokens.service';
import { TOKEN_PREFIX } from '../tokens/token-value';

describe('token authentication', () => {
  let t: TestApp;
  let alice: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ imports: [IdentityModule] });
    alice = await createUser(t, 'alice');
  });
  afterAll(() => t.close());

  it('lets a valid token through', async () => {
    const res = await t.http.as(alice.token).get('/v1/user');
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(alice.user.id);
  });

  it('mints tokens with a recognisable prefix and stores only their hash', async () => {
    expect(alice.token.startsWith(TOKEN_PREFIX)).toBe(true);
    const rows = await t.dataSource.query('SELECT * FROM api_tokens WHERE user_id = $1', [alice.user.id]);
    expect(JSON.stringify(rows)).not.toContain(alice.token);
    expect(rows[0].token_hash).toHaveLength(32);
  });

  const unauthorized = async (headers: Record<string, string>, message: RegExp) => {
    const res = await t.http.as(undefined).get('/v1/user', { headers });
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer');
    expect(res.body.error.message).toMatch(message);
  };

  it('answers 401 without a token', () => unauthorized({}, /Authentication is required/));

  it.each([
    ['another scheme', 'Basic YWxpY2U6c2VjcmV0'],
    ['no token', 'Bearer'],
    ['two tokens', 'Bearer one two'],
    ['a token with control characters', 'Bearer abc\tdef'],
  ])('answers 401 for a malformed header: %s', (_label, header) => unauthorized({ Authorization: header }, /must be "Bearer <token>"/));

  it('answers 401 for an unknown token', () => unauthorized({ Authorization: `Bearer ${TOKEN_PREFIX}unknownunknownunknown` }, /unknown or has been revoked/));

  it('answers 401 for a revoked token at once', async () => {
    const bob = await createUser(t, 'bob');
    expect((await t.http.as(bob.token).get('/v1/user')).status).toBe(200);
    const [token] = await t.get(ApiTokensService).list(bob.user.id);
    await t.get(ApiTokensService).revoke(token.id);
    const res = await t.http.as(bob.token).get('/v1/user');
    expect(res.status).toBe(401);
    expect(res.body.error.message).toMatch(/revoked/);
  });

  it('accepts the scheme in any case', async () => {
    const res = await t.http.as(undefined).get('/v1/user', { headers: { Authorization: `bearer ${alice.token}` } });
    expect(res.status).toBe(200);
  });

  it('leaves /health and the OpenAPI document public', async () => {
    expect((await t.http.as(undefined).get('/health')).status).toBe(200);
    expect((await t.http.as(undefined).get('/openapi.json')).status).toBe(200);
  });
});
