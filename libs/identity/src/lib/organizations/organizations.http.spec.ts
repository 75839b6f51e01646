import { createTestApp, TestApp, TEST_PUBLIC_URL } from '@docs/platform/testing';
import { createOrganization, createUser } from '../../testing';
import { IdentityModule } from '../identity.module';
import { MemberEntity } from '../members/member.entity';

describe('organizations', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ imports: [IdentityModule] });
  });
  afterAll(() => t.close());

  describe('POST /v1/orgs', () => {
    it('creates an organization whose admin is the caller', async () => {
      const ada = await createUser(t, 'ada');
      const res = await t.http.as(ada.token).post('/v1/orgs', { title: 'Analytical Engines' });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        object: 'organization',
        title: 'Analytical Engines',
        type: 'business',
        createdAt: t.clock.now().toISOString(),
        urls: { location: `${TEST_PUBLIC_URL}/v1/orgs/${res.body.id}`, app: `http://app.test/o/${res.body.id}` },
        permissions: { view: true, admin: true, createContent: true, listMembers: true },
      });
      const membership = await t.dataSource.getRepository(MemberEntity).findOneBy({ organizationId: res.body.id, userId: ada.user.id });
      expect(membership?.role).toBe('admin');
      expect((await t.http.as(ada.token).get(`/v1/orgs/${res.body.id}`)).status).toBe(200);
    });

    it('accepts a type', async () => {
      const ada = await createUser(t);
      const res = await t.http.as(ada.token).post('/v1/orgs', { title: 'Open Source Co', type: 'community' });
      expect(res.status).toBe(201);
      expect(res.body.type).toBe('community');
    });

    it.each([
      [{}, 'title is required'],
      [{ title: 'x' }, 'title must be longer than or equal to 2 characters'],
      [{ title: 'x'.repeat(256) }, 'title must be shorter than or equal to 255 characters'],
      [{ title: 'Fine', type: 'government' }, 'type must be one of the following values: business, community'],
      [{ title: 'Fine', plan: 'pro' }, 'property plan should not exist'],
    ])('refuses %j with 400 and creates nothing', async (body, message) => {
      const ada = await createUser(t);
      const res = await t.http.as(ada.token).post('/v1/orgs', body);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain(message);
      const list = await t.http.as(ada.token).get('/v1/orgs');
      expect(list.body.count).toBe(0);
    });

    it('accepts titles of exactly 2 and 255 characters', async () => {
      const ada = await createUser(t);
      expect((await t.http.as(ada.token).post('/v1/orgs', { title: 'ab' })).status).toBe(201);
      expect((await t.http.as(ada.token).post('/v1/orgs', { title: 'a'.repeat(255) })).status).toBe(201);
    });

    it('answers 401 without a token', async () => {
      expect((await t.http.as(undefined).post('/v1/orgs', { title: 'Nope' })).status).toBe(401);
    });
  });

  describe('GET /v1/orgs', () => {
    it("lists the caller's organizations, most recently joined first, in pages", async () => {
      const ada = await createUser(t);
      const created: string[] = [];
      for (let i = 0; i < 5; i++) {
        t.clock.advance(1000);
        created.push((await t.http.as(ada.token).post('/v1/orgs', { title: `Org ${i}` })).body.id);
      }
      const first = await t.http.as(ada.token).get('/v1/orgs', { query: { limit: 2 } });
      expect(first.status).toBe(200);
      expect(first.body.count).toBe(5);
      expect(first.body.items.map((o: { id: string }) => o.id)).toEqual([created[4], created[3]]);
      const all = await t.http.as(ada.token).all('/v1/orgs', { limit: 2 });
      expect(all.map((o: { id: string }) => o.id)).toEqual([...created].reverse());
    });

    it("never lists other users' organizations", async () => {
      const { organization } = await createOrganization(t);
      const outsider = await createUser(t);
      const list = await t.http.as(outsider.token).all('/v1/orgs');
      expect(list.map((o: { id: string }) => o.id)).not.toContain(organization.id);
    });

    it('refuses a forged cursor and an out-of-range limit', async () => {
      const ada = await createUser(t);
      expect((await t.http.as(ada.token).get('/v1/orgs', { query: { page: 'forged' } })).status).toBe(400);
      expect((await t.http.as(ada.token).get('/v1/orgs', { query: { limit: 1001 } })).status).toBe(400);
    });
  });

  describe('GET /v1/orgs/{organizationId}', () => {
    it("computes permissions from the caller's role", async () => {
      const { organization, members } = await createOrganization(t, { creator: 'create', reader: 'read', guest: null });
      const as = async (token: string) => (await t.http.as(token).get(`/v1/orgs/${organization.id}`)).body.permissions;
      expect(await as(members.admin.token)).toMatchObject({ admin: true, createContent: true, listMembers: true, viewBilling: true });
      expect(await as(members.creator.token)).toMatchObject({ admin: false, createContent: true, listMembers: true, viewBilling: false });
      expect(await as(members.reader.token)).toMatchObject({ admin: false, createContent: false, listMembers: true });
      expect(await as(members.guest.token)).toMatchObject({ view: true, admin: false, createContent: false, listMembers: false, listTeams: false });
    });

    it('answers 404 to non-members and for unknown ids', async () => {
      const { organization } = await createOrganization(t);
      const outsider = await createUser(t);
      const res = await t.http.as(outsider.token).get(`/v1/orgs/${organization.id}`);
      expect(res.status).toBe(404);
      expect((await t.http.as(outsider.token).get('/v1/orgs/unknown')).status).toBe(404);
    });

    it('answers 401 without a token', async () => {
      expect((await t.http.as(undefined).get('/v1/orgs/whatever')).status).toBe(401);
    });
  });

  describe('PATCH /v1/orgs/{organizationId}', () => {
    it('changes the title and the merge rules for admins, and the change is read back', async () => {
      const { organization, members } = await createOrganization(t, { reader: 'read' });
      const path = `/v1/orgs/${organization.id}`;
      const res = await t.http.as(members.admin.token).patch(path, { title: '  Renamed Org  ' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: organization.id, title: 'Renamed Org', mergeRules: { type: 'none' }, permissions: { admin: true } });
      const rules = { type: 'rules', rules: [{ rule: 'require_specific_reviewers', users: [members.reader.user.id] }] };
      expect((await t.http.as(members.admin.token).patch(path, { mergeRules: rules })).body.mergeRules).toEqual(rules);
      expect((await t.http.as(members.reader.token).get(path)).body).toMatchObject({ title: 'Renamed Org', mergeRules: rules });
      // An empty body changes nothing and answers the organization.
      expect((await t.http.as(members.admin.token).patch(path, {})).body).toMatchObject({ title: 'Renamed Org', mergeRules: rules });
    });

    it.each([
      [{ title: 'x' }, 'title'],
      [{ title: ' '.repeat(5) }, 'title'],
      [{ title: 'x'.repeat(256) }, 'title'],
      [{ hostname: 'docs.example.com' }, 'hostname'],
      [{ mergeRules: { type: 'inherit' } }, 'mergeRules'],
      [{ mergeRules: { type: 'rules', rules: [{ rule: 'require_specific_reviewers', users: ['nobody'] }] } }, 'mergeRules'],
    ])('refuses %j with a 400 naming the field, and changes nothing', async (body, field) => {
      const { organization, members } = await createOrganization(t, {}, 'Stable Title');
      const res = await t.http.as(members.admin.token).patch(`/v1/orgs/${organization.id}`, body);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain(field);
      expect((await t.http.as(members.admin.token).get(`/v1/orgs/${organization.id}`)).body).toMatchObject({ title: 'Stable Title', mergeRules: { type: 'none' } });
    });

    it('answers 403 to members below admin, 404 to outsiders and for unknown ids, 401 without a token', async () => {
      const { organization, members } = await createOrganization(t, { creator: 'create' }, 'Kept Title');
      const outsider = await createUser(t);
      const path = `/v1/orgs/${organization.id}`;
      expect((await t.http.as(members.creator.token).patch(path, { title: 'Mine now' })).status).toBe(403);
      expect((await t.http.as(outsider.token).patch(path, { title: 'Mine now' })).status).toBe(404);
      expect((await t.http.as(outsider.token).patch('/v1/orgs/unknown', { title: 'Mine now' })).status).toBe(404);
      expect((await t.http.as(undefined).patch(path, { title: 'Mine now' })).status).toBe(401);
      expect((await t.http.as(members.admin.token).get(path)).body.title).toBe('Kept Title');
    });
  });
});
