import { createTestApp, TestApp, TEST_PUBLIC_URL } from '@docs/platform/testing';
import { createOrganization, createUser } from '../../testing';
import { IdentityModule } from '../identity.module';

describe('users', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ imports: [IdentityModule] });
  });
  afterAll(() => t.close());

  it('GET /v1/user answers the caller', async () => {
    const ada = await createUser(t, 'ada');
    const res = await t.http.as(ada.token).get('/v1/user');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      object: 'user',
      id: ada.user.id,
      displayName: 'ada',
      email: 'ada@example.com',
      urls: { location: `${TEST_PUBLIC_URL}/v1/users/${ada.user.id}` },
    });
  });

  it('GET /v1/users/{userId} answers yourself and members of your organizations', async () => {
    const { members } = await createOrganization(t, { reader: 'read' });
    const self = await t.http.as(members.reader.token).get(`/v1/users/${members.reader.user.id}`);
    expect(self.status).toBe(200);
    const colleague = await t.http.as(members.reader.token).get(`/v1/users/${members.admin.user.id}`);
    expect(colleague.status).toBe(200);
    expect(colleague.body.id).toBe(members.admin.user.id);
  });

  it('GET /v1/users/{userId} answers 404 for users of other organizations and unknown ids', async () => {
    const { members } = await createOrganization(t);
    const stranger = await createUser(t, 'stranger');
    expect((await t.http.as(stranger.token).get(`/v1/users/${members.admin.user.id}`)).status).toBe(404);
    expect((await t.http.as(stranger.token).get('/v1/users/nope')).status).toBe(404);
  });

  it('answers 401 without a token', async () => {
    expect((await t.http.as(undefined).get('/v1/users/x')).status).toBe(401);
  });
});
