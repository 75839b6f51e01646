import { IdentityModule } from '@docs/identity';
import { createOrganization, createUser, TestOrganization } from '@docs/identity/testing';
import { createTestApp, TestApp } from '@docs/platform/testing';
import { createCollection, createSpace, listIds, setDefaultLevel } from '../../testing';
import { ContentModule } from '../content.module';

/**
 * Invite links to one space or one collection (`{level, space}`, `{level, collection}`), over
 * HTTP: who may make, change and delete them (whoever administers the object), what joining
 * through one gives (a guest of the organization, or the role one had, and a grant of the link's
 * level there, never lowering a higher one), `redundant`, and links going with their object.
 */
describe('invite links to a space or a collection', () => {
  let t: TestApp;
  let org: TestOrganization<'create' | 'edit' | 'read'>;
  const orgId = () => org.organization.id;
  const base = () => `/v1/orgs/${orgId()}`;
  const as = (who: keyof typeof org.members) => t.http.as(org.members[who].token);
  const id = (who: keyof typeof org.members) => org.members[who].user.id;

  beforeAll(async () => {
    t = await createTestApp({ imports: [ContentModule, IdentityModule] });
    org = await createOrganization(t, { create: 'create', edit: 'edit', read: 'read' });
  });
  afterAll(() => t.close());

  const memberRole = async (userId: string) =>
    ((await t.dataSource.query(`SELECT role FROM organization_members WHERE organization_id = $1 AND user_id = $2`, [orgId(), userId])) as { role: string | null }[])[0];

  /** A space only the organization's admins (and those granted) can see. */
  async function privateSpace(parent?: string): Promise<string> {
    const space = await createSpace(t, org.members.admin.token, orgId(), parent ? { parent } : {});
    await setDefaultLevel(t, org.members.admin.token, { object: 'space', id: space.id }, null);
    return space.id;
  }

  it('lets whoever administers a space make a link to it, with the reference shape', async () => {
    const spaceId = await privateSpace();
    // The editor administers this space through a grant; the organization role alone would not do.
    expect((await as('admin').post(`/v1/spaces/${spaceId}/permissions`, { role: 'admin', users: [id('edit')] })).status).toBe(204);
    const created = await as('edit').post(`${base()}/link-invites`, { level: 'comment', space: spaceId });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      object: 'invite',
      id: expect.any(String),
      level: 'comment',
      space: expect.objectContaining({ object: 'space', id: spaceId }),
      redundant: true,
      organization: { id: orgId(), title: org.organization.title },
      createdAt: expect.any(String),
      expiresAt: expect.any(String),
      urls: { app: expect.stringMatching(new RegExp(`/join/${orgId()}/${created.body.id}$`)) },
    });
    expect(created.body).not.toHaveProperty('role');
    expect(created.headers['location']).toBe(`${base()}/link-invites/${created.body.id}`);

    // Someone who sees the space without administering it: 403; someone who does not see it: 404.
    await as('admin').post(`/v1/spaces/${spaceId}/permissions`, { role: 'create', users: [id('create')] });
    expect((await as('create').post(`${base()}/link-invites`, { level: 'read', space: spaceId })).status).toBe(403);
    expect((await as('read').post(`${base()}/link-invites`, { level: 'read', space: spaceId })).status).toBe(404);
    expect((await as('read').post(`${base()}/link-invites`, { level: 'read', space: 'nope' })).status).toBe(404);
    // A space of another organization, even one the caller administers, is not this organization's.
    const other = await createOrganization(t, {});
    const foreign = await createSpace(t, other.members.admin.token, other.organization.id);
    expect((await t.http.as(other.members.admin.token).post(`${base()}/link-invites`, { level: 'read', space: foreign.id })).status).toBe(404);
    expect((await as('admin').post(`${base()}/link-invites`, { level: 'read', space: foreign.id })).status).toBe(404);
    // The editor makes no link to the organization.
    expect((await as('edit').post(`${base()}/link-invites`, { role: null })).status).toBe(403);
    const stored = await t.dataSource.query(`SELECT count(*)::int AS n FROM organization_invite_links WHERE organization_id = $1`, [orgId()]);
    expect(stored[0].n).toBe(1);
  });

  it('joining through a space link makes a guest with a grant there, in one step', async () => {
    const spaceId = await privateSpace();
    const elsewhere = await privateSpace();
    const link = (await as('admin').post(`${base()}/link-invites`, { level: 'edit', space: spaceId })).body;
    const person = await createUser(t);
    const them = t.http.as(person.token);

    // Before joining: the link shows its space (what the join page shows), and is not redundant.
    const before = await them.get(`${base()}/link-invites/${link.id}`);
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ level: 'edit', redundant: false, space: { id: spaceId, permissions: { view: false } } });
    expect((await them.get(`/v1/spaces/${spaceId}`)).status).toBe(404);

    expect((await them.post(`${base()}/join`, { invite: link.id })).status).toBe(204);
    expect(await memberRole(person.user.id)).toEqual({ role: null });
    const seen = await them.get(`/v1/spaces/${spaceId}`);
    expect(seen.status).toBe(200);
    expect(seen.body.permissions).toMatchObject({ view: true, edit: true, review: false });
    expect((await them.get(`/v1/spaces/${elsewhere}`)).status).toBe(404);
    expect(await listIds(t, person.token, `${base()}/spaces`)).toEqual([spaceId]);
    const grants = await as('admin').get(`/v1/spaces/${spaceId}/permissions/users`);
    expect(grants.body.items.map((item: any) => [item.user.id, item.permission])).toEqual([[person.user.id, 'edit']]);
    expect((await them.get(`${base()}/link-invites/${link.id}`)).body.redundant).toBe(true);

    // Joining again changes nothing.
    expect((await them.post(`${base()}/join`, { invite: link.id })).status).toBe(204);
    expect((await as('admin').get(`/v1/spaces/${spaceId}/permissions/users`)).body.count).toBe(1);
  });

  it('a member keeps their role, and a higher grant they have stays', async () => {
    const spaceId = await privateSpace();
    const link = (await as('admin').post(`${base()}/link-invites`, { level: 'comment', space: spaceId })).body;
    expect((await as('read').get(`${base()}/link-invites/${link.id}`)).body.redundant).toBe(false);
    expect((await as('read').post(`${base()}/join`, { invite: link.id })).status).toBe(204);
    expect(await memberRole(id('read'))).toEqual({ role: 'read' });
    expect((await as('read').get(`/v1/spaces/${spaceId}`)).body.permissions).toMatchObject({ view: true, comment: true, edit: false });

    await as('admin').post(`/v1/spaces/${spaceId}/permissions`, { role: 'review', users: [id('edit')] });
    expect((await as('edit').get(`${base()}/link-invites/${link.id}`)).body.redundant).toBe(true);
    expect((await as('edit').post(`${base()}/join`, { invite: link.id })).status).toBe(204);
    const grants = await as('admin').get(`/v1/spaces/${spaceId}/permissions/users`);
    expect(Object.fromEntries(grants.body.items.map((item: any) => [item.user.id, item.permission]))).toEqual({ [id('read')]: 'comment', [id('edit')]: 'review' });
  });

  it('a collection link grants on the collection, so on every space below it', async () => {
    const collection = await createCollection(t, org.members.admin.token, orgId());
    await setDefaultLevel(t, org.members.admin.token, { object: 'collection', id: collection.id }, null);
    const inside = await createSpace(t, org.members.admin.token, orgId(), { parent: collection.id });
    const created = await as('admin').post(`${base()}/link-invites`, { level: 'read', collection: collection.id });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ level: 'read', collection: { object: 'collection', id: collection.id }, redundant: true });
    expect(created.body).not.toHaveProperty('space');
    // The collection is shut to members by its default level: the reader cannot see it.
    expect((await as('read').post(`${base()}/link-invites`, { level: 'read', collection: collection.id })).status).toBe(404);

    const person = await createUser(t);
    expect((await t.http.as(person.token).post(`${base()}/join`, { invite: created.body.id })).status).toBe(204);
    expect((await t.http.as(person.token).get(`/v1/collections/${collection.id}`)).status).toBe(200);
    expect((await t.http.as(person.token).get(`/v1/spaces/${inside.id}`)).body.permissions).toMatchObject({ view: true, comment: false });
  });

  it('lists, changes and deletes links to content, by whoever administers the object', async () => {
    const spaceId = await privateSpace();
    await as('admin').post(`/v1/spaces/${spaceId}/permissions`, { role: 'admin', users: [id('create')] });
    const link = (await as('create').post(`${base()}/link-invites`, { level: 'read', space: spaceId })).body;

    // The organization's list (admins) shows it, with role null: joining makes guests.
    const list = await as('admin').get(`${base()}/link-invites`, { query: { limit: 1000 } });
    expect(list.body.items.find((item: any) => item.id === link.id)).toMatchObject({ role: null, level: 'read', space: { id: spaceId } });

    const changed = await as('create').patch(`${base()}/link-invites/${link.id}`, { level: 'edit' });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ level: 'edit', space: { id: spaceId } });
    const wrongForm = await as('create').patch(`${base()}/link-invites/${link.id}`, { role: 'read' });
    expect(wrongForm.status).toBe(400);
    expect(wrongForm.body.error.message).toMatch(/is to a space: change its level/);
    // Members who do not administer the space: 403 (they were shown the link), whether or not they see the space.
    expect((await as('edit').patch(`${base()}/link-invites/${link.id}`, { level: 'admin' })).status).toBe(403);
    expect((await as('edit').delete(`${base()}/link-invites/${link.id}`)).status).toBe(403);
    expect((await as('edit').delete(`${base()}/link-invites/nope`)).status).toBe(404);
    expect((await as('admin').get(`${base()}/link-invites/${link.id}`)).body.level).toBe('edit');

    expect((await as('create').delete(`${base()}/link-invites/${link.id}`)).status).toBe(205);
    expect((await as('admin').get(`${base()}/link-invites/${link.id}`)).status).toBe(404);
  });

  it('a deleted or transferred space, or a deleted collection, takes its links with it', async () => {
    const person = await createUser(t);
    const deleted = await privateSpace();
    const toDelete = (await as('admin').post(`${base()}/link-invites`, { level: 'read', space: deleted })).body;
    expect((await as('admin').delete(`/v1/spaces/${deleted}`)).status).toBe(205);
    expect((await as('admin').get(`${base()}/link-invites/${toDelete.id}`)).status).toBe(404);
    expect((await t.http.as(person.token).post(`${base()}/join`, { invite: toDelete.id })).status).toBe(404);
    // Restored, the space does not bring its link back.
    expect((await as('admin').post(`/v1/spaces/${deleted}/restore`)).status).toBe(200);
    expect((await as('admin').get(`${base()}/link-invites/${toDelete.id}`)).status).toBe(404);

    const collection = await createCollection(t, org.members.admin.token, orgId());
    const inside = await createSpace(t, org.members.admin.token, orgId(), { parent: collection.id });
    const toCollection = (await as('admin').post(`${base()}/link-invites`, { level: 'read', collection: collection.id })).body;
    const toInside = (await as('admin').post(`${base()}/link-invites`, { level: 'read', space: inside.id })).body;
    expect((await as('admin').delete(`/v1/collections/${collection.id}`)).status).toBe(205);
    for (const link of [toCollection, toInside]) expect((await as('admin').get(`${base()}/link-invites/${link.id}`)).status).toBe(404);

    const moving = await privateSpace();
    const toMoving = (await as('admin').post(`${base()}/link-invites`, { level: 'read', space: moving })).body;
    const target = await createOrganization(t, {});
    await t.dataSource.query(`INSERT INTO organization_members (organization_id, user_id, role, disabled, sso, joined_at) VALUES ($1, $2, 'admin', false, false, now())`, [
      target.organization.id,
      id('admin'),
    ]);
    expect((await as('admin').post(`/v1/spaces/${moving}/transfer`, { organization: target.organization.id })).status).toBe(200);
    expect((await as('admin').get(`${base()}/link-invites/${toMoving.id}`)).status).toBe(404);
    expect(await memberRole(person.user.id)).toBeUndefined();
  });
});
