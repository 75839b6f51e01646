import { IdentityModule, MemberRole, roleAtLeast } from '@docs/identity';
import { addMember, createOrganization, createUser, TestOrganization, TestUser } from '@docs/identity/testing';
import { createTestApp, TestApp } from '@docs/platform/testing';
import { createCollection, createSpace, listIds, setDefaultLevel } from '../../testing';
import { ContentModule } from '../content.module';

/**
 * The permission table of docs/permissions.md ("Content: spaces and collections", and the
 * content reads and writes), over HTTP:
 * each role, and an outsider, against each operation. Objects use the default level 'inherit'
 * (no cap) here; caps, null and inherit chains follow below.
 */
const ROLES = ['admin', 'create', 'review', 'edit', 'comment', 'read', 'guest', 'outsider'] as const;
type Who = (typeof ROLES)[number];

type Org = TestOrganization<'create' | 'review' | 'edit' | 'comment' | 'read' | 'guest'>;

interface Fixture {
  org: Org;
  /** Another organization where every member of `org` is an admin (transfer target). */
  target: string;
  tokens: Record<Who, string>;
  users: Record<Who, TestUser>;
}

interface Operation {
  name: string;
  /** Runs the operation as `who` on objects made fresh for this call; returns the status. */
  run: (t: TestApp, f: Fixture, who: Who) => Promise<number>;
  expected: Record<Who, number>;
}

// The expected answers, one row per operation:           admin create review edit comment read guest outsider
const row = (...statuses: number[]): Record<Who, number> => Object.fromEntries(ROLES.map((who, i) => [who, statuses[i]])) as Record<Who, number>;

