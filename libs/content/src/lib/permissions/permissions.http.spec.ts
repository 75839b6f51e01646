import { IdentityModule, MemberRole, roleAtLeast } from '@docs/identity';
import { addMember, createOrganization, createUser, TestOrganization, TestUser } from '@docs/identity/testing';
import { cells, createTestApp, describePermissionTable, PERMISSION_ROLES, PermissionRole, PermissionTable, TestApp } from '@docs/platform/testing';
import { createCollection, createSpace, listIds, setDefaultLevel } from '../../testing';
import { ContentModule } from '../content.module';

/**
 * The permission table of docs/permissions.md ("Content: spaces and collections"), generated from
 * this table and checked cell by cell over HTTP: each role, a guest and an outsider against each
 * operation (`describePermissionTable`). Objects use the default level 'inherit' (no cap) here;
 * caps, null and inherit chains follow below.
 */
type Who = PermissionRole;

type Org = TestOrganization<'create' | 'review' | 'edit' | 'comment' | 'read' | 'guest'>;

interface Fixture {
  t: TestApp;
  org: Org;
  /** Another organization where every member of `org` is an admin (transfer target). */
  target: string;
  tokens: Record<Who, string>;
  users: Record<Who, TestUser>;
}

const as = (f: Fixture, who: Who) => f.t.http.as(f.tokens[who]);
const status = async (response: Promise<{ status: number }>) => (await response).status;

async function space(f: Fixture): Promise<{ id: string; revision: string }> {
  return createSpace(f.t, f.tokens.admin, f.org.organization.id);
}

async function collection(f: Fixture): Promise<{ id: string }> {
  return createCollection(f.t, f.tokens.admin, f.org.organization.id);
}

/** A space with a page (body linking to itself), a file and a reusable content, all made by the admin. */
async function spaceWithContent(f: Fixture) {
  const { id, revision } = await space(f);
  const admin = f.t.http.as(f.tokens.admin);
  const page = (await admin.post(`/v1/spaces/${id}/content/pages`, { title: 'Page', markdown: 'See [here](page.md).' })).body;
  const file = (await admin.post(`/v1/spaces/${id}/content/files`, undefined, { query: { name: 'notes.txt' }, raw: 'Notes', headers: { 'Content-Type': 'text/plain' } })).body;
  const reusable = (await admin.post(`/v1/spaces/${id}/content/reusable-contents`, { title: 'Shared', markdown: 'Shared.' })).body;
  const current = (await admin.get(`/v1/spaces/${id}`)).body.revision as string;
  return { spaceId: id, initialRevision: revision, revisionId: current, pageId: page.id as string, path: page.path as string, fileId: file.id as string, downloadURL: file.downloadURL as string, reusableId: reusable.id as string };
}

/** A `permissions` key of a space (or a collection) as `who` reads it; false when `who` cannot read it. */
async function permission(f: Fixture, who: Who, object: 'space' | 'collection', keys: string[]): Promise<boolean[]> {
  const { id } = object === 'space' ? await space(f) : await collection(f);
  const res = await as(f, who).get(`/v1/${object === 'space' ? 'spaces' : 'collections'}/${id}`);
  return keys.map((key) => res.status === 200 && res.body.permissions[key] === true);
}

const READ = cells(200, 200, 200, 200, 200, 200, 404, 404);
const ADMIN = (ok: number) => cells(ok, 403, 403, 403, 403, 403, 404, 404);
const EDIT = (ok: number) => cells(ok, ok, ok, ok, 403, 403, 404, 404);
const CREATE = (ok: number, guest: number) => cells(ok, ok, 403, 403, 403, 403, guest, 404);

