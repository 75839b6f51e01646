import { ContentModule } from '@docs/content';
import { createSpace, setDefaultLevel } from '@docs/content/testing';
import { IdentityModule } from '@docs/identity';
import { createOrganization, TestUser } from '@docs/identity/testing';
import { cells, createTestApp, describePermissionTable, PermissionRole, PermissionTable, TestApp } from '@docs/platform/testing';
import { CollaborationModule } from '../collaboration.module';

/**
 * docs/permissions.md, "Comments": the table is generated from this one and every cell is checked
 * over HTTP, role by role (`describePermissionTable`), under both mount points (the space's
 * `/v1/spaces/{spaceId}/comments` and a change request's `.../change-requests/{id}/comments`):
 * each check answers one status (or boolean) per operation and mount. Each check works on a
 * comment and a reply made for that call, by a member with the comment role ("someone else's"), or
 * made by that member then handed to `who` in SQL ("the author": also roles that could not post).
 * The outsider is an admin of another organization.
 */
type Who = PermissionRole;

interface Fixture {
  t: TestApp;
  users: Record<Who | 'author', TestUser>;
  /** The space's and the change request's comments. */
  mounts: string[];
}

type Made = { base: string; comment: string; reply: string };

const as = (f: Fixture, who: Who) => f.t.http.as(f.users[who].token);

/** In each mount, a fresh comment and a reply to it, posted by the author; handed to `owner` if given. */
async function made(f: Fixture, owner?: Who): Promise<Made[]> {
  const author = f.t.http.as(f.users.author.token);
  return Promise.all(
    f.mounts.map(async (base) => {
      const comment = (await author.post(base, { body: { markdown: 'A comment' } })).body.id as string;
      const reply = (await author.post(`${base}/${comment}/replies`, { body: { markdown: 'A reply' } })).body.id as string;
      if (owner) {
        await f.t.dataSource.query(`UPDATE comments SET posted_by = $2 WHERE id = $1`, [comment, f.users[owner].user.id]);
        await f.t.dataSource.query(`UPDATE comment_replies SET posted_by = $2 WHERE id = $1`, [reply, f.users[owner].user.id]);
      }
      return { base, comment: `${base}/${comment}`, reply: `${base}/${comment}/replies/${reply}` };
    }),
  );
}

/** Runs the requests of `each` on every made item, one after the other (a reply is deleted before its comment): their statuses. */
async function sequence(items: Made[], each: (item: Made) => (() => Promise<{ status: number }>)[]): Promise<number[]> {
  const statuses: number[] = [];
  for (const item of items) for (const run of each(item)) statuses.push((await run()).status);
  return statuses;
}

/** A `permissions` key of a comment and of its reply, in each mount, as `who` reads them; false when `who` cannot read them. */
async function permission(f: Fixture, who: Who, key: string, owner?: Who): Promise<boolean[]> {
  const values: boolean[] = [];
  for (const item of await made(f, owner)) {
    for (const path of [item.comment, item.reply]) {
      const res = await as(f, who).get(path);
      values.push(res.status === 200 && res.body.permissions[key] === true);
    }
  }
  return values;
}

const READ = cells(200, 200, 200, 200, 200, 200, 404, 404);
const COMMENT = (ok: number) => cells(ok, ok, ok, ok, ok, 403, 404, 404);
const ADMIN = (ok: number) => cells(ok, 403, 403, 403, 403, 403, 404, 404);
const NOBODY = cells(403, 403, 403, 403, 403, 403, 404, 404);
const KEY_READ = cells(true, true, true, true, true, true, false, false);
const KEY_COMMENT = cells(true, true, true, true, true, false, false, false);