const OPERATIONS: Operation[] = [
  {
    name: 'GET /orgs/{organizationId}/spaces',
    expected: row(200, 200, 200, 200, 200, 200, 200, 404),
    run: async (t, f, who) => (await t.http.as(f.tokens[who]).get(`/v1/orgs/${f.org.organization.id}/spaces`)).status,
  },
  {
    name: 'POST /orgs/{organizationId}/spaces (top level)',
    expected: row(201, 201, 403, 403, 403, 403, 403, 404),
    run: async (t, f, who) => (await t.http.as(f.tokens[who]).post(`/v1/orgs/${f.org.organization.id}/spaces`, {})).status,
  },
  {
    name: 'POST /orgs/{organizationId}/spaces (in a collection)',
    expected: row(201, 201, 403, 403, 403, 403, 404, 404),
    run: async (t, f, who) => {
      const collection = await createCollection(t, f.tokens.admin, f.org.organization.id);
      return (await t.http.as(f.tokens[who]).post(`/v1/orgs/${f.org.organization.id}/spaces`, { parent: collection.id })).status;
    },
  },
  {
    name: 'GET /spaces/{spaceId}',
    expected: row(200, 200, 200, 200, 200, 200, 404, 404),
    run: async (t, f, who) => (await t.http.as(f.tokens[who]).get(`/v1/spaces/${(await space(t, f)).id}`)).status,
  },
  {
    name: 'PATCH /spaces/{spaceId}',
    expected: row(200, 403, 403, 403, 403, 403, 404, 404),
    run: async (t, f, who) => (await t.http.as(f.tokens[who]).patch(`/v1/spaces/${(await space(t, f)).id}`, { title: 'New' })).status,
  },
  {
    name: 'DELETE /spaces/{spaceId}',
    expected: row(205, 403, 403, 403, 403, 403, 404, 404),
    run: async (t, f, who) => (await t.http.as(f.tokens[who]).delete(`/v1/spaces/${(await space(t, f)).id}`)).status,
  },
  {
    name: 'POST /spaces/{spaceId}/restore',
    expected: row(200, 403, 403, 403, 403, 403, 404, 404),
    run: async (t, f, who) => {
      const { id } = await space(t, f);
      await t.http.as(f.tokens.admin).delete(`/v1/spaces/${id}`);
      return (await t.http.as(f.tokens[who]).post(`/v1/spaces/${id}/restore`)).status;
    },
  },
  {
    name: 'POST /spaces/{spaceId}/duplicate',
    expected: row(201, 201, 403, 403, 403, 403, 404, 404),
    run: async (t, f, who) => (await t.http.as(f.tokens[who]).post(`/v1/spaces/${(await space(t, f)).id}/duplicate`)).status,
  },
  {
    name: 'POST /spaces/{spaceId}/move',
    expected: row(200, 403, 403, 403, 403, 403, 404, 404),
    run: async (t, f, who) => {
      const collection = await createCollection(t, f.tokens.admin, f.org.organization.id);
      return (await t.http.as(f.tokens[who]).post(`/v1/spaces/${(await space(t, f)).id}/move`, { parent: collection.id })).status;
    },
  },
  {
    name: 'POST /spaces/{spaceId}/transfer',
    expected: row(200, 403, 403, 403, 403, 403, 404, 404),
    run: async (t, f, who) =>
      (await t.http.as(f.tokens[who]).post(`/v1/spaces/${(await space(t, f)).id}/transfer`, { organization: f.target })).status,
  },
  {
    name: 'GET /orgs/{organizationId}/collections',
    expected: row(200, 200, 200, 200, 200, 200, 200, 404),
    run: async (t, f, who) => (await t.http.as(f.tokens[who]).get(`/v1/orgs/${f.org.organization.id}/collections`)).status,
  },
  {
    name: 'POST /orgs/{organizationId}/collections (top level)',
    expected: row(201, 201, 403, 403, 403, 403, 403, 404),
    run: async (t, f, who) => (await t.http.as(f.tokens[who]).post(`/v1/orgs/${f.org.organization.id}/collections`, {})).status,
  },
  {
    name: 'POST /orgs/{organizationId}/collections (in a collection)',
    expected: row(201, 201, 403, 403, 403, 403, 404, 404),
    run: async (t, f, who) =>
      (await t.http.as(f.tokens[who]).post(`/v1/orgs/${f.org.organization.id}/collections`, { parent: (await collection(t, f)).id })).status,
  },
  {
    name: 'GET /collections/{collectionId}',
    expected: row(200, 200, 200, 200, 200, 200, 404, 404),
    run: async (t, f, who) => (await t.http.as(f.tokens[who]).get(`/v1/collections/${(await collection(t, f)).id}`)).status,
  },
  {
    name: 'PATCH /collections/{collectionId}',
    expected: row(200, 403, 403, 403, 403, 403, 404, 404),
    run: async (t, f, who) => (await t.http.as(f.tokens[who]).patch(`/v1/collections/${(await collection(t, f)).id}`, { title: 'New' })).status,
  },
  {
    name: 'DELETE /collections/{collectionId}',
    expected: row(205, 403, 403, 403, 403, 403, 404, 404),
    run: async (t, f, who) => (await t.http.as(f.tokens[who]).delete(`/v1/collections/${(await collection(t, f)).id}`)).status,
  },
  {
    name: 'GET /collections/{collectionId}/spaces',
    expected: row(200, 200, 200, 200, 200, 200, 404, 404),
    run: async (t, f, who) => (await t.http.as(f.tokens[who]).get(`/v1/collections/${(await collection(t, f)).id}/spaces`)).status,
  },
  {
    name: 'POST /collections/{collectionId}/move',
    expected: row(200, 403, 403, 403, 403, 403, 404, 404),
    run: async (t, f, who) => {
      const into = await collection(t, f);
      return (await t.http.as(f.tokens[who]).post(`/v1/collections/${(await collection(t, f)).id}/move`, { parent: into.id })).status;
    },
  },
  {
    name: 'POST /collections/{collectionId}/transfer',
    expected: row(200, 403, 403, 403, 403, 403, 404, 404),
    run: async (t, f, who) =>
      (await t.http.as(f.tokens[who]).post(`/v1/collections/${(await collection(t, f)).id}/transfer`, { organization: f.target })).status,
  },
  {
    name: 'GET /orgs/{organizationId}/members/{userId}/spaces (own)',
    expected: row(200, 200, 200, 200, 200, 200, 200, 404),
    run: async (t, f, who) =>
      (await t.http.as(f.tokens[who]).get(`/v1/orgs/${f.org.organization.id}/members/${f.users[who].user.id}/spaces`)).status,
  },
  {
    name: "GET /orgs/{organizationId}/members/{userId}/spaces (another member's)",
    expected: row(200, 403, 403, 403, 403, 403, 404, 404),
    run: async (t, f, who) => {
      const other = who === 'read' ? f.users.edit : f.users.read;
      return (await t.http.as(f.tokens[who]).get(`/v1/orgs/${f.org.organization.id}/members/${other.user.id}/spaces`)).status;
    },
  },
  {
    name: 'GET /spaces/{spaceId}/content/page/{pageId}',
    expected: row(200, 200, 200, 200, 200, 200, 404, 404),
    run: async (t, f, who) => {
      const { spaceId, pageId } = await spaceWithPage(t, f);
      return (await t.http.as(f.tokens[who]).get(`/v1/spaces/${spaceId}/content/page/${pageId}`)).status;
    },
  },
  {
    name: 'GET /spaces/{spaceId}/pdf',
    expected: row(200, 200, 200, 200, 200, 200, 404, 404),
    run: async (t, f, who) => {
      const { spaceId, pageId } = await spaceWithPage(t, f);
      return (await t.http.as(f.tokens[who]).get(`/v1/spaces/${spaceId}/pdf`, { query: { page: pageId, only: true } })).status;
    },
  },
  {
    name: 'GET /spaces/{spaceId}/revisions/{revisionId}',
    expected: row(200, 200, 200, 200, 200, 200, 404, 404),
    run: async (t, f, who) => {
      const created = await createSpace(t, f.tokens.admin, f.org.organization.id);
      return (await t.http.as(f.tokens[who]).get(`/v1/spaces/${created.id}/revisions/${created.revision}`)).status;
    },
  },
  {
    name: 'POST /spaces/{spaceId}/content/pages',
    expected: row(201, 201, 201, 201, 403, 403, 404, 404),
    run: async (t, f, who) => (await t.http.as(f.tokens[who]).post(`/v1/spaces/${(await space(t, f)).id}/content/pages`, { title: 'Page' })).status,
  },
  {
    name: 'PATCH /spaces/{spaceId}/content/page/{pageId}',
    expected: row(200, 200, 200, 200, 403, 403, 404, 404),
    run: async (t, f, who) => {
      const { spaceId, pageId } = await spaceWithPage(t, f);
      return (await t.http.as(f.tokens[who]).patch(`/v1/spaces/${spaceId}/content/page/${pageId}`, { title: 'New' })).status;
    },
  },
  {
    name: 'DELETE /spaces/{spaceId}/content/page/{pageId}',
    expected: row(205, 205, 205, 205, 403, 403, 404, 404),
    run: async (t, f, who) => {
      const { spaceId, pageId } = await spaceWithPage(t, f);
      return (await t.http.as(f.tokens[who]).delete(`/v1/spaces/${spaceId}/content/page/${pageId}`)).status;
    },
  },
  {
    name: 'POST /spaces/{spaceId}/content/page/{pageId}/move',
    expected: row(200, 200, 200, 200, 403, 403, 404, 404),
    run: async (t, f, who) => {
      const { spaceId, pageId } = await spaceWithPage(t, f);
      return (await t.http.as(f.tokens[who]).post(`/v1/spaces/${spaceId}/content/page/${pageId}/move`, { parent: null })).status;
    },
  },
  {
    name: 'POST /spaces/{spaceId}/content/files',
    expected: row(201, 201, 201, 201, 403, 403, 404, 404),
    run: async (t, f, who) =>
      (
        await t.http
          .as(f.tokens[who])
          .post(`/v1/spaces/${(await space(t, f)).id}/content/files`, undefined, { query: { name: 'notes.txt' }, raw: 'Notes', headers: { 'Content-Type': 'text/plain' } })
      ).status,
  },
];

