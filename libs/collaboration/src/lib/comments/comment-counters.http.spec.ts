import { ContentModule } from '@docs/content';
import { createSpace } from '@docs/content/testing';
import { IdentityModule } from '@docs/identity';
import { createOrganization } from '@docs/identity/testing';
import { createTestApp, TestApp } from '@docs/platform/testing';
import { CollaborationModule } from '../collaboration.module';

/**
 * The space's `comments` and the change request's `comments` count open comments exactly, after
 * every move and under concurrency; deleting a space row (what the purge job does) removes every
 * comment row below it.
 */
describe('comment counters and cascades', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ imports: [ContentModule, IdentityModule, CollaborationModule] });
  });
  afterAll(() => t.close());

  async function setup() {
    const { organization, members } = await createOrganization(t, { editor: 'edit', commenter: 'comment', reader: 'read' });
    const space = await createSpace(t, members.admin.token, organization.id);
    const as = (name: 'admin' | 'editor' | 'commenter' | 'reader') => t.http.as(members[name].token);
    const crs = `/v1/spaces/${space.id}/change-requests`;
    const cr = (await as('editor').post(crs, { subject: 'Edits' })).body;
    const spaceComments = `/v1/spaces/${space.id}/comments`;
    const crComments = `${crs}/${cr.id}/comments`;
    return { organization, members, space, as, crs, cr, spaceComments, crComments };
  }

  /** What the API says, and what the rows say. */
  async function counts(s: Awaited<ReturnType<typeof setup>>) {
    const space = (await s.as('reader').get(`/v1/spaces/${s.space.id}`)).body.comments;
    const changeRequest = (await s.as('reader').get(`${s.crs}/${s.cr.id}`)).body.comments;
    const list = async (base: string, status: string) => (await s.as('reader').get(base, { query: { status, limit: 0 } })).body.count;
    const [rows] = await t.dataSource.query(
      `SELECT count(*) FILTER (WHERE change_request_id IS NULL AND status = 'open')::int AS space_open,
              count(*) FILTER (WHERE change_request_id IS NULL)::int AS space_all,
              count(*) FILTER (WHERE change_request_id = $2 AND status = 'open')::int AS cr_open,
              count(*) FILTER (WHERE change_request_id = $2)::int AS cr_all
         FROM comments WHERE space_id = $1`,
      [s.space.id, s.cr.id],
    );
    return {
      space,
      changeRequest,
      lists: {
        space: [await list(s.spaceComments, 'open'), await list(s.spaceComments, 'resolved'), await list(s.spaceComments, 'all')],
        changeRequest: [await list(s.crComments, 'open'), await list(s.crComments, 'resolved'), await list(s.crComments, 'all')],
      },
      rows,
    };
  }

  /** Counters agree with the rows. */
  async function expectExact(s: Awaited<ReturnType<typeof setup>>, space: number, changeRequest: number) {
    const c = await counts(s);
    expect({ space: c.space, changeRequest: c.changeRequest }).toEqual({ space, changeRequest });
    expect(c.rows).toMatchObject({ space_open: space, cr_open: changeRequest });
    expect(c.lists.space).toEqual([c.rows.space_open, c.rows.space_all - c.rows.space_open, c.rows.space_all]);
    expect(c.lists.changeRequest).toEqual([c.rows.cr_open, c.rows.cr_all - c.rows.cr_open, c.rows.cr_all]);
  }

  it('after every move: post, resolve, reopen, delete (open or resolved), space deleted and restored, change request merged and archived', async () => {
    const s = await setup();
    const { as, spaceComments, crComments, space, crs, cr } = s;
    await expectExact(s, 0, 0);
    const a = (await as('commenter').post(spaceComments, { body: { markdown: 'a' } })).body;
    const b = (await as('commenter').post(spaceComments, { body: { markdown: 'b' } })).body;
    const c = (await as('commenter').post(crComments, { body: { markdown: 'c' } })).body;
    await expectExact(s, 2, 1);
    await as('commenter').put(`${spaceComments}/${a.id}`, { resolved: true });
    await expectExact(s, 1, 1);
    await as('commenter').put(`${spaceComments}/${a.id}`, { resolved: true }); // again: no change
    await expectExact(s, 1, 1);
    await as('commenter').put(`${crComments}/${c.id}`, { resolved: true });
    await expectExact(s, 1, 0);
    await as('commenter').put(`${spaceComments}/${a.id}`, { resolved: false });
    await expectExact(s, 2, 0);
    await as('commenter').put(`${spaceComments}/${a.id}`, { resolved: false }); // again: no change
    await expectExact(s, 2, 0);
    // Replies and reactions do not count.
    await as('commenter').post(`${spaceComments}/${b.id}/replies`, { body: { markdown: 'r' } });
    await as('commenter').put(`${spaceComments}/${b.id}`, { addedReactions: ['👍'] });
    await expectExact(s, 2, 0);
    await as('commenter').delete(`${spaceComments}/${b.id}`); // open
    await expectExact(s, 1, 0);
    await as('commenter').put(`${spaceComments}/${a.id}`, { resolved: true });
    await as('commenter').delete(`${spaceComments}/${a.id}`); // resolved
    await expectExact(s, 0, 0);
    // Deleting the space keeps its comments; restoring shows them with the same counts.
    const d = (await as('commenter').post(spaceComments, { body: { markdown: 'd' } })).body;
    await as('commenter').post(spaceComments, { body: { markdown: 'e' } });
    await as('commenter').put(`${spaceComments}/${d.id}`, { resolved: true });
    await as('commenter').post(crComments, { body: { markdown: 'f' } });
    await expectExact(s, 1, 1);
    expect((await as('admin').delete(`/v1/spaces/${space.id}`)).status).toBe(205);
    expect((await t.dataSource.query(`SELECT comments FROM spaces WHERE id = $1`, [space.id]))[0].comments).toBe(1);
    expect((await as('admin').post(`/v1/spaces/${space.id}/restore`)).body.comments).toBe(1);
    await expectExact(s, 1, 1);
    // A change request merged, archived, reopened: its comments stay, and its count.
    await as('editor').patch(`${crs}/${cr.id}`, { status: 'archived' });
    await expectExact(s, 1, 1);
    await as('editor').patch(`${crs}/${cr.id}`, { status: 'open' });
    expect((await as('admin').post(`${crs}/${cr.id}/merge`)).body.result).toBe('merge');
    await expectExact(s, 1, 1);
    await as('commenter').post(crComments, { body: { markdown: 'after merge' } });
    await expectExact(s, 1, 2);
    // A duplicate of the space starts with none.
    expect((await as('admin').post(`/v1/spaces/${space.id}/duplicate`)).body.comments).toBe(0);
  });

  it('50 concurrent posts and resolves (and reopens, deletes) on a space and a change request: exact', async () => {
    const s = await setup();
    const { as, spaceComments, crComments } = s;
    const seed = async (base: string) => {
      const ids: string[] = [];
      for (let i = 0; i < 20; i++) ids.push((await as('commenter').post(base, { body: { markdown: `seed ${i}` } })).body.id);
      return ids;
    };
    const [spaceIds, crIds] = [await seed(spaceComments), await seed(crComments)];
    for (const id of spaceIds.slice(10, 15)) await as('commenter').put(`${spaceComments}/${id}`, { resolved: true });
    const moves: Promise<{ status: number }>[] = [];
    const callers = [as('commenter'), as('editor'), as('admin')];
    for (let i = 0; i < 50; i++) {
      const who = callers[i % callers.length];
      for (const [base, ids] of [
        [spaceComments, spaceIds],
        [crComments, crIds],
      ] as const) {
        moves.push(who.post(base, { body: { markdown: `concurrent ${i}` } }));
        // Resolve each of the first 10 several times at once; reopen the ones resolved before.
        if (i < 30) moves.push(who.put(`${base}/${ids[i % 10]}`, { resolved: true }));
        if (i < 5 && base === spaceComments) moves.push(who.put(`${base}/${ids[10 + i]}`, { resolved: false }));
        if (i < 3) moves.push(as('admin').delete(`${base}/${ids[17 + i]}`));
      }
    }
    const results = await Promise.all(moves);
    expect(results.filter((r) => ![200, 205].includes(r.status))).toEqual([]);
    // Space: 20 seeded - 10 resolved (5 reopened back) - 3 deleted + 50 posted; change request: the same without reopens.
    await expectExact(s, 20 - 10 - 3 + 50, 20 - 10 - 3 + 50);
    const [threads] = await t.dataSource.query(`SELECT all_comments, open_comments FROM comment_threads WHERE thread_key = $1`, [s.space.id]);
    expect(threads).toEqual({ all_comments: 67, open_comments: 57 });
  });

  it('comments race content writes and a merge (they lock the same rows): every request answers, counters exact', async () => {
    const s = await setup();
    const { as, spaceComments, crComments, crs, cr, space } = s;
    const page = (await as('editor').post(`/v1/spaces/${space.id}/content/pages`, { title: 'Race', markdown: 'v0' })).body;
    const crPage = (await as('editor').post(`${crs}/${cr.id}/content/pages`, { title: 'In CR', markdown: 'v0' })).body;
    await as('editor').patch(`${crs}/${cr.id}`, { status: 'open' });
    const seeded = (await as('commenter').post(crComments, { body: { markdown: 'seed' } })).body;
    const moves: Promise<{ status: number; text: string }>[] = [];
    for (let i = 0; i < 12; i++) {
      moves.push(as('commenter').post(spaceComments, { body: { markdown: `s${i}` }, page: page.id }));
      moves.push(as('commenter').post(crComments, { body: { markdown: `c${i}` }, page: crPage.id }));
      moves.push(as('editor').patch(`/v1/spaces/${space.id}/content/page/${page.id}`, { markdown: `v${i + 1}` }));
      if (i < 6) moves.push(as('editor').patch(`${crs}/${cr.id}/content/page/${crPage.id}`, { markdown: `cr v${i + 1}` }));
      if (i === 6) moves.push(as('admin').post(`${crs}/${cr.id}/merge`));
      if (i % 3 === 0) moves.push(as('editor').put(`${crComments}/${seeded.id}`, { resolved: i % 2 === 0 }));
    }
    const results = await Promise.all(moves);
    // Content writes to a change request that got merged meanwhile are refused (409); nothing else fails.
    expect(results.filter((r) => ![200, 409].includes(r.status)).map((r) => `${r.status} ${r.text.slice(0, 120)}`)).toEqual([]);
    const openInCr = (await t.dataSource.query(`SELECT count(*)::int AS n FROM comments WHERE change_request_id = $1 AND status = 'open'`, [cr.id]))[0].n;
    await expectExact(s, 12, openInCr);
  });

  it('deleting the space row (the purge) removes comments, replies, reactions, mentions and counters; a change request row too', async () => {
    const s = await setup();
    const { as, spaceComments, crComments, members, space, cr } = s;
    for (const base of [spaceComments, crComments]) {
      const comment = (await as('commenter').post(base, { body: { markdown: `cc @${members.reader.user.email}` } })).body;
      const reply = (await as('editor').post(`${base}/${comment.id}/replies`, { body: { markdown: `@${members.admin.user.email}` } })).body;
      await as('editor').put(`${base}/${comment.id}`, { addedReactions: ['👍'] });
      await as('commenter').put(`${base}/${comment.id}/replies/${reply.id}`, { addedReactions: ['🎉'] });
    }
    const tables = ['comment_threads', 'comments', 'comment_replies', 'comment_reactions', 'comment_mentions'];
    const rows = async () =>
      Object.fromEntries(
        await Promise.all(tables.map(async (table) => [table, (await t.dataSource.query(`SELECT count(*)::int AS n FROM ${table} WHERE space_id = $1`, [space.id]))[0].n])),
      );
    expect(await rows()).toEqual({ comment_threads: 2, comments: 2, comment_replies: 2, comment_reactions: 4, comment_mentions: 4 });
    // A change request row going removes its thread alone.
    await t.dataSource.query(`DELETE FROM change_requests WHERE id = $1`, [cr.id]);
    expect(await rows()).toEqual({ comment_threads: 1, comments: 1, comment_replies: 1, comment_reactions: 2, comment_mentions: 2 });
    expect((await as('reader').get(`/v1/spaces/${space.id}`)).body.comments).toBe(1);
    await t.dataSource.query(`DELETE FROM spaces WHERE id = $1`, [space.id]);
    expect(await rows()).toEqual({ comment_threads: 0, comments: 0, comment_replies: 0, comment_reactions: 0, comment_mentions: 0 });
  });

  it('a transferred space takes its comments to the new organization; a deleted account takes its comments, a resolver is shown as deleted', async () => {
    const s = await setup();
    const { as, spaceComments, members, space } = s;
    const target = await createOrganization(t, {});
    await t.dataSource.query(`INSERT INTO organization_members (organization_id, user_id, role, disabled, sso, joined_at) VALUES ($1, $2, 'admin', false, false, now())`, [
      target.organization.id,
      members.admin.user.id,
    ]);
    const kept = (await as('admin').post(spaceComments, { body: { markdown: 'kept' } })).body;
    const gone = (await as('commenter').post(spaceComments, { body: { markdown: 'gone' } })).body;
    await as('commenter').post(`${spaceComments}/${kept.id}/replies`, { body: { markdown: 'gone too' } });
    await as('commenter').put(`${spaceComments}/${kept.id}`, { resolved: true, addedReactions: ['👍'] });
    expect((await as('admin').post(`/v1/spaces/${space.id}/transfer`, { organization: target.organization.id })).status).toBe(200);
    const owners = await t.dataSource.query(`SELECT DISTINCT organization_id FROM comments WHERE space_id = $1`, [space.id]);
    expect(owners).toEqual([{ organization_id: target.organization.id }]);

    await t.dataSource.query(`DELETE FROM users WHERE id = $1`, [members.commenter.user.id]);
    const got = (await as('admin').get(`${spaceComments}/${kept.id}`)).body;
    expect(got).toMatchObject({ status: 'resolved', replies: 0, reactions: [], resolvedBy: { id: 'deleted-user', displayName: 'Deleted user' } });
    expect((await as('admin').get(`${spaceComments}/${gone.id}`)).status).toBe(404);
    expect((await as('admin').get(`/v1/spaces/${space.id}`)).body.comments).toBe(0);
    expect((await as('admin').get(spaceComments)).body.count).toBe(1);
  });
});
