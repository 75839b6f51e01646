import { createTestApp, TestApp } from '@docs/platform/testing';
import { addMember, createOrganization, createUser, TestOrganization } from '../../testing';
import { IdentityModule } from '../identity.module';
import { MEMBER_ROLES } from './member-role';
import { VisitorClaimsTokens } from './visitor-claims';

describe('organization members', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ imports: [IdentityModule] });
  });
  afterAll(() => t.close());

  const ids = (res: { body: { items: { id: string }[] } }) => res.body.items.map((m) => m.id);

  describe('GET /v1/orgs/{organizationId}/members', () => {
    let org: TestOrganization<'creator' | 'reader' | 'guest' | 'ada'>;

    beforeAll(async () => {
      org = await createOrganization(t, { creator: 'create', reader: 'read', guest: null, ada: 'edit' });
      await t.dataSource.query(`UPDATE users SET display_name = 'Ada Lovelace' WHERE id = $1`, [org.members.ada.user.id]);
    });

    const list = (query: Record<string, string | number> = {}, token = org.members.admin.token) =>
      t.http.as(token).get(`/v1/orgs/${org.organization.id}/members`, { query });

    it('lists every member, newest joiner first, with the reference shape', async () => {
      const res = await list();
      expect(res.status).toBe(200);
      expect(res.body.count).toBe(5);
      const m = org.members;
      expect(ids(res)).toEqual([m.ada, m.guest, m.reader, m.creator, m.admin].map((u) => u.user.id));
      expect(res.body.items[0]).toMatchObject({ object: 'member', id: m.ada.user.id, role: 'edit', disabled: false, sso: false, spaces: 0, teams: 0 });
      expect(res.body.items[0].user).toMatchObject({ object: 'user', id: m.ada.user.id, displayName: 'Ada Lovelace' });
      expect(res.body.items[0].lastSeenAt).toBeUndefined();
    });

    it('orders oldest first with order=asc', async () => {
      expect(ids(await list({ order: 'asc' }))[0]).toBe(org.members.admin.user.id);
    });

    it.each([...MEMBER_ROLES, 'guest'])('filters by role=%s', async (role) => {
      const res = await list({ role });
      for (const member of res.body.items) expect(member.role).toBe(role === 'guest' ? null : role);
      expect(res.body.count).toBe({ admin: 1, create: 1, review: 0, edit: 1, comment: 0, read: 1, guest: 1 }[role]);
    });

    it('searches display names and emails, case-insensitively', async () => {
      expect(ids(await list({ search: 'LOVELACE' }))).toEqual([org.members.ada.user.id]);
      const byEmail = await list({ search: org.members.reader.user.email.toUpperCase().slice(0, 10) });
      expect(ids(byEmail)).toContain(org.members.reader.user.id);
      expect((await list({ search: '%' })).body.count).toBe(0);
    });

    it('sorts by last activity, listing only members seen at least once', async () => {
      t.clock.advance(1000);
      await t.http.as(org.members.reader.token).post(`/v1/orgs/${org.organization.id}/ping`);
      t.clock.advance(1000);
      await t.http.as(org.members.creator.token).post(`/v1/orgs/${org.organization.id}/ping`);
      const res = await list({ sort: 'lastSeenAt' });
      expect(ids(res)).toEqual([org.members.creator.user.id, org.members.reader.user.id]);
      expect(res.body.items[0].lastSeenAt).toBe(t.clock.now().toISOString());
      expect(ids(await list({ sort: 'lastSeenAt', order: 'asc' }))).toEqual([org.members.reader.user.id, org.members.creator.user.id]);
    });

    it('pages with a cursor tied to the filters', async () => {
      const first = await list({ limit: 2 });
      expect(first.body.items).toHaveLength(2);
      const all = await t.http.as(org.members.admin.token).all(`/v1/orgs/${org.organization.id}/members`, { limit: 2 });
      expect(all).toHaveLength(5);
      expect((await list({ limit: 2, page: first.body.next.page, role: 'read' })).status).toBe(400);
      expect((await list({ page: 'forged' })).status).toBe(400);
    });

    it.each([
      [{ order: 'sideways' }, 'order must be one of'],
      [{ role: 'owner' }, 'role must be one of'],
      [{ sort: 'name' }, 'sort must be one of'],
      [{ limit: 1001 }, 'limit must not be greater than 1000'],
      [{ colour: 'red' }, 'property colour should not exist'],
      [{ search: 's'.repeat(257) }, 'search must be shorter than or equal to 256 characters'],
    ])('refuses %j with 400', async (query, message) => {
      const res = await list(query as Record<string, string>);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain(message);
    });

    it('lets every member with a role list, and shows a guest only themselves', async () => {
      expect((await list({}, org.members.reader.token)).body.count).toBe(5);
      const guest = await list({}, org.members.guest.token);
      expect(guest.status).toBe(200);
      expect(ids(guest)).toEqual([org.members.guest.user.id]);
      expect(guest.body.count).toBe(1);
    });

    it('answers 404 to outsiders and 401 without a token', async () => {
      const outsider = await createUser(t);
      expect((await list({}, outsider.token)).status).toBe(404);
      expect((await t.http.as(undefined).get(`/v1/orgs/${org.organization.id}/members`)).status).toBe(401);
    });
  });

  describe('GET /v1/orgs/{organizationId}/members/{userId}', () => {
    it('answers a member; a guest sees only themselves', async () => {
      const { organization, members } = await createOrganization(t, { guest: null, reader: 'read' });
      const path = (userId: string) => `/v1/orgs/${organization.id}/members/${userId}`;
      const res = await t.http.as(members.reader.token).get(path(members.admin.user.id));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: members.admin.user.id, role: 'admin' });
      expect((await t.http.as(members.guest.token).get(path(members.guest.user.id))).status).toBe(200);
      expect((await t.http.as(members.guest.token).get(path(members.admin.user.id))).status).toBe(404);
      expect((await t.http.as(members.admin.token).get(path('nobody'))).status).toBe(404);
    });

    it("answers 404 for another organization's member", async () => {
      const a = await createOrganization(t);
      const b = await createOrganization(t);
      expect((await t.http.as(a.members.admin.token).get(`/v1/orgs/${a.organization.id}/members/${b.members.admin.user.id}`)).status).toBe(404);
      expect((await t.http.as(a.members.admin.token).get(`/v1/orgs/${b.organization.id}/members/${b.members.admin.user.id}`)).status).toBe(404);
    });
  });

  describe('PATCH /v1/orgs/{organizationId}/members/{userId}', () => {
    it('lets an admin change a role, to a guest too, with effect at once', async () => {
      const { organization, members } = await createOrganization(t, { reader: 'read' });
      const path = `/v1/orgs/${organization.id}/members/${members.reader.user.id}`;
      let res = await t.http.as(members.admin.token).patch(path, { role: 'admin' });
      expect(res.status).toBe(200);
      expect(res.body.role).toBe('admin');
      expect((await t.http.as(members.reader.token).get(`/v1/orgs/${organization.id}`)).body.permissions.admin).toBe(true);
      res = await t.http.as(members.admin.token).patch(path, { role: null });
      expect(res.body.role).toBeNull();
      expect((await t.http.as(members.reader.token).get(`/v1/orgs/${organization.id}/members`)).body.count).toBe(1);
      res = await t.http.as(members.admin.token).patch(path, {});
      expect(res.status).toBe(200);
      expect(res.body.role).toBeNull();
    });

    it.each([
      [{ role: 'owner' }, 'role must be one of admin, create, review, edit, comment, read or null'],
      [{ role: 5 }, 'role must be one of'],
      [{ role: 'read', sso: true }, 'property sso should not exist'],
    ])('refuses %j with 400', async (body, message) => {
      const { organization, members } = await createOrganization(t, { reader: 'read' });
      const res = await t.http.as(members.admin.token).patch(`/v1/orgs/${organization.id}/members/${members.reader.user.id}`, body);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain(message);
    });

    it('is for admins: 403 for members, 404 for guests and outsiders', async () => {
      const { organization, members } = await createOrganization(t, { creator: 'create', guest: null });
      const path = `/v1/orgs/${organization.id}/members/${members.admin.user.id}`;
      expect((await t.http.as(members.creator.token).patch(path, { role: 'read' })).status).toBe(403);
      expect((await t.http.as(members.guest.token).patch(path, { role: 'read' })).status).toBe(404);
      expect((await t.http.as((await createUser(t)).token).patch(path, { role: 'read' })).status).toBe(404);
    });

    it('never demotes the last admin', async () => {
      const { organization, members } = await createOrganization(t, { second: 'read' });
      const self = `/v1/orgs/${organization.id}/members/${members.admin.user.id}`;
      const res = await t.http.as(members.admin.token).patch(self, { role: 'read' });
      expect(res.status).toBe(409);
      expect(res.body.error.message).toContain('at least one admin');
      // With a second admin, either may step down, but not both.
      await t.http.as(members.admin.token).patch(`/v1/orgs/${organization.id}/members/${members.second.user.id}`, { role: 'admin' });
      const [a, b] = await Promise.all([
        t.http.as(members.admin.token).patch(self, { role: 'read' }),
        t.http.as(members.second.token).patch(`/v1/orgs/${organization.id}/members/${members.second.user.id}`, { role: 'read' }),
      ]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      const admins = await t.http.as(members.admin.token).get(`/v1/orgs/${organization.id}/members`, { query: { role: 'admin' } });
      expect(admins.body.count).toBe(1);
    });
  });

  describe('DELETE /v1/orgs/{organizationId}/members/{userId}', () => {
    it("removes a member, whose token stops reaching the organization at once", async () => {
      const { organization, members } = await createOrganization(t, { reader: 'read' });
      expect((await t.http.as(members.reader.token).get(`/v1/orgs/${organization.id}`)).status).toBe(200);
      const res = await t.http.as(members.admin.token).delete(`/v1/orgs/${organization.id}/members/${members.reader.user.id}`);
      expect(res.status).toBe(204);
      expect((await t.http.as(members.reader.token).get(`/v1/orgs/${organization.id}`)).status).toBe(404);
      expect((await t.http.as(members.reader.token).get(`/v1/orgs/${organization.id}/members`)).status).toBe(404);
      expect((await t.http.as(members.reader.token).get('/v1/user')).status).toBe(200);
      expect((await t.http.as(members.admin.token).get(`/v1/orgs/${organization.id}/members`)).body.count).toBe(1);
    });

    it('counts exactly on every page, an empty page after a cursor included', async () => {
      const { organization, members } = await createOrganization(t, { reader: 'read', editor: 'edit' });
      const path = `/v1/orgs/${organization.id}/members`;
      const first = await t.http.as(members.admin.token).get(path, { query: { limit: 2, order: 'asc' } });
      expect(first.body).toMatchObject({ count: 3 });
      expect(first.body.items).toHaveLength(2);
      // The last member (the editor, oldest first) is removed between two pages: the next page is empty and still counted.
      const last = (await t.http.as(members.admin.token).get(path, { query: { limit: 1, order: 'asc', page: first.body.next.page } })).body.items[0];
      expect((await t.http.as(members.admin.token).delete(`${path}/${last.id}`)).status).toBe(204);
      const emptied = await t.http.as(members.admin.token).get(path, { query: { limit: 2, order: 'asc', page: first.body.next.page } });
      expect(emptied.status).toBe(200);
      expect(emptied.body).toEqual({ items: [], count: 2 });
      expect((await t.http.as(members.admin.token).get(path, { query: { search: 'nobody-matches-this' } })).body).toEqual({ items: [], count: 0 });
    });

    it('lets a member leave, but not the last admin', async () => {
      const { organization, members } = await createOrganization(t, { reader: 'read' });
      expect((await t.http.as(members.reader.token).delete(`/v1/orgs/${organization.id}/members/${members.reader.user.id}`)).status).toBe(204);
      const last = await t.http.as(members.admin.token).delete(`/v1/orgs/${organization.id}/members/${members.admin.user.id}`);
      expect(last.status).toBe(409);
      expect(last.body.error.message).toContain('at least one admin');
    });

    it('is for admins when removing someone else', async () => {
      const { organization, members } = await createOrganization(t, { creator: 'create', reader: 'read' });
      expect((await t.http.as(members.creator.token).delete(`/v1/orgs/${organization.id}/members/${members.reader.user.id}`)).status).toBe(403);
      expect((await t.http.as(members.admin.token).delete(`/v1/orgs/${organization.id}/members/nobody`)).status).toBe(404);
    });
  });

  describe('POST /v1/orgs/{organizationId}/members/{userId}/sso', () => {
    it('makes a member an SSO member (admins)', async () => {
      const { organization, members } = await createOrganization(t, { reader: 'read' });
      const path = `/v1/orgs/${organization.id}/members/${members.reader.user.id}/sso`;
      expect((await t.http.as(members.reader.token).post(path)).status).toBe(403);
      const res = await t.http.as(members.admin.token).post(path);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: members.reader.user.id, sso: true });
      expect((await t.http.as(members.admin.token).post(`/v1/orgs/${organization.id}/members/nobody/sso`)).status).toBe(404);
    });
  });

  describe('POST /v1/orgs/{organizationId}/ping', () => {
    it("records the caller's activity and answers claims the server can verify", async () => {
      const { organization, members } = await createOrganization(t, { guest: null });
      const res = await t.http.as(members.guest.token).post(`/v1/orgs/${organization.id}/ping`);
      expect(res.status).toBe(200);
      const claims = await t.get(VisitorClaimsTokens).verify(res.body.serviceVisitorClaims);
      expect(claims).toEqual({ organizationId: organization.id, userId: members.guest.user.id, role: null });
      const me = await t.http.as(members.guest.token).get(`/v1/orgs/${organization.id}/members/${members.guest.user.id}`);
      expect(me.body.lastSeenAt).toBe(t.clock.now().toISOString());
      await expect(t.get(VisitorClaimsTokens).verify(`${res.body.serviceVisitorClaims}x`)).rejects.toThrow();
      t.clock.advance(2 * 60 * 60 * 1000);
      await expect(t.get(VisitorClaimsTokens).verify(res.body.serviceVisitorClaims)).rejects.toThrow();
    });

    it('answers 404 to outsiders', async () => {
      const { organization } = await createOrganization(t);
      expect((await t.http.as((await createUser(t)).token).post(`/v1/orgs/${organization.id}/ping`)).status).toBe(404);
    });
  });

  describe('counts', () => {
    it('counts the teams of each member truly', async () => {
      const { organization, members } = await createOrganization(t, { reader: 'read' });
      const teams = `/v1/orgs/${organization.id}/teams`;
      const one = await t.http.as(members.admin.token).put(teams, { title: 'One', members: [members.reader.user.id] });
      await t.http.as(members.admin.token).put(teams, { title: 'Two', members: [members.reader.user.id, members.admin.user.id] });
      const member = async (userId: string) => (await t.http.as(members.admin.token).get(`/v1/orgs/${organization.id}/members/${userId}`)).body;
      expect((await member(members.reader.user.id)).teams).toBe(2);
      expect((await member(members.admin.user.id)).teams).toBe(1);
      const listed = async () =>
        Object.fromEntries(
          ((await t.http.as(members.admin.token).get(`/v1/orgs/${organization.id}/members`)).body.items as { id: string; teams: number }[]).map(
            (item) => [item.id, item.teams],
          ),
        );
      expect(await listed()).toEqual({ [members.reader.user.id]: 2, [members.admin.user.id]: 1 });
      await t.http.as(members.admin.token).delete(`${teams}/${one.body.id}`);
      expect((await member(members.reader.user.id)).teams).toBe(1);
      expect(await listed()).toEqual({ [members.reader.user.id]: 1, [members.admin.user.id]: 1 });
    });

    it('re-adding a removed member starts with no teams', async () => {
      const { organization, members } = await createOrganization(t, { reader: 'read' });
      await t.http.as(members.admin.token).put(`/v1/orgs/${organization.id}/teams`, { title: 'T', members: [members.reader.user.id] });
      await t.http.as(members.admin.token).delete(`/v1/orgs/${organization.id}/members/${members.reader.user.id}`);
      await addMember(t, organization.id, members.reader, 'read');
      const res = await t.http.as(members.admin.token).get(`/v1/orgs/${organization.id}/members/${members.reader.user.id}`);
      expect(res.body.teams).toBe(0);
    });
  });
});
