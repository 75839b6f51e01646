import { ContentModule } from '@docs/content';
import { createSpace } from '@docs/content/testing';
import { IdentityModule } from '@docs/identity';
import { createOrganization } from '@docs/identity/testing';
import { createTestApp, TestApp } from '@docs/platform/testing';
import { CollaborationModule } from '../collaboration.module';

describe('change request comments (spec 4.3) and replies under both mount points, over HTTP', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ imports: [ContentModule, IdentityModule, CollaborationModule] });
  });
  afterAll(() => t.close());

  type Name = 'admin' | 'editor' | 'commenter' | 'commenter2' | 'reader' | 'guest';

  async function setup() {
    const { organization, members } = await createOrganization(t, { editor: 'edit', commenter: 'comment', commenter2: 'comment', reader: 'read', guest: null });
    const other = await createOrganization(t, { stranger: 'admin' });
    const space = await createSpace(t, members.admin.token, organization.id);
    const as = (name: Name) => t.http.as(members[name].token);
    const ids = Object.fromEntries(Object.entries(members).map(([name, m]) => [name, m.user.id])) as Record<Name, string>;
    const page = (await as('editor').post(`/v1/spaces/${space.id}/content/pages`, { title: 'Guide', markdown: 'First.\n\nSecond.' })).body;
    const crs = `/v1/spaces/${space.id}/change-requests`;
    const cr = (await as('editor').post(crs, { subject: 'Edits' })).body;
    await as('editor').patch(`${crs}/${cr.id}`, { status: 'open' });
    const base = `${crs}/${cr.id}/comments`;
    return { organization, members, other, space, as, ids, page, crs, cr, base };
  }

  describe('comments of a change request', () => {
    it('every operation, by id and by number; target.changeRequest; the change request counts its open comments', async () => {
      const { space, as, ids, cr, crs, base, page } = await setup();
      const posted = await as('commenter').post(base, { body: { markdown: 'Why this change?' }, page: page.id });
      expect(posted.status).toBe(200);
      expect(posted.body).toMatchObject({
        object: 'comment',
        status: 'open',
        postedBy: { id: ids.commenter },
        target: { space: space.id, changeRequest: cr.id, revision: cr.revision, page: { id: page.id, title: 'Guide', path: 'guide', outdated: false } },
        urls: { location: `http://api.test${base}/${posted.body.id}` },
      });
      const byNumber = `${crs}/${cr.number}/comments`;
      expect((await as('reader').get(`${byNumber}/${posted.body.id}`)).body.id).toBe(posted.body.id);
      expect((await as('reader').get(byNumber)).body.count).toBe(1);
      expect((await as('reader').get(`${crs}/${cr.id}`)).body.comments).toBe(1);
      // The space's own comments and count are another thread.
      expect((await as('reader').get(`/v1/spaces/${space.id}/comments`)).body.count).toBe(0);
      expect((await as('reader').get(`/v1/spaces/${space.id}/comments/${posted.body.id}`)).status).toBe(404);
      expect((await as('reader').get(`/v1/spaces/${space.id}`)).body.comments).toBe(0);

      t.clock.advance(1000);
      const second = (await as('commenter2').post(byNumber, { body: { markdown: 'Second' } })).body;
      const resolved = await as('editor').put(`${base}/${posted.body.id}`, { resolved: true, addedReactions: ['👀'] });
      expect(resolved.body).toMatchObject({ status: 'resolved', resolvedBy: { id: ids.editor }, reactions: [{ emoji: '👀', count: 1 }] });
      expect((await as('reader').get(`${crs}/${cr.id}`)).body.comments).toBe(1);
      const filtered = await as('reader').get(base, { query: { status: 'open', order: 'asc', format: 'document', authors: [ids.commenter2] } });
      expect(filtered.body.items.map((c: { id: string }) => c.id)).toEqual([second.id]);
      expect(filtered.body.items[0].body.document.object).toBe('document');
      expect((await as('reader').get(base, { query: { targetPage: page.id } })).body.count).toBe(1);
      expect((await as('commenter').put(`${base}/${posted.body.id}`, { body: { markdown: 'Why?' } })).body.body).toEqual({ markdown: 'Why?\n' });
      expect((await as('commenter').delete(`${base}/${second.id}`)).status).toBe(403);
      expect((await as('commenter2').delete(`${base}/${second.id}`)).status).toBe(205);
      expect((await as('reader').get(`${crs}/${cr.id}`)).body.comments).toBe(0);
      expect((await as('reader').get(base)).body.count).toBe(1);
    });

    it("targets are the change request's pages: a page only it has; outdated when its body changes there", async () => {
      const { as, cr, base, page, space } = await setup();
      const content = `/v1/spaces/${space.id}/change-requests/${cr.id}/content`;
      const added = (await as('editor').post(`${content}/pages`, { title: 'New in CR', markdown: 'Draft.' })).body;
      const onNew = await as('commenter').post(base, { body: { markdown: 'Nice' }, page: added.id });
      expect(onNew.status).toBe(200);
      // Not a page of the space: 400 there.
      expect((await as('commenter').post(`/v1/spaces/${space.id}/comments`, { body: { markdown: 'x' }, page: added.id })).status).toBe(400);
      const keys = (await as('reader').get(`${content}/page/${page.id}`, { query: { format: 'document' } })).body.document.nodes.map((n: { key: string }) => n.key);
      const onNode = (await as('commenter').post(base, { body: { markdown: 'This line' }, page: page.id, node: keys[1] })).body;
      expect(onNode.target.node).toEqual({ id: keys[1], preview: 'Second.' });
      await as('editor').patch(`${content}/page/${page.id}`, { markdown: 'First.\n\nSecond, edited.' });
      expect((await as('reader').get(`${base}/${onNode.id}`)).body.target.page.outdated).toBe(true);
      // The space's page is unchanged: a comment on the space's page is not outdated.
      const onSpace = (await as('commenter').post(`/v1/spaces/${space.id}/comments`, { body: { markdown: 'x' }, page: page.id })).body;
      expect(onSpace.target.page.outdated).toBe(false);
    });

    it('comments stay with a merged change request, and with an archived one; its count stays exact', async () => {
      const { as, cr, crs, base, page, space } = await setup();
      const content = `/v1/spaces/${space.id}/change-requests/${cr.id}/content`;
      await as('editor').patch(`${content}/page/${page.id}`, { markdown: 'Merged text.' });
      const open = (await as('commenter').post(base, { body: { markdown: 'Open one' }, page: page.id })).body;
      const done = (await as('commenter').post(base, { body: { markdown: 'Done one' } })).body;
      await as('commenter').put(`${base}/${done.id}`, { resolved: true });
      const merged = await as('admin').post(`${crs}/${cr.id}/merge`);
      expect(merged.body.result).toBe('merge');
      const after = await as('reader').get(`${crs}/${cr.id}`);
      expect(after.body).toMatchObject({ status: 'merged', comments: 1 });
      expect((await as('reader').get(base)).body.items.map((c: { id: string }) => c.id).sort()).toEqual([open.id, done.id].sort());
      expect((await as('reader').get(`${base}/${open.id}`)).body.target).toMatchObject({ changeRequest: cr.id, page: { id: page.id, outdated: false } });
      expect((await as('reader').get(`/v1/spaces/${space.id}`)).body.comments).toBe(0);
      // The discussion stays open: replies, resolution and new comments.
      expect((await as('commenter2').post(`${base}/${open.id}/replies`, { body: { markdown: 'Merged anyway' } })).status).toBe(200);
      expect((await as('commenter2').put(`${base}/${open.id}`, { resolved: true })).status).toBe(200);
      expect((await as('reader').get(`${crs}/${cr.id}`)).body.comments).toBe(0);

      // Archived: the same.
      const second = (await as('editor').post(crs, { subject: 'Another' })).body;
      const secondBase = `${crs}/${second.id}/comments`;
      await as('commenter').post(secondBase, { body: { markdown: 'Hm' } });
      expect((await as('editor').patch(`${crs}/${second.id}`, { status: 'archived' })).body).toMatchObject({ status: 'archived', comments: 1 });
      expect((await as('reader').get(secondBase)).body.count).toBe(1);
      expect((await as('editor').patch(`${crs}/${second.id}`, { status: 'open' })).body.comments).toBe(1);
    });

    it('404s: unknown change request, one of another space, a comment of another change request or of the space', async () => {
      const { organization, members, other, as, crs, cr, base, space } = await setup();
      const comment = (await as('commenter').post(base, { body: { markdown: 'x' } })).body;
      const spaceComment = (await as('commenter').post(`/v1/spaces/${space.id}/comments`, { body: { markdown: 'y' } })).body;
      const cr2 = (await as('editor').post(crs, { subject: 'Two' })).body;
      const base2 = `${crs}/${cr2.id}/comments`;
      expect((await as('reader').get(`${base2}/${comment.id}`)).status).toBe(404);
      expect((await as('admin').put(`${base2}/${comment.id}`, { resolved: true })).status).toBe(404);
      expect((await as('admin').delete(`${base2}/${comment.id}`)).status).toBe(404);
      expect((await as('reader').get(`${base}/${spaceComment.id}`)).status).toBe(404);
      expect((await as('reader').get(`${crs}/999/comments`)).status).toBe(404);
      const elsewhere = await createSpace(t, members.admin.token, organization.id);
      expect((await as('reader').get(`/v1/spaces/${elsewhere.id}/change-requests/${cr.id}/comments`)).status).toBe(404);
      for (const caller of [as('guest'), t.http.as(other.members.stranger.token)]) {
        expect((await caller.get(base)).status).toBe(404);
        expect((await caller.get(`${base}/${comment.id}`)).status).toBe(404);
        expect((await caller.post(base, { body: { markdown: 'x' } })).status).toBe(404);
        expect((await caller.get(`${base}/${comment.id}/replies`)).status).toBe(404);
        expect((await caller.get(`${crs}/${cr.id}/commenters`)).status).toBe(404);
      }
      expect((await as('reader').post(base, { body: { markdown: 'x' } })).status).toBe(403);
      expect((await t.http.as(undefined).get(base)).status).toBe(401);
    });

    it('commenters of the change request', async () => {
      const { as, cr, crs, base, ids } = await setup();
      const c = (await as('commenter2').post(base, { body: { markdown: 'a' } })).body;
      t.clock.advance(10);
      await as('reader').get(base);
      await as('commenter').post(`${base}/${c.id}/replies`, { body: { markdown: 'b' } });
      const list = await as('reader').get(`${crs}/${cr.id}/commenters`);
      expect(list.body.items.map((m: { id: string }) => m.id)).toEqual([ids.commenter2, ids.commenter]);
      expect(list.body.count).toBe(2);
    });
  });

  describe.each([
    ['space', (s: { space: { id: string } }) => `/v1/spaces/${s.space.id}/comments`],
    ['change request', (s: { base: string }) => s.base],
  ] as const)('replies of a %s comment', (_where, baseOf) => {
    it('post, list (oldest first, paged), get, update, delete; the comment counts its replies', async () => {
      const s = await setup();
      const { as, ids } = s;
      const base = baseOf(s as never);
      const comment = (await as('commenter').post(base, { body: { markdown: 'Thoughts?' } })).body;
      const replies = `${base}/${comment.id}/replies`;
      const posted: { id: string }[] = [];
      for (const name of ['commenter2', 'editor', 'commenter'] as const) {
        t.clock.advance(1000);
        const res = await as(name).post(replies, { body: { markdown: `From ${name}` } });
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({
          object: 'comment-reply',
          body: { markdown: `From ${name}\n` },
          postedBy: { id: ids[name] },
          postedAt: t.clock.now().toISOString(),
          reactions: [],
          urls: { location: `http://api.test${replies}/${res.body.id}` },
          permissions: { view: true, edit: true, reply: true, delete: true },
        });
        posted.push(res.body);
      }
      expect((await as('reader').get(`${base}/${comment.id}`)).body.replies).toBe(3);
      const list = await as('reader').get(replies, { query: { limit: 2 } });
      expect(list.body.count).toBe(3);
      expect(list.body.items.map((r: { id: string }) => r.id)).toEqual(posted.slice(0, 2).map((r) => r.id));
      expect(list.body.items[0].permissions).toEqual({ view: true, edit: false, reply: false, delete: false });
      expect((await as('reader').all(replies, { limit: 2 })).map((r: { id: string }) => r.id)).toEqual(posted.map((r) => r.id));
      expect((await as('reader').get(replies, { query: { limit: 0 } })).body).toEqual({ items: [], count: 3 });
      expect((await as('reader').get(replies, { query: { format: 'document' } })).body.items[0].body.document.object).toBe('document');
      expect((await as('reader').get(replies, { query: { page: 'bad' } })).status).toBe(400);

      const one = `${replies}/${posted[0].id}`;
      expect((await as('reader').get(one)).body.id).toBe(posted[0].id);
      expect((await as('reader').get(one, { query: { format: 'document' } })).body.body.document.nodes.length).toBe(1);
      // Body: its author only; reactions: comment level.
      t.clock.advance(1000);
      const edited = await as('commenter2').put(one, { body: { markdown: 'Edited' }, addedReactions: ['👍'] });
      expect(edited.body).toMatchObject({ body: { markdown: 'Edited\n' }, editedAt: t.clock.now().toISOString(), reactions: [{ emoji: '👍', count: 1 }] });
      expect((await as('commenter').put(one, { body: { markdown: 'Not mine' } })).status).toBe(403);
      t.clock.advance(1000);
      expect((await as('commenter').put(one, { addedReactions: ['👍', '🚀'] })).body.reactions.map((r: { emoji: string; count: number }) => [r.emoji, r.count])).toEqual([
        ['👍', 2],
        ['🚀', 1],
      ]);
      expect((await as('reader').put(one, { addedReactions: ['👍'] })).status).toBe(403);
      expect((await as('commenter').put(one, { addedReactions: ['nope'] })).status).toBe(400);
      expect((await as('commenter').put(one, { resolved: true })).status).toBe(400); // replies have no status
      // Delete: its author or an admin; the count follows.
      expect((await as('commenter').delete(one)).status).toBe(403);
      expect((await as('commenter2').delete(one)).status).toBe(205);
      expect((await as('reader').get(one)).status).toBe(404);
      expect((await as('admin').delete(`${replies}/${posted[1].id}`)).status).toBe(205);
      expect((await as('reader').get(`${base}/${comment.id}`)).body.replies).toBe(1);
      expect((await as('reader').get(replies)).body.count).toBe(1);
      expect((await t.dataSource.query(`SELECT count(*)::int AS n FROM comment_reactions WHERE reply_id = $1`, [posted[0].id]))[0].n).toBe(0);

      // Bad input and 404s.
      for (const body of [{}, { body: { markdown: '' } }, { body: { markdown: 'x'.repeat(100_001) } }, { body: { markdown: 'x' }, page: 'p' }]) {
        expect([JSON.stringify(body).slice(0, 40), (await as('commenter').post(replies, body)).status]).toEqual([JSON.stringify(body).slice(0, 40), 400]);
      }
      expect((await as('reader').post(replies, { body: { markdown: 'x' } })).status).toBe(403);
      expect((await as('reader').get(`${base}/nope/replies`)).status).toBe(404);
      expect((await as('reader').get(`${replies}/nope`)).status).toBe(404);
      expect((await as('commenter').post(`${base}/nope/replies`, { body: { markdown: 'x' } })).status).toBe(404);
      const otherComment = (await as('commenter').post(base, { body: { markdown: 'Other' } })).body;
      expect((await as('reader').get(`${base}/${otherComment.id}/replies/${posted[2].id}`)).status).toBe(404);
      expect((await as('commenter').put(`${base}/${otherComment.id}/replies/${posted[2].id}`, { addedReactions: ['👍'] })).status).toBe(404);
      expect((await as('admin').delete(`${base}/${otherComment.id}/replies/${posted[2].id}`)).status).toBe(404);
      expect((await as('guest').get(replies)).status).toBe(404);
    });

    it("a reader's @email reads back as the reference's mention inline: comment and reply, at post and at edit; other addresses stay text", async () => {
      const s = await setup();
      const { as, ids, members, other } = s;
      const base = baseOf(s as never);
      const email = (name: Name) => members[name].user.email;
      const inline = (user: string) => ({ object: 'inline', type: 'mention', isVoid: true, data: { ref: { kind: 'user', user } } });
      const text = (value: string) => ({ object: 'text', leaves: [{ object: 'leaf', text: value, marks: [] }] });
      // The codec's markdown of a mention inline, which it reads back as the inline.
      const mentionMarkdown = (user: string) => `[ref:user/${user}](ref:user/${user} "mention")`;
      const read = async (url: string) => {
        const [markdown, document] = await Promise.all([as('reader').get(url), as('reader').get(url, { query: { format: 'document' } })]);
        return { markdown: markdown.body.body.markdown, nodes: document.body.body.document.nodes[0].nodes, document: document.body.body.document };
      };
      const mentioned = async (subject: string) =>
        (await t.dataSource.query(`SELECT user_id FROM comment_mentions WHERE subject_id = $1 ORDER BY user_id`, [subject])).map((r: { user_id: string }) => r.user_id);

      // Post: the reader becomes the inline; a guest (cannot read the space), a member of another
      // organization and an unknown address stay text, as does a reader's address in code.
      const rest = ` (not @${email('guest')}, @${other.members.stranger.user.email} or @nobody@example.com)`;
      const posted = await as('commenter').post(base, { body: { markdown: `Ask @${email('reader').toUpperCase()}${rest} \`@${email('reader')}\`` } });
      expect(posted.status).toBe(200);
      const comment = `${base}/${posted.body.id}`;
      const postedBody = await read(comment);
      expect(postedBody.nodes).toEqual([
        text('Ask '),
        inline(ids.reader),
        { object: 'text', leaves: [{ object: 'leaf', text: `${rest} `, marks: [] }, { object: 'leaf', text: `@${email('reader')}`, marks: [{ object: 'mark', type: 'code' }] }] },
      ]);
      expect(postedBody.markdown).toBe(`Ask ${mentionMarkdown(ids.reader)}${rest} \`@${email('reader')}\`\n`);
      expect(posted.body.body).toEqual({ markdown: postedBody.markdown });
      expect(await mentioned(posted.body.id)).toEqual([ids.reader]);

      // The same as a body written with the inline, in both forms; its markdown posted again is the same body.
      const withInline = await as('commenter').post(base, { body: { document: postedBody.document } });
      expect(await read(`${base}/${withInline.body.id}`)).toEqual(postedBody);
      const again = await as('commenter').post(base, { body: { markdown: postedBody.markdown } });
      expect(await read(`${base}/${again.body.id}`)).toEqual(postedBody);
      expect(await mentioned(again.body.id)).toEqual([ids.reader]);

      // Edit: the new body's mentions.
      const edited = await as('commenter').put(comment, { body: { markdown: `Now @${email('commenter2')}, not @${email('guest')}` } });
      expect(edited.body.body).toEqual({ markdown: `Now ${mentionMarkdown(ids.commenter2)}, not @${email('guest')}\n` });
      expect((await read(comment)).nodes).toEqual([text('Now '), inline(ids.commenter2), text(`, not @${email('guest')}`)]);
      expect(await mentioned(posted.body.id)).toEqual([ids.commenter2]);

      // A reply, posted and edited.
      const reply = await as('editor').post(`${comment}/replies`, { body: { markdown: `cc @${email('admin')}` } });
      expect(reply.status).toBe(200);
      const replyUrl = `${comment}/replies/${reply.body.id}`;
      expect((await read(replyUrl)).nodes).toEqual([text('cc '), inline(ids.admin)]);
      expect(reply.body.body).toEqual({ markdown: `cc ${mentionMarkdown(ids.admin)}\n` });
      await as('editor').put(replyUrl, { body: { markdown: `@${email('reader')} and @nobody@example.com` } });
      expect((await read(replyUrl)).nodes).toEqual([inline(ids.reader), text(' and @nobody@example.com')]);
      expect(await mentioned(reply.body.id)).toEqual([ids.reader]);
    });

    it('concurrent replies: the comment counts each one', async () => {
      const s = await setup();
      const base = baseOf(s as never);
      const comment = (await s.as('commenter').post(base, { body: { markdown: 'Busy thread' } })).body;
      const names = ['commenter', 'commenter2', 'editor', 'admin'] as const;
      const results = await Promise.all(
        Array.from({ length: 30 }, (_, i) => s.as(names[i % names.length]).post(`${base}/${comment.id}/replies`, { body: { markdown: `Reply ${i}` } })),
      );
      expect(results.map((r) => r.status)).toEqual(Array(30).fill(200));
      expect((await s.as('reader').get(`${base}/${comment.id}`)).body.replies).toBe(30);
      expect((await s.as('reader').get(`${base}/${comment.id}/replies`, { query: { limit: 0 } })).body.count).toBe(30);
    });
  });
});
