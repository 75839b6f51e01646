import { createTestApp, TestApp } from '@docs/platform/testing';
import { createOrganization, createUser } from '../../testing';
import { IdentityModule } from '../identity.module';

describe('teams', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ imports: [IdentityModule] });
  });
  afterAll(() => t.close());

  describe('PUT /v1/orgs/{organizationId}/teams', () => {
    it('creates a team with its first members (admins)', async () => {
      const { organization, members } = await createOrganization(t, { reader: 'read', editor: 'edit' });
      const res = await t.http.as(members.admin.token).put(`/v1/orgs/${organization.id}/teams`, {
        title: 'Writers',
        members: [members.reader.user.id, members.editor.user.id, members.reader.user.id],
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ object: 'team', title: 'Writers', members: 2, spaces: 0, createdAt: t.clock.now().toISOString() });
      expect(res.body.permissions).toEqual({ admin: true, view: true });
      const list = await t.http.as(members.admin.token).get(`/v1/orgs/${organization.id}/teams/${res.body.id}/members`);
      expect(list.body.items.map((m: { team: { role: string } }) => m.team.role)).toEqual(['member', 'member']);
    });

    it.each([
      [{}, 'title is required'],
      [{ title: '' }, 'title must be longer than or equal to 1 characters'],
      [{ title: 'x'.repeat(65) }, 'title must be shorter than or equal to 64 characters'],
      [{ title: 'T', members: 'abc' }, 'members must be an array'],
      [{ title: 'T', members: [1] }, 'each value in members must be a string'],
      [{ title: 'T', owner: 'x' }, 'property owner should not exist'],
    ])('refuses %j with 400', async (body, message) => {
      const { organization, members } = await createOrganization(t);
      const res = await t.http.as(members.admin.token).put(`/v1/orgs/${organization.id}/teams`, body);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain(message);
    });

    it('accepts titles of 1 and 64 characters', async () => {
      const { organization, members } = await createOrganization(t);
      for (const title of ['x', 'y'.repeat(64)]) {
        expect((await t.http.as(members.admin.token).put(`/v1/orgs/${organization.id}/teams`, { title })).status).toBe(201);
      }
    });

    it('refuses members of other organizations, naming them, and creates nothing', async () => {
      const { organization, members } = await createOrganization(t, { reader: 'read' });
      const stranger = await createUser(t);
      const res = await t.http.as(members.admin.token).put(`/v1/orgs/${organization.id}/teams`, {
        title: 'Mixed',
        members: [members.reader.user.id, stranger.user.id],
      });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(`members[1]: no member of this organization has the user id ${stranger.user.id}.`);
      expect((await t.http.as(members.admin.token).get(`/v1/orgs/${organization.id}/teams`)).body.count).toBe(0);
    });

    it('is for admins', async () => {
      const { organization, members } = await createOrganization(t, { creator: 'create', guest: null });
      expect((await t.http.as(members.creator.token).put(`/v1/orgs/${organization.id}/teams`, { title: 'No' })).status).toBe(403);
      expect((await t.http.as(members.guest.token).put(`/v1/orgs/${organization.id}/teams`, { title: 'No' })).status).toBe(403);
      expect((await t.http.as((await createUser(t)).token).put(`/v1/orgs/${organization.id}/teams`, { title: 'No' })).status).toBe(404);
      expect((await t.http.as(undefined).put(`/v1/orgs/${organization.id}/teams`, { title: 'No' })).status).toBe(401);
    });
  });

  describe('GET /v1/orgs/{organizationId}/teams', () => {
    it('lists newest first, filters by title and by who can manage', async () => {
      const { organization, members } = await createOrganization(t, { lead: 'read', reader: 'read', guest: null });
      const create = async (title: string, memberIds: string[] = []) => {
        t.clock.advance(1000);
        return (await t.http.as(members.admin.token).put(`/v1/orgs/${organization.id}/teams`, { title, members: memberIds })).body.id as string;
      };
      const docs = await create('Docs Writers', [members.lead.user.id, members.guest.user.id]);
      const api = await create('API reviewers', [members.reader.user.id]);
      const ops = await create('Operations');
      await t.http.as(members.admin.token).put(`/v1/orgs/${organization.id}/teams/${docs}/members/${members.lead.user.id}`, { role: 'owner' });
      const list = (query: Record<string, string> = {}, token = members.admin.token) =>
        t.http.as(token).get(`/v1/orgs/${organization.id}/teams`, { query });
      const idsOf = async (query: Record<string, string>, token?: string) => (await list(query, token)).body.items.map((x: { id: string }) => x.id);

      const all = await list();
      expect(all.body.count).toBe(3);
      expect(all.body.items.map((x: { id: string }) => x.id)).toEqual([ops, api, docs]);
      expect(all.body.items[2]).toMatchObject({ title: 'Docs Writers', members: 2 });
      expect(await idsOf({ title: 'WRITER' })).toEqual([docs]);
      expect(await idsOf({ title: 'e' })).toEqual([ops, api, docs]);
      expect(await idsOf({ owner: members.lead.user.id })).toEqual([docs]);
      expect(await idsOf({ owner: members.reader.user.id })).toEqual([]);
      expect(await idsOf({ owner: members.admin.user.id })).toEqual([ops, api, docs]);
      expect(await idsOf({ owner: 'nobody' })).toEqual([]);
      // Every member with a role sees every team; a guest only theirs.
      expect(await idsOf({}, members.reader.token)).toEqual([ops, api, docs]);
      expect(await idsOf({}, members.guest.token)).toEqual([docs]);
      // Permissions are the viewer's.
      const asLead = await list({}, members.lead.token);
      expect(asLead.body.items.map((x: { permissions: { admin: boolean } }) => x.permissions.admin)).toEqual([false, false, true]);
      // The organization reports the lead as a team owner.
      expect((await t.http.as(members.lead.token).get(`/v1/orgs/${organization.id}`)).body.permissions.ownTeam).toBe(true);
      expect((await t.http.as(members.reader.token).get(`/v1/orgs/${organization.id}`)).body.permissions.ownTeam).toBe(false);
      // Pages.
      expect(await t.http.as(members.admin.token).all(`/v1/orgs/${organization.id}/teams`, { limit: 1 })).toHaveLength(3);
      expect((await list({ page: 'forged' })).status).toBe(400);
      expect((await list({ title: 'x'.repeat(65) })).status).toBe(400);
    });
  });

  describe('GET, PATCH, DELETE /v1/orgs/{organizationId}/teams/{teamId}', () => {
    it('reads, renames (admins) and deletes (admins) a team', async () => {
      const { organization, members } = await createOrganization(t, { reader: 'read', guest: null });
      const id = (await t.http.as(members.admin.token).put(`/v1/orgs/${organization.id}/teams`, { title: 'Old' })).body.id;
      const path = `/v1/orgs/${organization.id}/teams/${id}`;
      expect((await t.http.as(members.reader.token).get(path)).body).toMatchObject({ id, title: 'Old', permissions: { admin: false, view: true } });
      expect((await t.http.as(members.guest.token).get(path)).status).toBe(404);
      expect((await t.http.as(members.reader.token).patch(path, { title: 'New' })).status).toBe(403);
      const renamed = await t.http.as(members.admin.token).patch(path, { title: 'New' });
      expect(renamed.status).toBe(200);
      expect(renamed.body.title).toBe('New');
      expect((await t.http.as(members.admin.token).get(path)).body.title).toBe('New');
      expect((await t.http.as(members.admin.token).patch(path, { title: '' })).status).toBe(400);
      expect((await t.http.as(members.admin.token).patch(path, {})).status).toBe(400);
      expect((await t.http.as(members.reader.token).delete(path)).status).toBe(403);
      expect((await t.http.as(members.admin.token).delete(path)).status).toBe(204);
      expect((await t.http.as(members.admin.token).get(path)).status).toBe(404);
      expect((await t.http.as(members.admin.token).delete(path)).status).toBe(404);
      expect((await t.http.as(members.admin.token).get(`/v1/orgs/${organization.id}/members`)).body.count).toBe(3);
    });

    it("answers 404 for another organization's team", async () => {
      const a = await createOrganization(t);
      const b = await createOrganization(t);
      const id = (await t.http.as(b.members.admin.token).put(`/v1/orgs/${b.organization.id}/teams`, { title: 'B' })).body.id;
      expect((await t.http.as(a.members.admin.token).get(`/v1/orgs/${a.organization.id}/teams/${id}`)).status).toBe(404);
      expect((await t.http.as(a.members.admin.token).patch(`/v1/orgs/${a.organization.id}/teams/${id}`, { title: 'x' })).status).toBe(404);
      expect((await t.http.as(a.members.admin.token).delete(`/v1/orgs/${a.organization.id}/teams/${id}`)).status).toBe(404);
      expect((await t.http.as(a.members.admin.token).get(`/v1/orgs/${b.organization.id}/teams/${id}`)).status).toBe(404);
    });
  });

  describe('team members', () => {
    const setup = async () => {
      const org = await createOrganization(t, { owner: 'read', plain: 'read', other: 'read', creator: 'create', guest: null });
      const team = (await t.http.as(org.members.admin.token).put(`/v1/orgs/${org.organization.id}/teams`, {
        title: 'Team',
        members: [org.members.owner.user.id, org.members.plain.user.id],
      })).body.id as string;
      await t.http.as(org.members.admin.token).put(`/v1/orgs/${org.organization.id}/teams/${team}/members/${org.members.owner.user.id}`, { role: 'owner' });
      const base = `/v1/orgs/${org.organization.id}/teams/${team}/members`;
      const roles = async () => {
        const items = await t.http.as(org.members.admin.token).all(base);
        return Object.fromEntries(items.map((i: { organization: { id: string }; team: { role: string } }) => [i.organization.id, i.team.role]));
      };
      return { ...org, team, base, roles };
    };

    it('lists members with their organization membership, team role and permissions', async () => {
      const { members, base, organization, team } = await setup();
      const res = await t.http.as(members.plain.token).get(base);
      expect(res.status).toBe(200);
      expect(res.body.count).toBe(2);
      expect(res.body.items[0]).toMatchObject({ organization: { object: 'member', teams: 1 }, team: { role: expect.any(String) }, permissions: { view: true } });
      expect((await t.http.as(members.guest.token).get(base)).status).toBe(404);
      const team2 = await t.http.as(members.admin.token).get(`/v1/orgs/${organization.id}/teams/${team}`);
      expect(team2.body.members).toBe(2);
    });

    it('adds by id or email, removes, sets roles; both added and removed means removed', async () => {
      const { members, base, roles } = await setup();
      const res = await t.http.as(members.admin.token).put(base, {
        add: [members.other.user.email.toUpperCase(), members.creator.user.id, members.plain.user.id],
        remove: [members.plain.user.email],
        memberships: { [members.creator.user.id]: { role: 'owner' } },
      });
      expect(res.status).toBe(204);
      expect(res.text).toBe('');
      expect(await roles()).toEqual({
        [members.owner.user.id]: 'owner',
        [members.other.user.id]: 'member',
        [members.creator.user.id]: 'owner',
      });
    });

    it('adds users named only in memberships, and keeps roles of members re-added without one', async () => {
      const { members, base, roles } = await setup();
      await t.http.as(members.admin.token).put(base, { add: [members.owner.user.id], memberships: { [members.other.user.id]: { role: 'owner' } } });
      expect(await roles()).toMatchObject({ [members.owner.user.id]: 'owner', [members.other.user.id]: 'owner' });
    });

    it.each([
      [{ add: ['nobody@example.com'] }, 'add[0]: no member of this organization has the user id or email nobody@example.com.'],
      [{ remove: ['x', 'y'] }, 'remove[0]: no member of this organization has the user id or email x.'],
      [{ memberships: { nobody: { role: 'owner' } } }, 'memberships[0]: no member of this organization has the user id nobody.'],
      [{ memberships: { someone: { role: 'boss' } } }, 'memberships.someone.role must be one of owner, member'],
      // Declared an object: an array is refused by the input rules, whatever the DTO.
      [{ memberships: ['x'] }, 'memberships must be an object, not an array'],
      [{ memberships: { someone: { role: 'owner', since: 1 } } }, 'memberships.someone has unknown field since'],
      [{ add: 'x' }, 'add must be an array'],
      [{ extra: true }, 'property extra should not exist'],
      [{ add: Array.from({ length: 1001 }, (_, i) => `u${i}`) }, 'add must contain no more than 1000 elements'],
      [{ remove: ['x'.repeat(321)] }, 'each value in remove must be shorter than or equal to 320 characters'],
    ])('refuses %j with 400 and changes nothing', async (body, message) => {
      const { members, base, roles } = await setup();
      const before = await roles();
      const res = await t.http.as(members.admin.token).put(base, body);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(message);
      expect(await roles()).toEqual(before);
    });

    it('refuses users of another organization even by email', async () => {
      const { members, base } = await setup();
      const stranger = await createUser(t);
      const res = await t.http.as(members.admin.token).put(base, { add: [stranger.user.email] });
      expect(res.status).toBe(400);
    });

    it("lets the team's owners manage it, not its plain members nor other members", async () => {
      const { members, base, roles } = await setup();
      expect((await t.http.as(members.owner.token).put(base, { add: [members.other.user.id] })).status).toBe(204);
      expect((await t.http.as(members.owner.token).put(`${base}/${members.plain.user.id}`, { role: 'owner' })).status).toBe(204);
      expect((await t.http.as(members.creator.token).put(base, { add: [members.creator.user.id] })).status).toBe(403);
      expect((await t.http.as(members.other.token).delete(`${base}/${members.owner.user.id}`)).status).toBe(403);
      expect((await t.http.as(members.guest.token).put(base, { add: [] })).status).toBe(404);
      expect(await roles()).toEqual({ [members.owner.user.id]: 'owner', [members.plain.user.id]: 'owner', [members.other.user.id]: 'member' });
    });

    it('PUT .../members/{userId} adds as member by default, sets a role, keeps it when absent', async () => {
      const { members, base, roles } = await setup();
      expect((await t.http.as(members.admin.token).put(`${base}/${members.other.user.id}`)).status).toBe(204);
      expect((await roles())[members.other.user.id]).toBe('member');
      await t.http.as(members.admin.token).put(`${base}/${members.other.user.id}`, { role: 'owner' });
      await t.http.as(members.admin.token).put(`${base}/${members.other.user.id}`, {});
      expect((await roles())[members.other.user.id]).toBe('owner');
      expect((await t.http.as(members.admin.token).put(`${base}/${members.other.user.id}`, { role: 'chief' })).status).toBe(400);
      expect((await t.http.as(members.admin.token).put(`${base}/nobody`, {})).status).toBe(404);
    });

    it('DELETE .../members/{userId} removes, and answers 404 for someone not in the team', async () => {
      const { members, base, roles } = await setup();
      expect((await t.http.as(members.admin.token).delete(`${base}/${members.plain.user.id}`)).status).toBe(204);
      expect(Object.keys(await roles())).toEqual([members.owner.user.id]);
      expect((await t.http.as(members.admin.token).delete(`${base}/${members.plain.user.id}`)).status).toBe(404);
    });

    it('leaving the organization leaves its teams', async () => {
      const { members, base, roles, organization } = await setup();
      await t.http.as(members.admin.token).delete(`/v1/orgs/${organization.id}/members/${members.plain.user.id}`);
      expect(Object.keys(await roles())).toEqual([members.owner.user.id]);
      expect((await t.http.as(members.admin.token).get(base)).body.count).toBe(1);
    });
  });

  describe('GET /v1/orgs/{organizationId}/members/{userId}/teams', () => {
    it("lists a member's teams with their role, filtered by title", async () => {
      const { organization, members } = await createOrganization(t, { reader: 'read', guest: null });
      const make = async (title: string, memberIds: string[]) => {
        t.clock.advance(1000);
        return (await t.http.as(members.admin.token).put(`/v1/orgs/${organization.id}/teams`, { title, members: memberIds })).body.id;
      };
      const alpha = await make('Alpha', [members.reader.user.id]);
      const beta = await make('Beta', [members.reader.user.id, members.guest.user.id]);
      await make('Gamma', []);
      await t.http.as(members.admin.token).put(`/v1/orgs/${organization.id}/teams/${beta}/members/${members.reader.user.id}`, { role: 'owner' });
      const path = (userId: string) => `/v1/orgs/${organization.id}/members/${userId}/teams`;
      const res = await t.http.as(members.admin.token).get(path(members.reader.user.id));
      expect(res.status).toBe(200);
      expect(res.body.items.map((i: { team: { id: string }; member: { role: string } }) => [i.team.id, i.member.role])).toEqual([
        [beta, 'owner'],
        [alpha, 'member'],
      ]);
      const filtered = await t.http.as(members.reader.token).get(path(members.reader.user.id), { query: { title: 'ALP' } });
      expect(filtered.body.items.map((i: { team: { id: string } }) => i.team.id)).toEqual([alpha]);
      // A guest lists their own teams, never someone else's.
      expect((await t.http.as(members.guest.token).get(path(members.guest.user.id))).body.count).toBe(1);
      expect((await t.http.as(members.guest.token).get(path(members.reader.user.id))).status).toBe(404);
      expect((await t.http.as(members.admin.token).get(path('nobody'))).status).toBe(404);
    });
  });
});
