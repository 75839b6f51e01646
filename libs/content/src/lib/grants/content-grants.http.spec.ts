import { IdentityModule } from '@docs/identity';
import { addMember, createOrganization, createUser, TestOrganization, TestUser } from '@docs/identity/testing';
import { createTestApp, TestApp } from '@docs/platform/testing';
import { createCollection, createSpace, listIds, setDefaultLevel } from '../../testing';
import { ContentModule } from '../content.module';

/**
 * Grants of roles on spaces and collections to members and teams, over HTTP: their effect on
 * reads, writes, lists and counts (the highest of the organization role through the default
 * levels and every grant reaching the person), taking effect on the next request, and the bad
 * input that stores nothing. The cells per role are in grant-permissions.http.spec.ts.
 */
describe('grants on spaces and collections', () => {
  let t: TestApp;
  let org: TestOrganization<'create' | 'edit' | 'read' | 'reader2' | 'guest'>;
  let outsider: TestUser;
  const orgId = () => org.organization.id;
  const token = (who: keyof typeof org.members) => org.members[who].token;
  const id = (who: keyof typeof org.members) => org.members[who].user.id;
  const as = (who: keyof typeof org.members) => t.http.as(token(who));

  beforeAll(async () => {
    t = await createTestApp({ imports: [ContentModule, IdentityModule] });
    org = await createOrganization(t, { create: 'create', edit: 'edit', read: 'read', reader2: 'read', guest: null });
    outsider = await createUser(t);
  });
  afterAll(() => t.close());

  async function privateSpace(parent?: string): Promise<string> {
    const space = await createSpace(t, token('admin'), orgId(), parent ? { parent } : {});
    await setDefaultLevel(t, token('admin'), { object: 'space', id: space.id }, null);
    return space.id;
  }

  async function team(members: string[]): Promise<string> {
    const res = await as('admin').put(`/v1/orgs/${orgId()}/teams`, { title: `Team ${Math.random()}`, members });
    expect(res.status).toBe(201);
    return res.body.id;
  }

  const grant = async (object: string, body: Record<string, unknown>, who: keyof typeof org.members = 'admin') =>
    (await as(who).post(`${object}/permissions`, body)).status;

  it('lets a granted member into a private space at the granted level, and nobody else', async () => {
    const spaceId = await privateSpace();
    expect((await as('read').get(`/v1/spaces/${spaceId}`)).status).toBe(404);
    expect(await grant(`/v1/spaces/${spaceId}`, { role: 'edit', users: [id('read')] })).toBe(204);

    const seen = await as('read').get(`/v1/spaces/${spaceId}`);
    expect(seen.status).toBe(200);
    expect(seen.body.permissions).toMatchObject({ view: true, edit: true, review: false, admin: false });
    expect((await as('read').post(`/v1/spaces/${spaceId}/content/pages`, { title: 'Granted' })).status).toBe(201);
    expect((await as('reader2').get(`/v1/spaces/${spaceId}`)).status).toBe(404);
    expect((await as('create').get(`/v1/spaces/${spaceId}`)).status).toBe(404);

    // The lists of the grantee show it, with counts that match; the others' do not.
    expect(await listIds(t, token('read'), `/v1/orgs/${orgId()}/spaces`)).toContain(spaceId);
    expect(await listIds(t, token('reader2'), `/v1/orgs/${orgId()}/spaces`)).not.toContain(spaceId);
    for (const who of ['read', 'reader2', 'admin'] as const) {
      const page = await as(who).get(`/v1/orgs/${orgId()}/spaces`);
      expect([who, page.body.count]).toEqual([who, page.body.items.length]);
      const counted = await as(who).get(`/v1/orgs/${orgId()}/spaces`, { query: { limit: 0 } });
      expect([who, counted.body.count]).toEqual([who, page.body.items.length]);
    }
    const mine = await as('read').get(`/v1/orgs/${orgId()}/members/${id('read')}/spaces`);
    expect(mine.body.items.find((item: { space: { id: string } }) => item.space.id === spaceId)?.permission).toBe('edit');
    expect(mine.body.count).toBe(mine.body.items.length);

    // Removed: 205, then 204; gone at the next request.
    expect((await as('admin').delete(`/v1/spaces/${spaceId}/permissions/users/${id('read')}`)).status).toBe(205);
    expect((await as('admin').delete(`/v1/spaces/${spaceId}/permissions/users/${id('read')}`)).status).toBe(204);
    expect((await as('read').get(`/v1/spaces/${spaceId}`)).status).toBe(404);
    expect(await listIds(t, token('read'), `/v1/orgs/${orgId()}/spaces`)).not.toContain(spaceId);
  });

  it('takes the highest of the organization role and the grants, never lowering anyone', async () => {
    const { id: spaceId } = await createSpace(t, token('admin'), orgId());
    await setDefaultLevel(t, token('admin'), { object: 'space', id: spaceId }, 'comment');
    await as('admin').post(`/v1/spaces/${spaceId}/permissions`, { role: 'read', users: [id('edit')] });
    await as('admin').post(`/v1/spaces/${spaceId}/permissions`, { role: 'review', users: [id('read')] });
    // edit is capped at comment by the default level; a read grant does not lower it further.
    expect((await as('edit').get(`/v1/spaces/${spaceId}`)).body.permissions).toMatchObject({ comment: true, edit: false });
    expect((await as('read').get(`/v1/spaces/${spaceId}`)).body.permissions).toMatchObject({ review: true, admin: false });
  });

  it("reaches a team's members, and stops when they leave the team or the team is deleted", async () => {
    const spaceId = await privateSpace();
    const teamId = await team([id('read'), id('reader2')]);
    expect(await grant(`/v1/spaces/${spaceId}`, { role: 'comment', teams: [teamId] })).toBe(204);
    for (const who of ['read', 'reader2'] as const) expect((await as(who).get(`/v1/spaces/${spaceId}`)).body.permissions.comment).toBe(true);

    expect((await as('admin').delete(`/v1/orgs/${orgId()}/teams/${teamId}/members/${id('reader2')}`)).status).toBe(204);
    expect((await as('reader2').get(`/v1/spaces/${spaceId}`)).status).toBe(404);
    expect((await as('read').get(`/v1/spaces/${spaceId}`)).status).toBe(200);

    const teams = await as('read').get(`/v1/spaces/${spaceId}/permissions/teams`);
    expect(teams.body.items.map((item: { permission: string; team: { id: string } }) => [item.permission, item.team.id])).toEqual([['comment', teamId]]);

    expect((await as('admin').delete(`/v1/orgs/${orgId()}/teams/${teamId}`)).status).toBe(204);
    expect((await as('read').get(`/v1/spaces/${spaceId}`)).status).toBe(404);
  });

  it('reaches everything below a granted collection, whatever its default levels', async () => {
    const top = await createCollection(t, token('admin'), orgId());
    await setDefaultLevel(t, token('admin'), { object: 'collection', id: top.id }, null);
    const inner = await createCollection(t, token('admin'), orgId(), { parent: top.id });
    const inheriting = (await createSpace(t, token('admin'), orgId(), { parent: inner.id })).id;
    const shut = await privateSpace(inner.id);
    const outside = await privateSpace();

    expect(await grant(`/v1/collections/${top.id}`, { role: 'read', users: [id('read')] })).toBe(204);
    for (const spaceId of [inheriting, shut]) expect((await as('read').get(`/v1/spaces/${spaceId}`)).status).toBe(200);
    expect((await as('read').get(`/v1/spaces/${outside}`)).status).toBe(404);
    expect((await as('read').get(`/v1/collections/${inner.id}`)).status).toBe(200);
    expect((await as('reader2').get(`/v1/collections/${inner.id}`)).status).toBe(404);

    const collections = await listIds(t, token('read'), `/v1/orgs/${orgId()}/collections`);
    expect(collections).toEqual(expect.arrayContaining([top.id, inner.id]));
    const inInner = await as('read').get(`/v1/collections/${inner.id}/spaces`);
    expect(inInner.body.items.map((space: { id: string }) => space.id).sort()).toEqual([inheriting, shut].sort());
    expect(inInner.body.count).toBe(2);
    const spaces = await as('read').get(`/v1/orgs/${orgId()}/spaces`, { query: { limit: 1000 } });
    expect(spaces.body.count).toBe(spaces.body.items.length);
  });

  it('lets a guest into exactly what is granted to them', async () => {
    const spaceId = await privateSpace();
    const { id: open } = await createSpace(t, token('admin'), orgId());
    expect(await grant(`/v1/spaces/${spaceId}`, { role: 'read', users: [id('guest')] })).toBe(204);
    expect((await as('guest').get(`/v1/spaces/${spaceId}`)).status).toBe(200);
    expect((await as('guest').get(`/v1/spaces/${open}`)).status).toBe(404);
    const listed = await as('guest').get(`/v1/orgs/${orgId()}/spaces`);
    expect(listed.body.items.map((space: { id: string }) => space.id)).toEqual([spaceId]);
    expect(listed.body.count).toBe(1);
    expect((await as('guest').get(`/v1/orgs/${orgId()}/spaces`, { query: { limit: 0 } })).body.count).toBe(1);
    expect((await as('guest').get(`/v1/orgs/${orgId()}/collections`)).body.items).toEqual([]);
    // Guests see no other member: they cannot list who the space is shared with.
    expect((await as('guest').get(`/v1/spaces/${spaceId}/permissions/users`)).status).toBe(403);
  });

  it('lists the users granted on the object itself, paged', async () => {
    const spaceId = await privateSpace();
    await as('admin').post(`/v1/spaces/${spaceId}/permissions`, { role: 'read', users: [id('read'), id('reader2'), id('guest')] });
    await as('admin').patch(`/v1/spaces/${spaceId}/permissions/users/${id('reader2')}`, { role: 'comment' });
    const first = await as('admin').get(`/v1/spaces/${spaceId}/permissions/users`, { query: { limit: 2 } });
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(3);
    expect(first.body.items).toHaveLength(2);
    const all = await t.http.as(token('admin')).all<{ permission: string; user: { id: string } }>(`/v1/spaces/${spaceId}/permissions/users`, { limit: 2 });
    expect(Object.fromEntries(all.map((item) => [item.user.id, item.permission]))).toEqual({ [id('read')]: 'read', [id('reader2')]: 'comment', [id('guest')]: 'read' });
  });

  it('stores nothing for bad input: unknown or foreign users and teams (404), roles that do not exist (400), more than the granter holds (403)', async () => {
    const spaceId = await privateSpace();
    const other = await createOrganization(t, { someone: 'read' });
    const foreignTeam = (await t.http.as(other.members.admin.token).put(`/v1/orgs/${other.organization.id}/teams`, { title: 'Theirs' })).body.id;
    await addMember(t, other.organization.id, outsider, 'read');
    const base = `/v1/spaces/${spaceId}/permissions`;
    const cases: [Record<string, unknown>, number, string?][] = [
      [{ role: 'read', users: [id('read'), 'nobody'] }, 404, 'no member with the id nobody'],
      [{ role: 'read', users: [outsider.user.id] }, 404],
      [{ role: 'read', teams: [foreignTeam] }, 404, 'no team'],
      [{ role: 'owner', users: [id('read')] }, 400, 'role must be one of'],
      [{ role: null, users: [id('read')] }, 400, 'role'],
      [{ role: 'read' }, 400, 'users'],
      [{ role: 'read', users: [] }, 400, 'users'],
      [{ role: 'read', users: [id('read')], extra: true }, 400],
    ];
    for (const [body, status, message] of cases) {
      const res = await as('admin').post(base, body);
      expect([body, res.status]).toEqual([body, status]);
      if (message) expect(res.body.error.message).toContain(message);
    }
    expect((await as('admin').patch(`${base}/users/${id('read')}`, { role: 'superuser' })).status).toBe(400);
    expect((await as('admin').patch(`${base}/users/${outsider.user.id}`, { role: 'read' })).status).toBe(404);
    expect((await as('admin').patch(`${base}/teams/${foreignTeam}`, { role: 'read' })).status).toBe(404);
    expect((await as('admin').get(`${base}/users`)).body.count).toBe(0);

    // A creator shares up to their own level, and never touches a grant above it.
    const { id: shared } = await createSpace(t, token('admin'), orgId());
    const sharedBase = `/v1/spaces/${shared}/permissions`;
    expect((await as('create').post(sharedBase, { role: 'admin', users: [id('read')] })).status).toBe(403);
    expect((await as('create').post(sharedBase, { role: 'create', users: [id('read')] })).status).toBe(204);
    await as('admin').patch(`${sharedBase}/users/${id('reader2')}`, { role: 'admin' });
    expect((await as('create').patch(`${sharedBase}/users/${id('reader2')}`, { role: 'read' })).status).toBe(403);
    expect((await as('create').delete(`${sharedBase}/users/${id('reader2')}`)).status).toBe(403);
    expect((await as('edit').post(sharedBase, { role: 'read', users: [id('guest')] })).status).toBe(403);
    const listed = await t.http.as(token('admin')).all<{ permission: string; user: { id: string } }>(`${sharedBase}/users`);
    expect(Object.fromEntries(listed.map((item) => [item.user.id, item.permission]))).toEqual({ [id('read')]: 'create', [id('reader2')]: 'admin' });
  });

  it('aggregates exactly the people who reach a space or collection, with their level and its origin, paged', async () => {
    type Person = { permission: string; user: { id: string }; origin: Record<string, string>; team?: string };
    const aggregate = async (path: string, query: Record<string, string | number> = {}) =>
      Object.fromEntries(
        (await t.http.as(token('edit')).all<Person>(`${path}/permissions/aggregate`, query)).map((person) => [person.user.id, [person.permission, person.origin, person.team]]),
      );
    const organization = { type: 'organization', organization: orgId() };

    // An open space: every member with a role, at their role; no guest.
    const { id: open } = await createSpace(t, token('admin'), orgId());
    expect(await aggregate(`/v1/spaces/${open}`)).toEqual({
      [id('admin')]: ['admin', organization, undefined],
      [id('create')]: ['create', organization, undefined],
      [id('edit')]: ['edit', organization, undefined],
      [id('read')]: ['read', organization, undefined],
      [id('reader2')]: ['read', organization, undefined],
    });

    // A private space under a collection: the admin, and whom grants reach (own, a team's, the collection's).
    const collection = await createCollection(t, token('admin'), orgId());
    const spaceId = await privateSpace(collection.id);
    const teamId = await team([id('reader2'), id('guest')]);
    await as('admin').post(`/v1/spaces/${spaceId}/permissions`, { role: 'comment', users: [id('read')] });
    await as('admin').post(`/v1/spaces/${spaceId}/permissions`, { role: 'edit', teams: [teamId] });
    await as('admin').post(`/v1/collections/${collection.id}/permissions`, { role: 'review', users: [id('edit')] });
    const space = { type: 'space', space: spaceId };
    expect(await aggregate(`/v1/spaces/${spaceId}`)).toEqual({
      [id('admin')]: ['admin', organization, undefined],
      [id('edit')]: ['review', { type: 'collection', collection: collection.id }, undefined],
      [id('read')]: ['comment', space, undefined],
      [id('reader2')]: ['edit', space, teamId],
      [id('guest')]: ['edit', space, teamId],
    });
    expect(Object.keys(await aggregate(`/v1/spaces/${spaceId}`, { role: 'edit' })).sort()).toEqual([id('reader2'), id('guest')].sort());
    const first = await as('edit').get(`/v1/spaces/${spaceId}/permissions/aggregate`, { query: { limit: 2 } });
    expect([first.body.count, first.body.items.length, typeof first.body.next?.page]).toEqual([5, 2, 'string']);
    // The collection itself: its own grant and every member its (open) default level lets in.
    expect((await aggregate(`/v1/collections/${collection.id}`))[id('edit')]).toEqual(['review', { type: 'collection', collection: collection.id }, undefined]);
    expect((await as('edit').get(`/v1/spaces/${spaceId}/permissions/aggregate`, { query: { role: 'owner' } })).status).toBe(400);
    expect((await as('guest').get(`/v1/spaces/${spaceId}/permissions/aggregate`)).status).toBe(403);
  });

  it('drops the grants of a space transferred to another organization', async () => {
    const spaceId = await privateSpace();
    await as('admin').post(`/v1/spaces/${spaceId}/permissions`, { role: 'read', users: [id('read')] });
    const target = await createOrganization(t);
    await addMember(t, target.organization.id, org.members.admin, 'admin');
    const targetId = target.organization.id;
    expect((await as('admin').post(`/v1/spaces/${spaceId}/transfer`, { organization: targetId })).status).toBe(200);
    expect((await as('admin').get(`/v1/spaces/${spaceId}/permissions/users`)).body.count).toBe(0);
  });

  it('drops the grants of a transferred collection, of the collections in it and of every space inside; a deleted one keeps its spaces\' for a restore', async () => {
    const outer = await createCollection(t, token('admin'), orgId());
    const inner = await createCollection(t, token('admin'), orgId(), { parent: outer.id });
    const deep = await privateSpace(inner.id);
    const elsewhere = await privateSpace();
    for (const path of [`/v1/collections/${outer.id}`, `/v1/collections/${inner.id}`, `/v1/spaces/${deep}`, `/v1/spaces/${elsewhere}`]) {
      expect((await as('admin').post(`${path}/permissions`, { role: 'read', users: [id('read')] })).status).toBe(204);
    }
    const target = await createOrganization(t);
    await addMember(t, target.organization.id, org.members.admin, 'admin');
    expect((await as('admin').post(`/v1/collections/${outer.id}/transfer`, { organization: target.organization.id })).status).toBe(200);
    for (const path of [`/v1/collections/${outer.id}`, `/v1/collections/${inner.id}`, `/v1/spaces/${deep}`]) {
      expect([path, (await as('admin').get(`${path}/permissions/users`)).body.count]).toEqual([path, 0]);
    }
    expect((await as('admin').get(`/v1/spaces/${elsewhere}/permissions/users`)).body.count).toBe(1);

    const deleted = await createCollection(t, token('admin'), orgId());
    const inDeleted = await privateSpace(deleted.id);
    expect((await as('admin').post(`/v1/spaces/${inDeleted}/permissions`, { role: 'read', users: [id('read')] })).status).toBe(204);
    expect((await as('admin').delete(`/v1/collections/${deleted.id}`)).status).toBe(205);
    expect((await as('admin').post(`/v1/spaces/${inDeleted}/restore`)).status).toBe(200);
    expect((await as('admin').get(`/v1/spaces/${inDeleted}/permissions/users`)).body.count).toBe(1);
  });
});