const CONTENT_TABLE: PermissionTable<Fixture> = {
  id: 'content',
  firstColumn: 'Operation, or `permissions` key',
  required: true,
  rows: [
    {
      operation: '`GET /v1/orgs/{organizationId}/spaces`',
      required: 'member of the organization; lists the spaces where the caller has ≥ read',
      cells: cells(200, 200, 200, 200, 200, 200, [200, 'empty'], 404),
      check: (f, who) => status(as(f, who).get(`/v1/orgs/${f.org.organization.id}/spaces`)),
    },
    {
      operation: '`POST /v1/orgs/{organizationId}/spaces` at the top level',
      required: 'organization role ≥ create',
      cells: CREATE(201, 403),
      check: (f, who) => status(as(f, who).post(`/v1/orgs/${f.org.organization.id}/spaces`, {})),
    },
    {
      operation: '`POST /v1/orgs/{organizationId}/spaces` with `parent`',
      required: 'create on the parent collection',
      cells: CREATE(201, 404),
      check: async (f, who) => status(as(f, who).post(`/v1/orgs/${f.org.organization.id}/spaces`, { parent: (await collection(f)).id })),
    },
    { operation: '`GET /v1/spaces/{spaceId}`', required: 'read', cells: READ, check: async (f, who) => status(as(f, who).get(`/v1/spaces/${(await space(f)).id}`)) },
    { operation: '`PATCH /v1/spaces/{spaceId}`', required: 'admin', cells: ADMIN(200), check: async (f, who) => status(as(f, who).patch(`/v1/spaces/${(await space(f)).id}`, { title: 'New' })) },
    { operation: '`DELETE /v1/spaces/{spaceId}`', required: 'admin', cells: ADMIN(205), check: async (f, who) => status(as(f, who).delete(`/v1/spaces/${(await space(f)).id}`)) },
    {
      operation: '`POST /v1/spaces/{spaceId}/restore`',
      required: 'admin (and create where it lands)',
      cells: ADMIN(200),
      check: async (f, who) => {
        const { id } = await space(f);
        await as(f, 'admin').delete(`/v1/spaces/${id}`);
        return status(as(f, who).post(`/v1/spaces/${id}/restore`));
      },
    },
    {
      operation: '`POST /v1/spaces/{spaceId}/duplicate`',
      required: 'read on the space, and create where the copy lands (its parent collection, or the organization role at the top level)',
      cells: cells(201, 201, 403, 403, 403, 403, 404, 404),
      check: async (f, who) => status(as(f, who).post(`/v1/spaces/${(await space(f)).id}/duplicate`)),
    },
    {
      operation: '`POST /v1/spaces/{spaceId}/move`',
      required: 'admin on the space, and create on the target parent (organization role ≥ create for the top level)',
      cells: ADMIN(200),
      check: async (f, who) => status(as(f, who).post(`/v1/spaces/${(await space(f)).id}/move`, { parent: (await collection(f)).id })),
    },
    {
      operation: '`POST /v1/spaces/{spaceId}/transfer`',
      required: 'admin on the space, and the admin role in the target organization (not a member there: 404; member below admin: 403)',
      cells: ADMIN(200),
      check: async (f, who) => status(as(f, who).post(`/v1/spaces/${(await space(f)).id}/transfer`, { organization: f.target })),
    },
    {
      operation: '`GET /v1/orgs/{organizationId}/collections`',
      required: 'member of the organization; lists the collections where the caller has ≥ read',
      cells: cells(200, 200, 200, 200, 200, 200, [200, 'empty'], 404),
      check: (f, who) => status(as(f, who).get(`/v1/orgs/${f.org.organization.id}/collections`)),
    },
    {
      operation: '`POST /v1/orgs/{organizationId}/collections` at the top level',
      required: 'organization role ≥ create',
      cells: CREATE(201, 403),
      check: (f, who) => status(as(f, who).post(`/v1/orgs/${f.org.organization.id}/collections`, {})),
    },
    {
      operation: '`POST /v1/orgs/{organizationId}/collections` with `parent`',
      required: 'create on the parent collection',
      cells: CREATE(201, 404),
      check: async (f, who) => status(as(f, who).post(`/v1/orgs/${f.org.organization.id}/collections`, { parent: (await collection(f)).id })),
    },
    { operation: '`GET /v1/collections/{collectionId}`', required: 'read', cells: READ, check: async (f, who) => status(as(f, who).get(`/v1/collections/${(await collection(f)).id}`)) },
    { operation: '`PATCH /v1/collections/{collectionId}`', required: 'admin', cells: ADMIN(200), check: async (f, who) => status(as(f, who).patch(`/v1/collections/${(await collection(f)).id}`, { title: 'New' })) },
    { operation: '`DELETE /v1/collections/{collectionId}`', required: 'admin', cells: ADMIN(205), check: async (f, who) => status(as(f, who).delete(`/v1/collections/${(await collection(f)).id}`)) },
    {
      operation: '`GET /v1/collections/{collectionId}/spaces`',
      required: 'read on the collection; lists the spaces in it where the caller has ≥ read',
      cells: READ,
      check: async (f, who) => status(as(f, who).get(`/v1/collections/${(await collection(f)).id}/spaces`)),
    },
    {
      operation: '`POST /v1/collections/{collectionId}/move`',
      required: 'admin on the collection, and create on the target parent',
      cells: ADMIN(200),
      check: async (f, who) => {
        const into = await collection(f);
        return status(as(f, who).post(`/v1/collections/${(await collection(f)).id}/move`, { parent: into.id }));
      },
    },
    {
      operation: '`POST /v1/collections/{collectionId}/transfer`',
      required: 'admin on the collection, and the admin role in the target organization',
      cells: ADMIN(200),
      check: async (f, who) => status(as(f, who).post(`/v1/collections/${(await collection(f)).id}/transfer`, { organization: f.target })),
    },
    {
      operation: '`GET /v1/spaces/{spaceId}/content`, `/content/pages`, `/content/page/{pageId}`, `/content/path/{pagePath}`, `/content/files`, `/content/files/{fileId}`',
      required: 'read',
      cells: READ,
      check: async (f, who) => {
        const c = await spaceWithContent(f);
        const base = `/v1/spaces/${c.spaceId}/content`;
        return Promise.all(['', '/pages', `/page/${c.pageId}`, `/path/${c.path}`, '/files', `/files/${c.fileId}`].map((path) => status(as(f, who).get(`${base}${path}`))));
      },
    },
    {
      operation: '`GET /v1/spaces/{spaceId}/revisions/{revisionId}` and its `/pages`, `/page/{pageId}`, `/files`, `/files/{fileId}`',
      required: 'read',
      cells: READ,
      check: async (f, who) => {
        const c = await spaceWithContent(f);
        const base = `/v1/spaces/${c.spaceId}/revisions/${c.revisionId}`;
        return Promise.all(['', '/pages', `/page/${c.pageId}`, '/files', `/files/${c.fileId}`].map((path) => status(as(f, who).get(`${base}${path}`))));
      },
    },
    {
      operation: '`GET /v1/spaces/{spaceId}/content/reusable-contents/{id}`, `/revisions/{revisionId}/reusable-contents/{id}` and its `/document`',
      required: 'read',
      cells: READ,
      check: async (f, who) => {
        const c = await spaceWithContent(f);
        const base = `/v1/spaces/${c.spaceId}`;
        return Promise.all(
          [`/content/reusable-contents/${c.reusableId}`, `/revisions/${c.revisionId}/reusable-contents/${c.reusableId}`, `/revisions/${c.revisionId}/reusable-contents/${c.reusableId}/document`].map((path) =>
            status(as(f, who).get(`${base}${path}`)),
          ),
        );
      },
    },
    {
      operation: '`GET /v1/spaces/{spaceId}/search`',
      required: 'read',
      cells: READ,
      check: async (f, who) => status(as(f, who).get(`/v1/spaces/${(await space(f)).id}/search`, { query: { query: 'page' } })),
    },
    {
      operation: '`GET /v1/orgs/{organizationId}/search`',
      required: 'member of the organization; searches the spaces where the caller has ≥ read',
      cells: cells(200, 200, 200, 200, 200, 200, [200, 'empty'], 404),
      check: async (f, who) => {
        const { spaceId } = await spaceWithContent(f);
        const res = await as(f, who).get(`/v1/orgs/${f.org.organization.id}/search`, { query: { query: 'page', limit: 1000 } });
        // A guest's answer is empty; every reader's holds the space just written.
        if (res.status === 200 && (who === 'guest') !== !res.body.items.some((item: { id: string }) => item.id === spaceId)) return 500;
        return res.status;
      },
    },
    {
      operation: '`GET /v1/spaces/{spaceId}/links`, `/content/page/{pageId}/links`, `/content/page/{pageId}/backlinks`, `/content/files/{fileId}/backlinks`',
      required: 'read (targets in other spaces, and a page\'s backlinks from other spaces of the organization, are shown only when the caller can read those spaces)',
      cells: READ,
      check: async (f, who) => {
        const c = await spaceWithContent(f);
        const base = `/v1/spaces/${c.spaceId}`;
        return Promise.all(['/links', `/content/page/${c.pageId}/links`, `/content/page/${c.pageId}/backlinks`, `/content/files/${c.fileId}/backlinks`].map((path) => status(as(f, who).get(`${base}${path}`))));
      },
    },
    {
      operation: '`POST /v1/spaces/{spaceId}/content/pages` (extension)',
      required: 'edit, and the space not locked (409)',
      cells: EDIT(201),
      check: async (f, who) => status(as(f, who).post(`/v1/spaces/${(await space(f)).id}/content/pages`, { title: 'Page' })),
    },
    {
      operation: '`PATCH /v1/spaces/{spaceId}/content/page/{pageId}` (extension)',
      required: 'edit, and the space not locked (409)',
      cells: EDIT(200),
      check: async (f, who) => {
        const c = await spaceWithContent(f);
        return status(as(f, who).patch(`/v1/spaces/${c.spaceId}/content/page/${c.pageId}`, { title: 'New' }));
      },
    },
    {
      operation: '`DELETE /v1/spaces/{spaceId}/content/page/{pageId}` (extension)',
      required: 'edit, and the space not locked (409)',
      cells: EDIT(205),
      check: async (f, who) => {
        const c = await spaceWithContent(f);
        return status(as(f, who).delete(`/v1/spaces/${c.spaceId}/content/page/${c.pageId}`));
      },
    },
    {
      operation: '`POST /v1/spaces/{spaceId}/content/page/{pageId}/move` (extension)',
      required: 'edit, and the space not locked (409)',
      cells: EDIT(200),
      check: async (f, who) => {
        const c = await spaceWithContent(f);
        return status(as(f, who).post(`/v1/spaces/${c.spaceId}/content/page/${c.pageId}/move`, { parent: null }));
      },
    },
    {
      operation: '`POST /v1/spaces/{spaceId}/content/files` (extension)',
      required: 'edit, and the space not locked (409)',
      cells: EDIT(201),
      check: async (f, who) =>
        status(as(f, who).post(`/v1/spaces/${(await space(f)).id}/content/files`, undefined, { query: { name: 'notes.txt' }, raw: 'Notes', headers: { 'Content-Type': 'text/plain' } })),
    },
    {
      operation: '`POST /v1/spaces/{spaceId}/content/reusable-contents` (extension)',
      required: 'edit, and the space not locked (409)',
      cells: EDIT(201),
      check: async (f, who) => status(as(f, who).post(`/v1/spaces/${(await space(f)).id}/content/reusable-contents`, { title: 'Shared' })),
    },
    {
      operation: '`PATCH /v1/spaces/{spaceId}/content/reusable-contents/{id}` (extension)',
      required: 'edit, and the space not locked (409)',
      cells: EDIT(200),
      check: async (f, who) => {
        const c = await spaceWithContent(f);
        return status(as(f, who).patch(`/v1/spaces/${c.spaceId}/content/reusable-contents/${c.reusableId}`, { title: 'Renamed' }));
      },
    },
    {
      operation: '`DELETE /v1/spaces/{spaceId}/content/reusable-contents/{id}` (extension)',
      required: 'edit, and the space not locked (409)',
      cells: EDIT(205),
      check: async (f, who) => {
        const c = await spaceWithContent(f);
        return status(as(f, who).delete(`/v1/spaces/${c.spaceId}/content/reusable-contents/${c.reusableId}`));
      },
    },
    {
      operation: '`PUT`, `PATCH /v1/spaces/{spaceId}/content/variables` (extensions)',
      required: 'edit, and the space not locked (409)',
      cells: EDIT(200),
      check: async (f, who) => {
        const { id } = await space(f);
        return Promise.all([
          status(as(f, who).put(`/v1/spaces/${id}/content/variables`, { variables: { product: 'Docs' } })),
          status(as(f, who).patch(`/v1/spaces/${id}/content/variables`, { variables: { version: 2 } })),
        ]);
      },
    },
    {
      operation: '`POST /v1/spaces/{spaceId}/content/import`, `.../content/page/{pageId}/import` (JSON or the file as the raw body, checked before the body is read)',
      required: 'edit, and the space not locked (409)',
      cells: EDIT(201),
      check: async (f, who) => {
        const c = await spaceWithContent(f);
        const raw = { raw: '# Imported\n\nText.', headers: { 'Content-Type': 'text/markdown' } };
        return [
          await status(as(f, who).post(`/v1/spaces/${c.spaceId}/content/import`, undefined, raw)),
          await status(as(f, who).post(`/v1/spaces/${c.spaceId}/content/page/${c.pageId}/import`, undefined, raw)),
        ];
      },
    },
    {
      operation: '`GET /v1/spaces/{spaceId}/pdf` (`page`, `only`)',
      required: 'read',
      cells: READ,
      check: async (f, who) => {
        const c = await spaceWithContent(f);
        return status(as(f, who).get(`/v1/spaces/${c.spaceId}/pdf`, { query: { page: c.pageId, only: true } }));
      },
    },
    {
      operation: '`GET /downloads/{hash}?...` (a file\'s `downloadURL`, a PDF export\'s `url`)',
      required: 'none: the signed URL is the permission (403 once expired or altered)',
      cells: cells(200, 200, 200, 200, 200, 200, 200, 200),
      check: async (f, who) => {
        const c = await spaceWithContent(f);
        return status(as(f, who).get(new URL(c.downloadURL).pathname + new URL(c.downloadURL).search));
      },
    },
    {
      operation: '`GET /v1/orgs/{organizationId}/members/{userId}/spaces`, own',
      required: 'member of the organization',
      cells: cells(200, 200, 200, 200, 200, 200, [200, 'empty'], 404),
      check: (f, who) => status(as(f, who).get(`/v1/orgs/${f.org.organization.id}/members/${f.users[who].user.id}/spaces`)),
    },
    {
      operation: '`GET /v1/orgs/{organizationId}/members/{userId}/spaces`, another member\'s',
      required: 'organization role admin (a `userId` that is not a member, or one a guest cannot see: 404)',
      cells: ADMIN(200),
      check: (f, who) => status(as(f, who).get(`/v1/orgs/${f.org.organization.id}/members/${(who === 'read' ? f.users.edit : f.users.read).user.id}/spaces`)),
    },
    { operation: 'Space `view`, `access`', required: 'read', cells: cells(true, true, true, true, true, true, false, false), check: (f, who) => permission(f, who, 'space', ['view', 'access']) },
    { operation: 'Space `comment`', required: 'comment', cells: cells(true, true, true, true, true, false, false, false), check: (f, who) => permission(f, who, 'space', ['comment']) },
    {
      operation: 'Space `edit` (the reference\'s "by creating a change request")',
      required: 'edit (a locked space too: its changes come through change requests)',
      cells: cells(true, true, true, true, false, false, false, false),
      check: (f, who) => permission(f, who, 'space', ['edit']),
    },
    {
      operation: 'Space `triggerGitSync`',
      required: 'edit, and the space not locked',
      cells: cells(true, true, true, true, false, false, false, false),
      check: (f, who) => permission(f, who, 'space', ['triggerGitSync']),
    },
    { operation: 'Space `review`', required: 'review', cells: cells(true, true, true, false, false, false, false, false), check: (f, who) => permission(f, who, 'space', ['review']) },
    { operation: 'Space `merge`', required: 'review (a locked space too: its changes come through change requests)', cells: cells(true, true, true, false, false, false, false, false), check: (f, who) => permission(f, who, 'space', ['merge']) },
    {
      operation: 'Space `admin`, `viewInviteLinks`, `installIntegration`',
      required: 'admin',
      cells: cells(true, false, false, false, false, false, false, false),
      check: (f, who) => permission(f, who, 'space', ['admin', 'viewInviteLinks', 'installIntegration']),
    },
    { operation: 'Collection `view`', required: 'read', cells: cells(true, true, true, true, true, true, false, false), check: (f, who) => permission(f, who, 'collection', ['view']) },
    { operation: 'Collection `create`', required: 'create', cells: cells(true, true, false, false, false, false, false, false), check: (f, who) => permission(f, who, 'collection', ['create']) },
    {
      operation: 'Collection `admin`, `viewInviteLinks`',
      required: 'admin',
      cells: cells(true, false, false, false, false, false, false, false),
      check: (f, who) => permission(f, who, 'collection', ['admin', 'viewInviteLinks']),
    },
  ],
};

