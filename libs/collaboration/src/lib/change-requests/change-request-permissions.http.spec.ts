import { ContentModule } from '@docs/content';
import { createSpace } from '@docs/content/testing';
import { IdentityModule } from '@docs/identity';
import { createOrganization, createUser, TestUser } from '@docs/identity/testing';
import { cells, createTestApp, describePermissionTable, PermissionRole, PermissionTable, TestApp } from '@docs/platform/testing';
import { CollaborationModule } from '../collaboration.module';

/**
 * docs/permissions.md, "Change requests": the table is generated from this one and every cell is
 * checked over HTTP, role by role (`describePermissionTable`). Each check works on a change
 * request opened for that call by the member with the edit role (its author), with one page
 * written in it.
 */
type Who = PermissionRole;

interface Fixture {
  t: TestApp;
  organizationId: string;
  users: Record<Who, TestUser>;
}

const as = (f: Fixture, who: Who) => f.t.http.as(f.users[who].token);
const status = async (response: Promise<{ status: number }>) => (await response).status;

/** A space, and an open change request in it by the editor, with a page written in the change request. */
async function changeRequest(f: Fixture) {
  const space = await createSpace(f.t, f.users.admin.token, f.organizationId);
  const base = `/v1/spaces/${space.id}/change-requests`;
  const editor = f.t.http.as(f.users.edit.token);
  const created = (await editor.post(base, { subject: 'Changes' })).body;
  const path = `${base}/${created.id}`;
  await editor.patch(path, { status: 'open' });
  const page = (await editor.post(`${path}/content/pages`, { title: 'Page', markdown: 'See [it](page.md).' })).body;
  return { path, pageId: page.id as string };
}

async function permission(f: Fixture, who: Who, keys: string[]): Promise<boolean[]> {
  const { path } = await changeRequest(f);
  const res = await as(f, who).get(path);
  return keys.map((key) => res.status === 200 && res.body.permissions[key] === true);
}

const READ = cells(200, 200, 200, 200, 200, 200, 404, 404);
const EDIT = (ok: number) => cells(ok, ok, ok, ok, 403, 403, 404, 404);
const REVIEW = (ok: number) => cells(ok, ok, ok, 403, 403, 403, 404, 404);