async function space(t: TestApp, f: Fixture): Promise<{ id: string }> {
  return createSpace(t, f.tokens.admin, f.org.organization.id);
}

/** A space with one page, both made by the admin. */
async function spaceWithPage(t: TestApp, f: Fixture): Promise<{ spaceId: string; pageId: string }> {
  const { id } = await space(t, f);
  const page = await t.http.as(f.tokens.admin).post(`/v1/spaces/${id}/content/pages`, { title: 'Page' });
  return { spaceId: id, pageId: page.body.id };
}

async function collection(t: TestApp, f: Fixture): Promise<{ id: string }> {
  return createCollection(t, f.tokens.admin, f.org.organization.id);
}

describe('the content permission table', () => {
  let t: TestApp;
  let f: Fixture;

  beforeAll(async () => {
    t = await createTestApp({ imports: [ContentModule, IdentityModule] });
    const org: Org = await createOrganization(t, { create: 'create', review: 'review', edit: 'edit', comment: 'comment', read: 'read', guest: null });
    const outsider = await createUser(t, 'outsider');
    const users = { ...org.members, outsider } as Record<Who, TestUser>;
    const target = await createOrganization(t);
    for (const who of ROLES) if (who !== 'outsider') await addMember(t, target.organization.id, users[who], 'admin');
    f = {
      org,
      target: target.organization.id,
      users,
      tokens: Object.fromEntries(ROLES.map((who) => [who, users[who].token])) as Record<Who, string>,
    };
  });
  afterAll(() => t.close());

  describe.each(OPERATIONS.map((operation) => [operation.name, operation] as const))('%s', (_name, operation) => {
    it.each(ROLES.map((who) => [who, operation.expected[who]] as const))('as %s: %i', async (who, expected) => {
      expect(await operation.run(t, f, who)).toBe(expected);
    });
  });

  it('says why in a 403', async () => {
    const { id } = await space(t, f);
    const res = await t.http.as(f.tokens.edit).patch(`/v1/spaces/${id}`, { title: 'x' });
    expect(res.body.error.message).toBe(`You need the admin level on space ${id} to change its settings; you have edit.`);
    const top = await t.http.as(f.tokens.read).post(`/v1/orgs/${f.org.organization.id}/spaces`, {});
    expect(top.body.error.message).toBe(`You need the create level on the top level of organization ${f.org.organization.id} to create spaces there; you have read.`);
  });

  it('reports each role its permissions on a space and a collection', async () => {
    const { id: spaceId } = await space(t, f);
    const { id: collectionId } = await collection(t, f);
    const seen: Record<string, unknown> = {};
    for (const who of ['admin', 'create', 'review', 'edit', 'comment', 'read'] as const) {
      const s = (await t.http.as(f.tokens[who]).get(`/v1/spaces/${spaceId}`)).body.permissions;
      const c = (await t.http.as(f.tokens[who]).get(`/v1/collections/${collectionId}`)).body.permissions;
      seen[who] = [s.view, s.comment, s.edit, s.review, s.merge, s.admin, c.view, c.create, c.admin];
    }
    expect(seen).toEqual({
      //        view  comment edit  review merge admin | c.view c.create c.admin
      admin: [true, true, true, true, true, true, true, true, true],
      create: [true, true, true, true, true, false, true, true, false],
      review: [true, true, true, true, true, false, true, false, false],
      edit: [true, true, true, false, false, false, true, false, false],
      comment: [true, true, false, false, false, false, true, false, false],
      read: [true, false, false, false, false, false, true, false, false],
    });
  });

  it('lists nothing to guests', async () => {
    await space(t, f);
    await collection(t, f);
    const spaces = await t.http.as(f.tokens.guest).get(`/v1/orgs/${f.org.organization.id}/spaces`);
    expect(spaces.body).toEqual({ items: [], count: 0 });
    const collections = await t.http.as(f.tokens.guest).get(`/v1/orgs/${f.org.organization.id}/collections`);
    expect(collections.body).toEqual({ items: [], count: 0 });
  });
});