describe('the content permission table', () => {
  let t: TestApp;
  let f: Fixture;

  beforeAll(async () => {
    t = await createTestApp({ imports: [ContentModule, IdentityModule] });
    const org: Org = await createOrganization(t, { create: 'create', review: 'review', edit: 'edit', comment: 'comment', read: 'read', guest: null });
    const outsider = await createUser(t, 'outsider');
    const users = { ...org.members, outsider } as Record<Who, TestUser>;
    const target = await createOrganization(t);
    for (const who of PERMISSION_ROLES) if (who !== 'outsider') await addMember(t, target.organization.id, users[who], 'admin');
    f = {
      t,
      org,
      target: target.organization.id,
      users,
      tokens: Object.fromEntries(PERMISSION_ROLES.map((who) => [who, users[who].token])) as Record<Who, string>,
    };
  });
  afterAll(() => t.close());

  describePermissionTable(CONTENT_TABLE, () => f);

  it('says why in a 403', async () => {
    const { id } = await space(f);
    const res = await t.http.as(f.tokens.edit).patch(`/v1/spaces/${id}`, { title: 'x' });
    expect(res.body.error.message).toBe(`You need the admin level on space ${id} to change its settings; you have edit.`);
    const top = await t.http.as(f.tokens.read).post(`/v1/orgs/${f.org.organization.id}/spaces`, {});
    expect(top.body.error.message).toBe(`You need the create level on the top level of organization ${f.org.organization.id} to create spaces there; you have read.`);
  });

  it('lists nothing to guests', async () => {
    await space(f);
    await collection(f);
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
