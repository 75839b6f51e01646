import { IdentityModule, MemberEntity } from '@docs/identity';
import { addMember, createOrganization, createUser } from '@docs/identity/testing';
import { createTestApp, TestApp, TEST_PUBLIC_URL } from '@docs/platform/testing';
import { createCollection, createSpace, listIds } from '../../testing';
import { ContentModule } from '../content.module';
import { SpaceEntity } from '../spaces/space.entity';
import { CollectionEntity } from './collection.entity';

describe('collections', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ imports: [ContentModule, IdentityModule] });
  });
  afterAll(() => t.close());

  const spaceRow = (id: string) => t.dataSource.getRepository(SpaceEntity).findOneByOrFail({ id });
  const collectionRow = (id: string) => t.dataSource.getRepository(CollectionEntity).findOneBy({ id });

  describe('POST /v1/orgs/{organizationId}/collections', () => {
    it('creates a collection at the top level, readable at its location', async () => {
      const { organization, members } = await createOrganization(t);
      const res = await t.http.as(members.admin.token).post(`/v1/orgs/${organization.id}/collections`, { title: 'Product' });
      expect(res.status).toBe(201);
      const id = res.body.id;
      expect(res.body).toEqual({
        object: 'collection',
        id,
        title: 'Product',
        organization: organization.id,
        defaultLevel: 'inherit',
        urls: { location: `${TEST_PUBLIC_URL}/v1/collections/${id}`, app: `http://app.test/c/${id}` },
        permissions: { view: true, admin: true, viewInviteLinks: true, create: true },
      });
      expect(res.headers.location).toBe(res.body.urls.location);
      expect((await t.http.as(members.admin.token).get(`/v1/collections/${id}`)).body).toEqual(res.body);
    });

    it('creates a collection in another one, and calls one without a title Untitled', async () => {
      const { organization, members } = await createOrganization(t);
      const parent = await createCollection(t, members.admin.token, organization.id);
      const res = await t.http.as(members.admin.token).post(`/v1/orgs/${organization.id}/collections`, { parent: parent.id });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ title: 'Untitled', parent: parent.id });
      expect((await t.http.as(members.admin.token).post(`/v1/orgs/${organization.id}/collections`, { title: 't'.repeat(50) })).status).toBe(201);
    });

    it.each([
      [{ title: 't'.repeat(51) }, 'title must be shorter than or equal to 50 characters'],
      [{ title: null }, 'title must not be null'],
      [{ parent: '' }, 'parent should not be empty'],
      [{ parent: 7 }, 'parent must be a string'],
      [{ description: 'Not here' }, 'property description should not exist'],
      [{ defaultLevel: 'read' }, 'property defaultLevel should not exist'],
    ])('refuses %j with 400 naming the field, creating nothing', async (body, message) => {
      const { organization, members } = await createOrganization(t);
      const res = await t.http.as(members.admin.token).post(`/v1/orgs/${organization.id}/collections`, body);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain(message);
      expect(await t.dataSource.getRepository(CollectionEntity).countBy({ organizationId: organization.id })).toBe(0);
    });

    it('answers 404 for outsiders, unknown or foreign parents, and 401 without a token', async () => {
      const { organization, members } = await createOrganization(t);
      const other = await createOrganization(t);
      const foreign = await createCollection(t, other.members.admin.token, other.organization.id);
      const outsider = await createUser(t);
      expect((await t.http.as(outsider.token).post(`/v1/orgs/${organization.id}/collections`, {})).status).toBe(404);
      expect((await t.http.as(members.admin.token).post(`/v1/orgs/${organization.id}/collections`, { parent: 'nope' })).status).toBe(404);
      expect((await t.http.as(members.admin.token).post(`/v1/orgs/${organization.id}/collections`, { parent: foreign.id })).status).toBe(404);
      expect((await t.http.as(undefined).post(`/v1/orgs/${organization.id}/collections`, {})).status).toBe(401);
    });
  });

  describe('GET /v1/orgs/{organizationId}/collections', () => {
    it('lists every collection by default (top level first, then by parent) and only the top level with nested=false', async () => {
      const { organization, members } = await createOrganization(t);
      const token = members.admin.token;
      const a = await createCollection(t, token, organization.id, { title: 'A' });
      const b = await createCollection(t, token, organization.id, { title: 'B' });
      const a1 = await createCollection(t, token, organization.id, { title: 'A1', parent: a.id });
      const a2 = await createCollection(t, token, organization.id, { title: 'A2', parent: a.id });
      const a1x = await createCollection(t, token, organization.id, { title: 'A1x', parent: a1.id });
      const path = `/v1/orgs/${organization.id}/collections`;

      const all = await listIds(t, token, path, { limit: 2 });
      expect(all.slice(0, 2)).toEqual([a.id, b.id]);
      expect(new Set(all)).toEqual(new Set([a.id, b.id, a1.id, a2.id, a1x.id]));
      expect(all.indexOf(a1.id) < all.indexOf(a2.id)).toBe(true);
      expect(await listIds(t, token, path, { nested: true })).toEqual(all);
      expect(await listIds(t, token, path, { nested: false })).toEqual([a.id, b.id]);
      const counted = await t.http.as(token).get(path, { query: { nested: false, limit: 1 } });
      expect(counted.body).toMatchObject({ count: 2, next: { page: expect.any(String) } });
    });

    it('refuses a bad nested value, a forged cursor and a cursor of other filters', async () => {
      const { organization, members } = await createOrganization(t);
      const token = members.admin.token;
      for (let i = 0; i < 2; i++) await createCollection(t, token, organization.id);
      const path = `/v1/orgs/${organization.id}/collections`;
      const nested = await t.http.as(token).get(path, { query: { nested: 'yes' } });
      expect(nested.status).toBe(400);
      expect(nested.body.error.message).toContain('nested must be a boolean value');
      expect((await t.http.as(token).get(path, { query: { page: 'forged' } })).status).toBe(400);
      const cursor = (await t.http.as(token).get(path, { query: { limit: 1 } })).body.next.page;
      expect((await t.http.as(token).get(path, { query: { limit: 1, page: cursor } })).status).toBe(200);
      expect((await t.http.as(token).get(path, { query: { limit: 1, page: cursor, nested: false } })).status).toBe(400);
    });

    it('answers 404 to outsiders', async () => {
      const { organization } = await createOrganization(t);
      const outsider = await createUser(t);
      expect((await t.http.as(outsider.token).get(`/v1/orgs/${organization.id}/collections`)).status).toBe(404);
    });
  });

  describe('GET and PATCH /v1/collections/{collectionId}', () => {
    it('changes title, description and default level, and reads back', async () => {
      const { organization, members } = await createOrganization(t);
      const collection = await createCollection(t, members.admin.token, organization.id);
      const res = await t.http.as(members.admin.token).patch(`/v1/collections/${collection.id}`, {
        title: 'Renamed',
        description: 'd'.repeat(100),
        defaultLevel: 'review',
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ title: 'Renamed', description: 'd'.repeat(100), defaultLevel: 'review' });
      expect((await t.http.as(members.admin.token).get(`/v1/collections/${collection.id}`)).body).toEqual(res.body);
      const cleared = await t.http.as(members.admin.token).patch(`/v1/collections/${collection.id}`, { description: null, defaultLevel: null });
      expect(cleared.body.description).toBeUndefined();
      expect(cleared.body.defaultLevel).toBeNull();
      for (const defaultLevel of ['admin', 'create', 'edit', 'comment', 'read', 'inherit']) {
        expect((await t.http.as(members.admin.token).patch(`/v1/collections/${collection.id}`, { defaultLevel })).body.defaultLevel).toBe(defaultLevel);
      }
    });

    it.each([
      [{ title: 't'.repeat(51) }, 'title must be shorter than or equal to 50 characters'],
      [{ title: null }, 'title must not be null'],
      [{ description: 'd'.repeat(101) }, 'description must be shorter than or equal to 100 characters'],
      [{ description: 5 }, 'description must be a string'],
      [{ defaultLevel: 'viewer' }, 'defaultLevel must be one of admin, create, review, edit, comment, read, inherit or null'],
      [{ parent: null }, 'property parent should not exist'],
    ])('refuses %j with 400 naming the field, changing nothing', async (body, message) => {
      const { organization, members } = await createOrganization(t);
      const collection = await createCollection(t, members.admin.token, organization.id);
      const res = await t.http.as(members.admin.token).patch(`/v1/collections/${collection.id}`, body);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain(message);
      expect((await t.http.as(members.admin.token).get(`/v1/collections/${collection.id}`)).body).toEqual(collection);
    });

    it("answers 404 for unknown ids and another organization's collections, 401 without a token", async () => {
      const { members } = await createOrganization(t);
      const other = await createOrganization(t);
      const foreign = await createCollection(t, other.members.admin.token, other.organization.id);
      const res = await t.http.as(members.admin.token).get(`/v1/collections/${foreign.id}`);
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe(`No collection has the id ${foreign.id}.`);
      expect((await t.http.as(members.admin.token).patch(`/v1/collections/${foreign.id}`, { title: 'x' })).status).toBe(404);
      expect((await t.http.as(members.admin.token).get('/v1/collections/unknown')).status).toBe(404);
      expect((await t.http.as(undefined).get(`/v1/collections/${foreign.id}`)).status).toBe(401);
      expect((await t.http.as(undefined).patch(`/v1/collections/${foreign.id}`, {})).status).toBe(401);
    });
  });

  describe('DELETE /v1/collections/{collectionId}', () => {
    it('deletes nested collections and soft-deletes the spaces inside at any depth, each restorable to the top level', async () => {
      const { organization, members } = await createOrganization(t);
      const token = members.admin.token;
      const outside = await createSpace(t, token, organization.id);
      const top = await createCollection(t, token, organization.id);
      const child = await createCollection(t, token, organization.id, { parent: top.id });
      const grandchild = await createCollection(t, token, organization.id, { parent: child.id });
      const keep = await createCollection(t, token, organization.id);
      const direct = await createSpace(t, token, organization.id, { parent: top.id });
      const deep = await createSpace(t, token, organization.id, { parent: grandchild.id });
      const earlier = await createSpace(t, token, organization.id, { parent: child.id });
      await t.http.as(token).delete(`/v1/spaces/${earlier.id}`);
      const earlierDeletedAt = (await spaceRow(earlier.id)).deletedAt;
      t.clock.advance(60_000);

      const res = await t.http.as(token).delete(`/v1/collections/${top.id}`);
      expect(res.status).toBe(205);
      expect(res.text).toBe('');
      for (const gone of [top, child, grandchild]) {
        expect(await collectionRow(gone.id)).toBeNull();
        expect((await t.http.as(token).get(`/v1/collections/${gone.id}`)).status).toBe(404);
      }
      expect(await listIds(t, token, `/v1/orgs/${organization.id}/collections`)).toEqual([keep.id]);
      // Same instant for every space it deleted; one deleted before keeps its own date.
      for (const space of [direct, deep]) {
        const deleted = await spaceRow(space.id);
        expect(deleted.deletedAt?.toISOString()).toBe(t.clock.now().toISOString());
        expect(deleted.parentId).toBeNull();
      }
      expect((await spaceRow(earlier.id)).deletedAt).toEqual(earlierDeletedAt);
      expect(await listIds(t, token, `/v1/orgs/${organization.id}/spaces`)).toEqual([outside.id]);

      const restored = await t.http.as(token).post(`/v1/spaces/${deep.id}/restore`);
      expect(restored.status).toBe(200);
      expect(restored.body.parent).toBeUndefined();
      expect(await listIds(t, token, `/v1/orgs/${organization.id}/spaces`)).toEqual([outside.id, deep.id]);
      expect((await t.http.as(token).post(`/v1/spaces/${earlier.id}/restore`)).status).toBe(200);
      expect((await t.http.as(token).delete(`/v1/collections/${top.id}`)).status).toBe(404);
    });

    it('changes nothing when the deletion fails half-way', async () => {
      const { organization, members } = await createOrganization(t);
      const token = members.admin.token;
      const collection = await createCollection(t, token, organization.id);
      const space = await createSpace(t, token, organization.id, { parent: collection.id });
      // The spaces are soft-deleted first; a failing collection delete must take that back.
      await t.dataSource.query(`CREATE FUNCTION refuse_delete() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'no'; END $$`);
      await t.dataSource.query(`CREATE TRIGGER refuse_delete BEFORE DELETE ON collections FOR EACH ROW EXECUTE FUNCTION refuse_delete()`);
      try {
        expect((await t.http.as(token).delete(`/v1/collections/${collection.id}`)).status).toBe(500);
      } finally {
        await t.dataSource.query(`DROP TRIGGER refuse_delete ON collections`);
        await t.dataSource.query(`DROP FUNCTION refuse_delete()`);
      }
      expect((await spaceRow(space.id)).deletedAt).toBeNull();
      expect(await listIds(t, token, `/v1/collections/${collection.id}/spaces`)).toEqual([space.id]);
    });

    it("answers 404 for another organization's collection and 401 without a token", async () => {
      const { members } = await createOrganization(t);
      const other = await createOrganization(t);
      const foreign = await createCollection(t, other.members.admin.token, other.organization.id);
      expect((await t.http.as(members.admin.token).delete(`/v1/collections/${foreign.id}`)).status).toBe(404);
      expect((await t.http.as(undefined).delete(`/v1/collections/${foreign.id}`)).status).toBe(401);
      expect(await collectionRow(foreign.id)).not.toBeNull();
    });
  });

  describe('GET /v1/collections/{collectionId}/spaces', () => {
    it('lists the live spaces directly inside, in their stored order, in pages', async () => {
      const { organization, members } = await createOrganization(t);
      const token = members.admin.token;
      const collection = await createCollection(t, token, organization.id);
      const nested = await createCollection(t, token, organization.id, { parent: collection.id });
      await createSpace(t, token, organization.id, { parent: nested.id });
      await createSpace(t, token, organization.id);
      const inside: string[] = [];
      for (let i = 0; i < 3; i++) inside.push((await createSpace(t, token, organization.id, { parent: collection.id })).id);
      const deleted = await createSpace(t, token, organization.id, { parent: collection.id });
      await t.http.as(token).delete(`/v1/spaces/${deleted.id}`);
      await t.http.as(token).post(`/v1/spaces/${inside[2]}/move`, { position: { before: { type: 'space', space: inside[0] } } });

      const path = `/v1/collections/${collection.id}/spaces`;
      const first = await t.http.as(token).get(path, { query: { limit: 2 } });
      expect(first.status).toBe(200);
      expect(first.body.count).toBe(3);
      expect(await listIds(t, token, path, { limit: 2 })).toEqual([inside[2], inside[0], inside[1]]);
      expect((await t.http.as(token).get(path, { query: { page: 'forged' } })).status).toBe(400);
    });

    it("answers 404 for another organization's collection and 401 without a token", async () => {
      const { members } = await createOrganization(t);
      const other = await createOrganization(t);
      const foreign = await createCollection(t, other.members.admin.token, other.organization.id);
      expect((await t.http.as(members.admin.token).get(`/v1/collections/${foreign.id}/spaces`)).status).toBe(404);
      expect((await t.http.as(undefined).get(`/v1/collections/${foreign.id}/spaces`)).status).toBe(401);
    });
  });

  describe('POST /v1/collections/{collectionId}/move', () => {
    it('reorders, nests and un-nests collections; lists follow', async () => {
      const { organization, members } = await createOrganization(t);
      const token = members.admin.token;
      const [a, b, c] = [await createCollection(t, token, organization.id), await createCollection(t, token, organization.id), await createCollection(t, token, organization.id)];
      const top = () => listIds(t, token, `/v1/orgs/${organization.id}/collections`, { nested: false });
      const at = (id: string) => ({ type: 'collection', collection: id });

      expect((await t.http.as(token).post(`/v1/collections/${c.id}/move`, { position: { before: at(a.id) } })).status).toBe(200);
      expect(await top()).toEqual([c.id, a.id, b.id]);
      const nested = await t.http.as(token).post(`/v1/collections/${b.id}/move`, { parent: a.id });
      expect(nested.status).toBe(200);
      expect(nested.body.parent).toBe(a.id);
      expect(await top()).toEqual([c.id, a.id]);
      const space = await createSpace(t, token, organization.id, { parent: a.id });
      // Before a space sibling in the target collection.
      expect((await t.http.as(token).post(`/v1/collections/${c.id}/move`, { parent: a.id, position: { before: { type: 'space', space: space.id } } })).status).toBe(200);
      expect(await top()).toEqual([a.id]);
      const back = await t.http.as(token).post(`/v1/collections/${c.id}/move`, { parent: null, position: { before: at(a.id) } });
      expect(back.status).toBe(200);
      expect(back.body.parent).toBeUndefined();
      expect(await top()).toEqual([c.id, a.id]);
      expect(await listIds(t, token, `/v1/orgs/${organization.id}/collections`)).toEqual([c.id, a.id, b.id]);
    });

    it('never moves a collection inside itself or its descendants (400)', async () => {
      const { organization, members } = await createOrganization(t);
      const token = members.admin.token;
      const a = await createCollection(t, token, organization.id);
      const child = await createCollection(t, token, organization.id, { parent: a.id });
      const grandchild = await createCollection(t, token, organization.id, { parent: child.id });
      for (const parent of [a.id, child.id, grandchild.id]) {
        const res = await t.http.as(token).post(`/v1/collections/${a.id}/move`, { parent });
        expect(res.status).toBe(400);
        expect(res.body.error.message).toMatch(/cannot move inside (itself|its own descendants)/);
      }
      expect((await collectionRow(a.id))?.parentId).toBeNull();
      // The other way round is fine.
      expect((await t.http.as(token).post(`/v1/collections/${grandchild.id}/move`, { parent: null })).status).toBe(200);
    });

    it('refuses siblings elsewhere (400), a move that changes nothing (409), and unknown or foreign parents (404)', async () => {
      const { organization, members } = await createOrganization(t);
      const token = members.admin.token;
      const a = await createCollection(t, token, organization.id);
      const b = await createCollection(t, token, organization.id);
      const inside = await createCollection(t, token, organization.id, { parent: b.id });
      const other = await createOrganization(t);
      const foreign = await createCollection(t, other.members.admin.token, other.organization.id);
      const move = (body: object) => t.http.as(token).post(`/v1/collections/${a.id}/move`, body);
      expect((await move({ position: { after: { type: 'collection', collection: inside.id } } })).status).toBe(400);
      expect((await move({ position: { after: { type: 'collection', collection: a.id } } })).status).toBe(400);
      expect((await move({})).status).toBe(400);
      expect((await move({ parent: null })).status).toBe(409);
      expect((await move({ parent: 'nope' })).status).toBe(404);
      expect((await move({ parent: foreign.id })).status).toBe(404);
      expect((await t.http.as(undefined).post(`/v1/collections/${a.id}/move`, { parent: null })).status).toBe(401);
      expect(await listIds(t, token, `/v1/orgs/${organization.id}/collections`, { nested: false })).toEqual([a.id, b.id]);
    });
  });

  describe('POST /v1/collections/{collectionId}/transfer', () => {
    it('moves a collection with everything inside (collections, spaces, deleted spaces, counts) to the top level of another organization', async () => {
      const source = await createOrganization(t, { reader: 'read' });
      const target = await createOrganization(t, { reader: 'read' });
      const admin = source.members.admin;
      await addMember(t, target.organization.id, admin, 'admin');
      const parent = await createCollection(t, admin.token, source.organization.id);
      const moving = await createCollection(t, admin.token, source.organization.id, { parent: parent.id });
      const child = await createCollection(t, admin.token, source.organization.id, { parent: moving.id });
      const space = await createSpace(t, admin.token, source.organization.id, { parent: moving.id });
      const deep = await createSpace(t, admin.token, source.organization.id, { parent: child.id });
      const deleted = await createSpace(t, admin.token, source.organization.id, { parent: child.id });
      await t.http.as(admin.token).delete(`/v1/spaces/${deleted.id}`);
      const stays = await createSpace(t, admin.token, source.organization.id, { parent: parent.id });
      await t.dataSource.getRepository(SpaceEntity).update({ id: deep.id }, { comments: 5, changeRequestsOpen: 2 });
      const already = await createCollection(t, target.members.admin.token, target.organization.id);

      const res = await t.http.as(admin.token).post(`/v1/collections/${moving.id}/transfer`, { organization: target.organization.id });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: moving.id, organization: target.organization.id });
      expect(res.body.parent).toBeUndefined();

      expect(await listIds(t, admin.token, `/v1/orgs/${target.organization.id}/collections`)).toEqual([already.id, moving.id, child.id]);
      expect(await listIds(t, admin.token, `/v1/orgs/${source.organization.id}/collections`)).toEqual([parent.id]);
      expect((await t.http.as(admin.token).get(`/v1/collections/${child.id}`)).body).toMatchObject({ parent: moving.id, organization: target.organization.id });
      // (Spaces of different collections are grouped by collection id: compare as a set.)
      expect((await listIds(t, admin.token, `/v1/orgs/${target.organization.id}/spaces`)).sort()).toEqual([space.id, deep.id].sort());
      expect((await t.http.as(admin.token).get(`/v1/spaces/${deep.id}`)).body).toMatchObject({ organization: target.organization.id, parent: child.id, comments: 5, changeRequestsOpen: 2 });
      expect((await spaceRow(deleted.id)).organizationId).toBe(target.organization.id);
      expect(await listIds(t, admin.token, `/v1/orgs/${source.organization.id}/spaces`)).toEqual([stays.id]);
      // The source's members no longer reach it; the target's do.
      expect((await t.http.as(source.members.reader.token).get(`/v1/collections/${moving.id}`)).status).toBe(404);
      expect((await t.http.as(source.members.reader.token).get(`/v1/spaces/${deep.id}`)).status).toBe(404);
      expect((await t.http.as(target.members.reader.token).get(`/v1/collections/${child.id}`)).status).toBe(200);
      expect((await t.http.as(target.members.reader.token).get(`/v1/spaces/${deep.id}`)).status).toBe(200);
      const restored = await t.http.as(target.members.admin.token).post(`/v1/spaces/${deleted.id}/restore`);
      expect(restored.status).toBe(200);
      expect(restored.body).toMatchObject({ organization: target.organization.id, parent: child.id });
    });

    it('needs membership (404) and the admin role (403) in the target, and a different organization (409)', async () => {
      const source = await createOrganization(t);
      const target = await createOrganization(t);
      const admin = source.members.admin;
      const collection = await createCollection(t, admin.token, source.organization.id);
      const transfer = (organization: unknown) => t.http.as(admin.token).post(`/v1/collections/${collection.id}/transfer`, { organization });
      expect((await transfer(target.organization.id)).status).toBe(404);
      await addMember(t, target.organization.id, admin, 'edit');
      expect((await transfer(target.organization.id)).status).toBe(403);
      expect((await transfer(source.organization.id)).status).toBe(409);
      expect((await transfer(12)).body.error.message).toContain('organization must be a string');
      // A failure half-way (the collections are updated after their spaces) changes nothing.
      await t.dataSource.getRepository(MemberEntity).update({ organizationId: target.organization.id, userId: admin.user.id }, { role: 'admin' });
      const space = await createSpace(t, admin.token, source.organization.id, { parent: collection.id });
      await t.dataSource.query(`CREATE FUNCTION refuse_update() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'no'; END $$`);
      await t.dataSource.query(`CREATE TRIGGER refuse_update BEFORE UPDATE ON collections FOR EACH ROW EXECUTE FUNCTION refuse_update()`);
      try {
        expect((await transfer(target.organization.id)).status).toBe(500);
      } finally {
        await t.dataSource.query(`DROP TRIGGER refuse_update ON collections`);
        await t.dataSource.query(`DROP FUNCTION refuse_update()`);
      }
      expect((await spaceRow(space.id)).organizationId).toBe(source.organization.id);
      expect((await collectionRow(collection.id))?.organizationId).toBe(source.organization.id);
      expect((await t.http.as(undefined).post(`/v1/collections/${collection.id}/transfer`, { organization: 'x' })).status).toBe(401);
    });
  });
});