describe('default levels: caps, null and inherit chains', () => {
  let t: TestApp;
  let org: Org;
  const NON_ADMIN = ['create', 'review', 'edit', 'comment', 'read'] as const;

  beforeAll(async () => {
    t = await createTestApp({ imports: [ContentModule, IdentityModule] });
    org = await createOrganization(t, { create: 'create', review: 'review', edit: 'edit', comment: 'comment', read: 'read', guest: null });
  });
  afterAll(() => t.close());

  const admin = () => org.members.admin.token;
  const orgId = () => org.organization.id;

  /** Each member's level on a space, as GET .../members/{userId}/spaces reports it to the admin (null: not listed). */
  async function levels(spaceId: string): Promise<Record<string, MemberRole | null>> {
    const out: Record<string, MemberRole | null> = {};
    for (const who of ['admin', ...NON_ADMIN, 'guest'] as const) {
      const items = await t.http.as(admin()).all<{ permission: MemberRole; space: { id: string } }>(
        `/v1/orgs/${orgId()}/members/${org.members[who].user.id}/spaces`,
      );
      out[who] = items.find((item) => item.space.id === spaceId)?.permission ?? null;
    }
    return out;
  }

  /** The same levels, checked from each member's own point of view: GET, lists and permissions agree with them. */
  async function expectLevels(spaceId: string, expected: Record<string, MemberRole | null>): Promise<void> {
    expect(await levels(spaceId)).toEqual(expected);
    for (const who of ['admin', ...NON_ADMIN, 'guest'] as const) {
      const level = expected[who];
      const res = await t.http.as(org.members[who].token).get(`/v1/spaces/${spaceId}`);
      expect([who, res.status]).toEqual([who, level ? 200 : 404]);
      const listed = await listIds(t, org.members[who].token, `/v1/orgs/${orgId()}/spaces`);
      expect([who, listed.includes(spaceId)]).toEqual([who, level !== null]);
      if (level) {
        expect([who, res.body.permissions.comment, res.body.permissions.edit, res.body.permissions.admin]).toEqual([
          who,
          roleAtLeast(level, 'comment'),
          roleAtLeast(level, 'edit'),
          roleAtLeast(level, 'admin'),
        ]);
      }
    }
  }

  it("caps members at the space's own default level, never raising them", async () => {
    const { id } = await createSpace(t, admin(), orgId());
    await setDefaultLevel(t, admin(), { object: 'space', id }, 'comment');
    await expectLevels(id, { admin: 'admin', create: 'comment', review: 'comment', edit: 'comment', comment: 'comment', read: 'read', guest: null });
    await setDefaultLevel(t, admin(), { object: 'space', id }, 'review');
    await expectLevels(id, { admin: 'admin', create: 'review', review: 'review', edit: 'edit', comment: 'comment', read: 'read', guest: null });
    // Duplicating needs read on the space and create where the copy lands (here the top level), so a
    // creator capped at read still may; the copy keeps the cap, for them too.
    await setDefaultLevel(t, admin(), { object: 'space', id }, 'read');
    const copy = await t.http.as(org.members.create.token).post(`/v1/spaces/${id}/duplicate`);
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ defaultLevel: 'read', permissions: { view: true, edit: false, admin: false } });
  });

  it('shuts every member but admins out with null', async () => {
    const { id } = await createSpace(t, admin(), orgId());
    await setDefaultLevel(t, admin(), { object: 'space', id }, null);
    await expectLevels(id, { admin: 'admin', create: null, review: null, edit: null, comment: null, read: null, guest: null });
    expect((await t.http.as(org.members.create.token).post(`/v1/spaces/${id}/duplicate`)).status).toBe(404);
  });

  it('inherits through nested collections up to the first that decides', async () => {
    const top = await createCollection(t, admin(), orgId());
    const mid = await createCollection(t, admin(), orgId(), { parent: top.id });
    const leaf = await createCollection(t, admin(), orgId(), { parent: mid.id });
    const { id } = await createSpace(t, admin(), orgId(), { parent: leaf.id });
    // Every level inherits: the organization decides.
    await expectLevels(id, { admin: 'admin', create: 'create', review: 'review', edit: 'edit', comment: 'comment', read: 'read', guest: null });
    await setDefaultLevel(t, admin(), { object: 'collection', id: top.id }, 'edit');
    await expectLevels(id, { admin: 'admin', create: 'edit', review: 'edit', edit: 'edit', comment: 'comment', read: 'read', guest: null });
    // The nearest deciding collection wins, even when it is higher than the one above it.
    await setDefaultLevel(t, admin(), { object: 'collection', id: mid.id }, 'create');
    await expectLevels(id, { admin: 'admin', create: 'create', review: 'review', edit: 'edit', comment: 'comment', read: 'read', guest: null });
    await setDefaultLevel(t, admin(), { object: 'collection', id: leaf.id }, 'comment');
    await expectLevels(id, { admin: 'admin', create: 'comment', review: 'comment', edit: 'comment', comment: 'comment', read: 'read', guest: null });
    // The space's own level decides before any collection.
    await setDefaultLevel(t, admin(), { object: 'space', id }, 'review');
    await expectLevels(id, { admin: 'admin', create: 'review', review: 'review', edit: 'edit', comment: 'comment', read: 'read', guest: null });
  });

  it('hides what inherits from a null collection, but not what decides for itself', async () => {
    const top = await createCollection(t, admin(), orgId());
    const shut = await createCollection(t, admin(), orgId(), { parent: top.id });
    const below = await createCollection(t, admin(), orgId(), { parent: shut.id });
    const hidden = await createSpace(t, admin(), orgId(), { parent: below.id });
    const open = await createSpace(t, admin(), orgId(), { parent: below.id });
    await setDefaultLevel(t, admin(), { object: 'collection', id: shut.id }, null);
    await setDefaultLevel(t, admin(), { object: 'space', id: open.id }, 'edit');

    await expectLevels(hidden.id, { admin: 'admin', create: null, review: null, edit: null, comment: null, read: null, guest: null });
    // A duplicate goes where the original is: into a collection the creator cannot see, a 403 (they were shown its id).
    const duplicate = await t.http.as(org.members.create.token).post(`/v1/spaces/${open.id}/duplicate`);
    expect(duplicate.status).toBe(403);
    expect(duplicate.body.error.message).toBe(`You need the create level on collection ${below.id} to create spaces there; you have no access.`);
    await expectLevels(open.id, { admin: 'admin', create: 'edit', review: 'edit', edit: 'edit', comment: 'comment', read: 'read', guest: null });
    for (const who of NON_ADMIN) {
      const token = org.members[who].token;
      expect((await t.http.as(token).get(`/v1/collections/${top.id}`)).status).toBe(200);
      for (const gone of [shut, below]) expect((await t.http.as(token).get(`/v1/collections/${gone.id}`)).status).toBe(404);
      const collections = await listIds(t, token, `/v1/orgs/${orgId()}/collections`);
      expect(collections).toContain(top.id);
      expect(collections).not.toContain(shut.id);
      expect(collections).not.toContain(below.id);
    }
    const all = await listIds(t, admin(), `/v1/orgs/${orgId()}/collections`);
    expect(all).toEqual(expect.arrayContaining([top.id, shut.id, below.id]));
    // Counts agree with the items.
    const asReader = await t.http.as(org.members.read.token).get(`/v1/orgs/${orgId()}/collections`);
    expect(asReader.body.count).toBe(asReader.body.items.length);
  });

  it('decides who creates inside a collection by its level there', async () => {
    const capped = await createCollection(t, admin(), orgId());
    await setDefaultLevel(t, admin(), { object: 'collection', id: capped.id }, 'review');
    const createIn = (who: 'admin' | 'create', path: 'spaces' | 'collections') =>
      t.http.as(org.members[who].token).post(`/v1/orgs/${orgId()}/${path}`, { parent: capped.id });
    expect((await createIn('create', 'spaces')).status).toBe(403);
    expect((await createIn('create', 'collections')).status).toBe(403);
    expect((await createIn('admin', 'spaces')).status).toBe(201);
    expect((await t.http.as(org.members.create.token).get(`/v1/collections/${capped.id}`)).body.permissions).toEqual({
      view: true,
      admin: false,
      viewInviteLinks: false,
      create: false,
    });
    await setDefaultLevel(t, admin(), { object: 'collection', id: capped.id }, 'create');
    expect((await createIn('create', 'spaces')).status).toBe(201);
    expect((await createIn('create', 'collections')).status).toBe(201);
    // ...and moving a space there needs the create level in it as well as admin on the space.
    const space = await createSpace(t, admin(), orgId());
    expect((await t.http.as(admin()).post(`/v1/spaces/${space.id}/move`, { parent: capped.id })).status).toBe(200);
  });

  it('lists in a collection only the spaces a member can see, with counts to match', async () => {
    const collection = await createCollection(t, admin(), orgId());
    const visible = await createSpace(t, admin(), orgId(), { parent: collection.id });
    const shut = await createSpace(t, admin(), orgId(), { parent: collection.id });
    await setDefaultLevel(t, admin(), { object: 'space', id: shut.id }, null);
    const asReader = await t.http.as(org.members.read.token).get(`/v1/collections/${collection.id}/spaces`);
    expect(asReader.body.count).toBe(1);
    expect(asReader.body.items.map((s: { id: string }) => s.id)).toEqual([visible.id]);
    expect(await listIds(t, admin(), `/v1/collections/${collection.id}/spaces`)).toEqual([visible.id, shut.id]);
  });
});
