import { ContentModule } from '@docs/content';
import { createSpace, setDefaultLevel } from '@docs/content/testing';
import { IdentityModule } from '@docs/identity';
import { createOrganization } from '@docs/identity/testing';
import { createTestApp, TestApp } from '@docs/platform/testing';
import { CollaborationModule } from '../collaboration.module';

/** The "Comments" table of docs/permissions.md, row by row, role by role, under both mount points. */
describe('comment permissions over HTTP (docs/permissions.md, "Comments")', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ imports: [ContentModule, IdentityModule, CollaborationModule] });
  });
  afterAll(() => t.close());

  const ROLES = ['admin', 'create', 'review', 'edit', 'comment', 'read', 'guest', 'outsider'] as const;
  type Role = (typeof ROLES)[number];

  async function setup() {
    const { organization, members } = await createOrganization(t, { create: 'create', review: 'review', edit: 'edit', comment: 'comment', read: 'read', guest: null, author: 'comment' });
    const other = await createOrganization(t, {});
    const space = await createSpace(t, members.admin.token, organization.id);
    const tokens: Record<Role, string> = {
      admin: members.admin.token,
      create: members.create.token,
      review: members.review.token,
      edit: members.edit.token,
      comment: members.comment.token,
      read: members.read.token,
      guest: members.guest.token,
      outsider: other.members.admin.token,
    };
    const userIds: Record<Role, string> = { ...Object.fromEntries(Object.entries(members).map(([n, m]) => [n, m.user.id])), outsider: other.members.admin.user.id } as Record<Role, string>;
    const cr = (await t.http.as(members.edit.token).post(`/v1/spaces/${space.id}/change-requests`, { subject: 'Perms' })).body;
    return { organization, members, space, tokens, userIds, cr, author: t.http.as(members.author.token) };
  }

  /** A fresh comment and reply by `author` (a commenter) in `base`, so every cell starts from the same state. */
  async function fresh(author: ReturnType<TestApp['http']['as']>, base: string) {
    const comment = (await author.post(base, { body: { markdown: 'A comment' } })).body;
    const reply = (await author.post(`${base}/${comment.id}/replies`, { body: { markdown: 'A reply' } })).body;
    return { comment, reply };
  }

  /** A comment (and reply) whose author is `role` (written as them in SQL where their level could not post it). */
  async function ownedBy(s: Awaited<ReturnType<typeof setup>>, base: string, role: Role) {
    const made = await fresh(s.author, base);
    await t.dataSource.query(`UPDATE comments SET posted_by = $2 WHERE id = $1`, [made.comment.id, s.userIds[role]]);
    await t.dataSource.query(`UPDATE comment_replies SET posted_by = $2 WHERE id = $1`, [made.reply.id, s.userIds[role]]);
    return made;
  }

  const mounts = [
    ['space', (s: Awaited<ReturnType<typeof setup>>) => `/v1/spaces/${s.space.id}/comments`],
    ['change request', (s: Awaited<ReturnType<typeof setup>>) => `/v1/spaces/${s.space.id}/change-requests/${s.cr.id}/comments`],
  ] as const;

  describe.each(mounts)('%s comments', (_where, baseOf) => {
    it('every operation, every role', async () => {
      const s = await setup();
      const base = baseOf(s);
      const commenters = base.replace(/\/comments$/, '/commenters');
      const table: Record<string, Record<Role, number>> = {};
      const cell = async (row: string, role: Role, run: (as: ReturnType<TestApp['http']['as']>) => Promise<{ status: number }>) => {
        (table[row] ??= {} as Record<Role, number>)[role] = (await run(t.http.as(s.tokens[role]))).status;
      };
      for (const role of ROLES) {
        const { comment, reply } = await fresh(s.author, base);
        const one = `${base}/${comment.id}`;
        const oneReply = `${one}/replies/${reply.id}`;
        await cell('GET comments', role, (as) => as.get(base));
        await cell('GET comment', role, (as) => as.get(one));
        await cell('GET replies', role, (as) => as.get(`${one}/replies`));
        await cell('GET reply', role, (as) => as.get(oneReply));
        await cell('GET commenters', role, (as) => as.get(commenters));
        await cell('POST comment', role, (as) => as.post(base, { body: { markdown: 'Mine' } }));
        await cell('POST reply', role, (as) => as.post(`${one}/replies`, { body: { markdown: 'Mine' } }));
        await cell('PUT comment body (not theirs)', role, (as) => as.put(one, { body: { markdown: 'Changed' } }));
        await cell('PUT comment resolved', role, (as) => as.put(one, { resolved: true }));
        await cell('PUT comment reactions', role, (as) => as.put(one, { addedReactions: ['👍'] }));
        await cell('PUT reply body (not theirs)', role, (as) => as.put(oneReply, { body: { markdown: 'Changed' } }));
        await cell('PUT reply reactions', role, (as) => as.put(oneReply, { addedReactions: ['👍'] }));
        await cell('DELETE reply (not theirs)', role, (as) => as.delete(oneReply));
        await cell('DELETE comment (not theirs)', role, (as) => as.delete(one));
        if (role !== 'guest' && role !== 'outsider') {
          const own = await ownedBy(s, base, role);
          await cell('PUT own comment body', role, (as) => as.put(`${base}/${own.comment.id}`, { body: { markdown: 'Edited' } }));
          await cell('PUT own reply body', role, (as) => as.put(`${base}/${own.comment.id}/replies/${own.reply.id}`, { body: { markdown: 'Edited' } }));
          await cell('DELETE own reply', role, (as) => as.delete(`${base}/${own.comment.id}/replies/${own.reply.id}`));
          await cell('DELETE own comment', role, (as) => as.delete(`${base}/${own.comment.id}`));
        }
      }
      const row = (...statuses: number[]) => Object.fromEntries(ROLES.slice(0, statuses.length).map((role, i) => [role, statuses[i]]));
      expect(table).toEqual({
        'GET comments': row(200, 200, 200, 200, 200, 200, 404, 404),
        'GET comment': row(200, 200, 200, 200, 200, 200, 404, 404),
        'GET replies': row(200, 200, 200, 200, 200, 200, 404, 404),
        'GET reply': row(200, 200, 200, 200, 200, 200, 404, 404),
        'GET commenters': row(200, 200, 200, 200, 200, 200, 404, 404),
        'POST comment': row(200, 200, 200, 200, 200, 403, 404, 404),
        'POST reply': row(200, 200, 200, 200, 200, 403, 404, 404),
        'PUT comment body (not theirs)': row(403, 403, 403, 403, 403, 403, 404, 404),
        'PUT comment resolved': row(200, 200, 200, 200, 200, 403, 404, 404),
        'PUT comment reactions': row(200, 200, 200, 200, 200, 403, 404, 404),
        'PUT reply body (not theirs)': row(403, 403, 403, 403, 403, 403, 404, 404),
        'PUT reply reactions': row(200, 200, 200, 200, 200, 403, 404, 404),
        'DELETE reply (not theirs)': row(205, 403, 403, 403, 403, 403, 404, 404),
        'DELETE comment (not theirs)': row(205, 403, 403, 403, 403, 403, 404, 404),
        'PUT own comment body': row(200, 200, 200, 200, 200, 403),
        'PUT own reply body': row(200, 200, 200, 200, 200, 403),
        'DELETE own reply': row(205, 205, 205, 205, 205, 403),
        'DELETE own comment': row(205, 205, 205, 205, 205, 403),
      });
    });

    it('`permissions` on every comment and reply say exactly that, for each caller', async () => {
      const s = await setup();
      const base = baseOf(s);
      const { comment } = await fresh(s.author, base);
      const seen: Record<string, unknown> = {};
      for (const role of ROLES.slice(0, 6)) {
        const own = await ownedBy(s, base, role);
        const as = t.http.as(s.tokens[role]);
        const list = (await as.get(base, { query: { limit: 1000 } })).body.items as { id: string; permissions: unknown }[];
        const replies = (await as.get(`${base}/${own.comment.id}/replies`)).body.items as { permissions: unknown }[];
        seen[role] = {
          others: list.find((c) => c.id === comment.id)?.permissions,
          own: list.find((c) => c.id === own.comment.id)?.permissions,
          ownReply: replies[0].permissions,
        };
      }
      const p = (view: boolean, edit: boolean, reply: boolean, del: boolean) => ({ view, edit, reply, delete: del });
      const participant = { others: p(true, false, true, false), own: p(true, true, true, true), ownReply: p(true, true, true, true) };
      expect(seen).toEqual({
        admin: { ...participant, others: p(true, false, true, true) },
        create: participant,
        review: participant,
        edit: participant,
        comment: participant,
        read: { others: p(true, false, false, false), own: p(true, false, false, false), ownReply: p(true, false, false, false) },
      });
    });
  });

  it("the space's default level caps the level: an editor under `read` reads but may not comment; `null` hides it", async () => {
    const s = await setup();
    const base = `/v1/spaces/${s.space.id}/comments`;
    const editor = t.http.as(s.tokens.edit);
    await setDefaultLevel(t, s.tokens.admin, { object: 'space', id: s.space.id }, 'comment');
    expect((await editor.post(base, { body: { markdown: 'Capped at comment' } })).status).toBe(200);
    await setDefaultLevel(t, s.tokens.admin, { object: 'space', id: s.space.id }, 'read');
    expect((await editor.post(base, { body: { markdown: 'Capped at read' } })).status).toBe(403);
    expect((await editor.get(base)).body.items[0].permissions).toEqual({ view: true, edit: false, reply: false, delete: false });
    await setDefaultLevel(t, s.tokens.admin, { object: 'space', id: s.space.id }, null);
    expect((await editor.get(base)).status).toBe(404);
    expect((await t.http.as(s.tokens.admin).get(base)).status).toBe(200);
  });
});