const COMMENTS_TABLE: PermissionTable<Fixture> = {
  id: 'comments',
  firstColumn: 'Operation, or `permissions` key',
  required: true,
  rows: [
    {
      operation: '`GET .../comments`, `GET .../comments/{commentId}`, `GET .../replies`, `GET .../replies/{commentReplyId}`',
      required: 'read',
      cells: READ,
      check: async (f, who) => sequence(await made(f), (m) => [m.base, m.comment, `${m.comment}/replies`, m.reply].map((path) => () => as(f, who).get(path))),
    },
    {
      operation: '`GET /v1/spaces/{spaceId}/commenters`, `GET .../change-requests/{changeRequestId}/commenters`',
      required: 'read',
      cells: READ,
      check: (f, who) => Promise.all(f.mounts.map(async (base) => (await as(f, who).get(base.replace(/\/comments$/, '/commenters'))).status)),
    },
    {
      operation: '`POST .../comments`, `POST .../comments/{commentId}/replies`',
      required: 'comment',
      cells: COMMENT(200),
      check: async (f, who) => sequence(await made(f), (m) => [() => as(f, who).post(m.base, { body: { markdown: 'Mine' } }), () => as(f, who).post(`${m.comment}/replies`, { body: { markdown: 'Mine' } })]),
    },
    {
      operation: '`PUT` a comment or reply with `body`, the author',
      required: 'comment, and the author',
      cells: COMMENT(200),
      check: async (f, who) => sequence(await made(f, who), (m) => [m.comment, m.reply].map((path) => () => as(f, who).put(path, { body: { markdown: 'Edited' } }))),
    },
    {
      operation: "`PUT` a comment or reply with `body`, someone else's",
      required: 'the author only',
      cells: NOBODY,
      check: async (f, who) => sequence(await made(f), (m) => [m.comment, m.reply].map((path) => () => as(f, who).put(path, { body: { markdown: 'Changed' } }))),
    },
    {
      operation: '`PUT` a comment with `resolved` (resolve, reopen)',
      required: 'comment',
      cells: COMMENT(200),
      check: async (f, who) => sequence(await made(f), (m) => [() => as(f, who).put(m.comment, { resolved: true }), () => as(f, who).put(m.comment, { resolved: false })]),
    },
    {
      operation: '`PUT` a comment or reply with `addedReactions` / `removedReactions`',
      required: 'comment',
      cells: COMMENT(200),
      check: async (f, who) =>
        sequence(await made(f), (m) =>
          [m.comment, m.reply].flatMap((path) => [() => as(f, who).put(path, { addedReactions: ['👍'] }), () => as(f, who).put(path, { removedReactions: ['👍'] })]),
        ),
    },
    {
      operation: "`DELETE` a comment or reply, the author (205; a comment's replies, reactions and mentions with it)",
      required: 'comment, and the author',
      cells: COMMENT(205),
      check: async (f, who) => sequence(await made(f, who), (m) => [() => as(f, who).delete(m.reply), () => as(f, who).delete(m.comment)]),
    },
    {
      operation: "`DELETE` a comment or reply, someone else's",
      required: 'admin',
      cells: ADMIN(205),
      check: async (f, who) => sequence(await made(f), (m) => [() => as(f, who).delete(m.reply), () => as(f, who).delete(m.comment)]),
    },
    { operation: '`view`', required: 'read', cells: KEY_READ, check: (f, who) => permission(f, who, 'view') },
    { operation: '`reply` (reply, react; for a comment also resolve)', required: 'comment', cells: KEY_COMMENT, check: (f, who) => permission(f, who, 'reply') },
    { operation: '`edit`, the author', required: 'comment, and the author', cells: KEY_COMMENT, check: (f, who) => permission(f, who, 'edit', who) },
    { operation: "`edit`, someone else's", required: 'the author only', cells: cells(false, false, false, false, false, false, false, false), check: (f, who) => permission(f, who, 'edit') },
    { operation: '`delete`, the author', required: 'comment, and the author', cells: KEY_COMMENT, check: (f, who) => permission(f, who, 'delete', who) },
    { operation: "`delete`, someone else's", required: 'admin', cells: cells(true, false, false, false, false, false, false, false), check: (f, who) => permission(f, who, 'delete') },
  ],
};

describe('comment permissions over HTTP (docs/permissions.md, "Comments")', () => {
  let f: Fixture;
  let organizationId: string;

  beforeAll(async () => {
    const t = await createTestApp({ imports: [ContentModule, IdentityModule, CollaborationModule] });
    const org = await createOrganization(t, { create: 'create', review: 'review', edit: 'edit', comment: 'comment', read: 'read', guest: null, author: 'comment' });
    const other = await createOrganization(t);
    organizationId = org.organization.id;
    const spaceId = (await createSpace(t, org.members.admin.token, organizationId)).id as string;
    const cr = (await t.http.as(org.members.edit.token).post(`/v1/spaces/${spaceId}/change-requests`, { subject: 'Perms' })).body;
    f = {
      t,
      users: { ...org.members, outsider: other.members.admin },
      mounts: [`/v1/spaces/${spaceId}/comments`, `/v1/spaces/${spaceId}/change-requests/${cr.id}/comments`],
    };
  });
  afterAll(() => f.t.close());

  describePermissionTable(COMMENTS_TABLE, () => f);

  it("the space's default level caps the level: an editor under `read` reads but may not comment; `null` hides it", async () => {
    const { t, users } = f;
    const space = await createSpace(t, users.admin.token, organizationId);
    const base = `/v1/spaces/${space.id}/comments`;
    const editor = t.http.as(users.edit.token);
    await setDefaultLevel(t, users.admin.token, { object: 'space', id: space.id }, 'comment');
    expect((await editor.post(base, { body: { markdown: 'Capped at comment' } })).status).toBe(200);
    await setDefaultLevel(t, users.admin.token, { object: 'space', id: space.id }, 'read');
    expect((await editor.post(base, { body: { markdown: 'Capped at read' } })).status).toBe(403);
    expect((await editor.get(base)).body.items[0].permissions).toEqual({ view: true, edit: false, reply: false, delete: false });
    await setDefaultLevel(t, users.admin.token, { object: 'space', id: space.id }, null);
    expect((await editor.get(base)).status).toBe(404);
    expect((await t.http.as(users.admin.token).get(base)).status).toBe(200);
  });
});