const CHANGE_REQUESTS_TABLE: PermissionTable<Fixture> = {
  id: 'change-requests',
  firstColumn: 'Operation, or `permissions` key',
  required: true,
  rows: [
    {
      operation: '`GET .../change-requests`, `GET .../change-requests/{id}`, `.../content` reads',
      required: 'read',
      cells: READ,
      check: async (f, who) => {
        const { path, pageId } = await changeRequest(f);
        const list = path.slice(0, path.lastIndexOf('/'));
        return Promise.all([list, path, `${path}/content`, `${path}/content/pages`, `${path}/content/page/${pageId}`].map((url) => status(as(f, who).get(url))));
      },
    },
    {
      operation: '`GET /v1/orgs/{organizationId}/change-requests`',
      required: 'member of the organization; lists those of the spaces where the caller has ≥ read',
      cells: cells(200, 200, 200, 200, 200, 200, [200, 'empty'], 404),
      check: async (f, who) => {
        const { path } = await changeRequest(f);
        const id = path.slice(path.lastIndexOf('/') + 1);
        const res = await as(f, who).get(`/v1/orgs/${f.organizationId}/change-requests`, { query: { limit: 1000 } });
        // A guest's list is empty; every reader's holds the change request just opened.
        if (res.status === 200 && (who === 'guest') !== !res.body.items.some((item: { id: string }) => item.id === id)) return 500;
        return res.status;
      },
    },
    { operation: '`GET .../change-requests/{id}/pdf` (`page`, `only`; any status)', required: 'read', cells: READ, check: async (f, who) => status(as(f, who).get(`${(await changeRequest(f)).path}/pdf`)) },
    {
      operation: '`POST .../change-requests`',
      required: 'edit',
      cells: EDIT(201),
      check: async (f, who) => status(as(f, who).post(`/v1/spaces/${(await createSpace(f.t, f.users.admin.token, f.organizationId)).id}/change-requests`, {})),
    },
    {
      operation: '`PATCH .../change-requests/{id}` (subject, draft/open/archived)',
      required: 'edit; 409 once merged',
      cells: EDIT(200),
      check: async (f, who) => status(as(f, who).patch((await changeRequest(f)).path, { subject: 'Renamed' })),
    },
    {
      operation: '`POST .../content/pages`, `.../content/files`, `.../content/reusable-contents` in a change request',
      required: 'edit; active (whatever the space\'s edit mode)',
      cells: EDIT(201),
      check: async (f, who) => {
        const { path } = await changeRequest(f);
        return [
          await status(as(f, who).post(`${path}/content/pages`, { title: 'Another' })),
          await status(as(f, who).post(`${path}/content/files`, undefined, { query: { name: 'notes.txt' }, raw: 'Notes', headers: { 'Content-Type': 'text/plain' } })),
          await status(as(f, who).post(`${path}/content/reusable-contents`, { title: 'Shared' })),
        ];
      },
    },
    {
      operation: '`PATCH .../content/page/{pageId}`, `PUT`/`PATCH .../content/variables` in a change request',
      required: 'edit; active (whatever the space\'s edit mode)',
      cells: EDIT(200),
      check: async (f, who) => {
        const { path, pageId } = await changeRequest(f);
        return [
          await status(as(f, who).patch(`${path}/content/page/${pageId}`, { title: 'Renamed' })),
          await status(as(f, who).put(`${path}/content/variables`, { variables: { product: 'Docs' } })),
          await status(as(f, who).patch(`${path}/content/variables`, { variables: { version: 2 } })),
        ];
      },
    },
    {
      operation: '`.../content/import`, `.../content/page/{pageId}/import`',
      required: 'edit; active (whatever the space\'s edit mode)',
      cells: EDIT(201),
      check: async (f, who) => {
        const { path, pageId } = await changeRequest(f);
        const raw = { raw: '# Imported\n\nText.', headers: { 'Content-Type': 'text/markdown' } };
        return [await status(as(f, who).post(`${path}/content/import`, undefined, raw)), await status(as(f, who).post(`${path}/content/page/${pageId}/import`, undefined, raw))];
      },
    },
    { operation: '`POST .../update`', required: 'edit; active (whatever the space\'s edit mode)', cells: EDIT(200), check: async (f, who) => status(as(f, who).post(`${(await changeRequest(f)).path}/update`)) },
    {
      operation: '`POST .../merge`',
      required: 'review; active; no unresolved conflicts; the merge rules (409 naming the unmet rules)',
      cells: REVIEW(200),
      check: async (f, who) => status(as(f, who).post(`${(await changeRequest(f)).path}/merge`)),
    },
    {
      operation: '`POST .../reviews`',
      required: 'review; not the author (403; the author here has the edit role); active (409)',
      cells: REVIEW(201),
      check: async (f, who) => status(as(f, who).post(`${(await changeRequest(f)).path}/reviews`, { status: 'approved' })),
    },
    {
      operation: '`GET .../reviews`, `GET .../requested-reviewers`',
      required: 'read',
      cells: READ,
      check: async (f, who) => {
        const { path } = await changeRequest(f);
        return [await status(as(f, who).get(`${path}/reviews`)), await status(as(f, who).get(`${path}/requested-reviewers`))];
      },
    },
    {
      operation: '`POST .../requested-reviewers` (users: members with review on the space, not the author: else 400)',
      required: 'edit; active (409)',
      cells: EDIT(200),
      check: async (f, who) => status(as(f, who).post(`${(await changeRequest(f)).path}/requested-reviewers`, { users: [f.users.review.user.id] })),
    },
    {
      operation: '`DELETE .../requested-reviewers/{userId}`, a pending request',
      required: 'edit',
      cells: EDIT(205),
      check: async (f, who) => {
        const { path } = await changeRequest(f);
        await f.t.http.as(f.users.edit.token).post(`${path}/requested-reviewers`, { users: [f.users.review.user.id] });
        return status(as(f, who).delete(`${path}/requested-reviewers/${f.users.review.user.id}`));
      },
    },
    {
      operation: '`DELETE .../requested-reviewers/{userId}`, no pending request',
      required: 'edit',
      cells: EDIT(204),
      check: async (f, who) => status(as(f, who).delete(`${(await changeRequest(f)).path}/requested-reviewers/${f.users.review.user.id}`)),
    },
    {
      operation: '`GET .../changes`, `GET .../links`, `.../content/page/{pageId}/links`, `.../backlinks`',
      required: 'read',
      cells: READ,
      check: async (f, who) => {
        const { path, pageId } = await changeRequest(f);
        return Promise.all([`${path}/changes`, `${path}/links`, `${path}/content/page/${pageId}/links`, `${path}/content/page/${pageId}/backlinks`].map((url) => status(as(f, who).get(url))));
      },
    },
    { operation: '`view`', required: 'read', cells: cells(true, true, true, true, true, true, false, false), check: (f, who) => permission(f, who, ['view']) },
    { operation: '`comment`', required: 'comment', cells: cells(true, true, true, true, true, false, false, false), check: (f, who) => permission(f, who, ['comment']) },
    { operation: '`edit`', required: 'edit, active', cells: cells(true, true, true, true, false, false, false, false), check: (f, who) => permission(f, who, ['edit']) },
    { operation: '`archive`', required: 'edit, not merged', cells: cells(true, true, true, true, false, false, false, false), check: (f, who) => permission(f, who, ['archive']) },
    {
      operation: '`review` (the author, here the edit role, never)',
      required: 'review, active, not its author',
      cells: cells(true, true, true, false, false, false, false, false),
      check: (f, who) => permission(f, who, ['review']),
    },
    { operation: '`merge`', required: 'review, active', cells: cells(true, true, true, false, false, false, false, false), check: (f, who) => permission(f, who, ['merge']) },
  ],
};

describe('the change request permission table', () => {
  let f: Fixture;

  beforeAll(async () => {
    const t = await createTestApp({ imports: [ContentModule, IdentityModule, CollaborationModule] });
    const org = await createOrganization(t, { create: 'create', review: 'review', edit: 'edit', comment: 'comment', read: 'read', guest: null });
    f = { t, organizationId: org.organization.id, users: { ...org.members, outsider: await createUser(t) } as Record<Who, TestUser> };
  });
  afterAll(() => f.t.close());

  describePermissionTable(CHANGE_REQUESTS_TABLE, () => f);
});
