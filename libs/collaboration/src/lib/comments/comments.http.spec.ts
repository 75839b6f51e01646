import { ContentModule } from '@docs/content';
import { createSpace } from '@docs/content/testing';
import { IdentityModule } from '@docs/identity';
import { createOrganization } from '@docs/identity/testing';
import { createTestApp, TestApp } from '@docs/platform/testing';
import { CollaborationModule } from '../collaboration.module';
import { COMMENT_BODY_MAX } from './comment-body';

describe('space comments (spec 4.2) over HTTP', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ imports: [ContentModule, IdentityModule, CollaborationModule] });
  });
  afterAll(() => t.close());

  type Name = 'admin' | 'editor' | 'commenter' | 'commenter2' | 'reader' | 'guest';

  async function setup() {
    const { organization, members } = await createOrganization(t, {
      editor: 'edit',
      commenter: 'comment',
      commenter2: 'comment',
      reader: 'read',
      guest: null,
    });
    const other = await createOrganization(t, { stranger: 'admin' });
    const space = await createSpace(t, members.admin.token, organization.id);
    const as = (name: Name) => t.http.as(members[name].token);
    const ids = Object.fromEntries(Object.entries(members).map(([name, m]) => [name, m.user.id])) as Record<Name, string>;
    const base = `/v1/spaces/${space.id}/comments`;
    const page = (await as('editor').post(`/v1/spaces/${space.id}/content/pages`, { title: 'Install', emoji: '🚀', markdown: '# Setup\n\nRun `npm ci` first.\n\nThen start it.' })).body;
    const post = async (name: Name, body: Record<string, unknown>) => {
      t.clock.advance(1000);
      const res = await as(name).post(base, body);
      if (res.status !== 200) throw new Error(`post -> ${res.status} ${res.text}`);
      return res.body;
    };
    return { organization, members, other, space, as, ids, base, page, post };
  }

  /** The keys of a page's blocks, in document order. */
  async function blockKeys(caller: ReturnType<TestApp['http']['as']>, spaceId: string, pageId: string): Promise<{ key: string; type: string }[]> {
    const res = await caller.get(`/v1/spaces/${spaceId}/content/page/${pageId}`, { query: { format: 'document' } });
    return (res.body.document.nodes as { key: string; type: string }[]).map(({ key, type }) => ({ key, type }));
  }

  describe('post, get, list', () => {
    it('posts a comment as markdown and answers the reference Comment; get and list give the same', async () => {
      const { space, as, ids, base } = await setup();
      const revision = (await as('reader').get(`/v1/spaces/${space.id}`)).body.revision;
      const posted = await as('commenter').post(base, { body: { markdown: 'Is this **right**?' } });
      expect(posted.status).toBe(200);
      expect(posted.body).toMatchObject({
        object: 'comment',
        status: 'open',
        body: { markdown: 'Is this **right**?\n' },
        postedBy: { object: 'user', id: ids.commenter },
        postedAt: t.clock.now().toISOString(),
        reactions: [],
        replies: 0,
        target: { space: space.id, revision },
        urls: { location: `http://api.test${base}/${posted.body.id}` },
        permissions: { view: true, edit: true, reply: true, delete: true },
      });
      expect(posted.body.editedAt).toBeUndefined();
      expect(posted.body.resolvedAt).toBeUndefined();
      expect(posted.body.target.page).toBeUndefined();

      const got = await as('reader').get(`${base}/${posted.body.id}`);
      expect(got.status).toBe(200);
      expect(got.body).toEqual({ ...posted.body, permissions: { view: true, edit: false, reply: false, delete: false } });
      const listed = await as('reader').get(base);
      expect(listed.body).toEqual({ items: [got.body], count: 1 });
    });

    it('takes the body as a JSON document; format=document answers documents, everywhere', async () => {
      const { as, base } = await setup();
      const document = {
        object: 'document',
        data: {},
        nodes: [{ object: 'block', type: 'paragraph', data: {}, nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'From JSON', marks: [{ object: 'mark', type: 'italic' }] }] }] }],
      };
      const posted = await as('commenter').post(base, { body: { document } });
      expect(posted.status).toBe(200);
      expect(posted.body.body).toEqual({ markdown: '_From JSON_\n' });
      const asDocument = await as('commenter').get(`${base}/${posted.body.id}`, { query: { format: 'document' } });
      expect(asDocument.body.body.document).toEqual(document);
      const list = await as('commenter').get(base, { query: { format: 'document' } });
      expect(list.body.items[0].body).toEqual({ document });
      const postedAsDocument = await as('commenter').post(base, { body: { markdown: 'x' } }, { query: { format: 'document' } });
      expect(postedAsDocument.body.body.document.object).toBe('document');
      expect((await as('commenter').get(base, { query: { format: 'html' } })).status).toBe(400);
    });

    it('a locked space still takes comments (they are not content)', async () => {
      const { space, as, base } = await setup();
      expect((await as('admin').patch(`/v1/spaces/${space.id}`, { editMode: 'locked' })).status).toBe(200);
      const posted = await as('commenter').post(base, { body: { markdown: 'Frozen, but discussed.' } });
      expect(posted.status).toBe(200);
      expect((await as('commenter2').put(`${base}/${posted.body.id}`, { resolved: true, addedReactions: ['🔒'] })).status).toBe(200);
      expect((await as('commenter2').post(`${base}/${posted.body.id}/replies`, { body: { markdown: 'Yes.' } })).status).toBe(200);
    });

    it('keeps markdown as sent (no trimming) and reads it back through the codec', async () => {
      const { as, base } = await setup();
      const posted = await as('commenter').post(base, { body: { markdown: '  - a\n  - b\n\n```js\nlet x = 1;\n```\n' } });
      expect(posted.body.body.markdown).toBe('* a\n* b\n\n```js\nlet x = 1;\n```\n');
    });

    it('lists newest first by default, oldest first with order=asc, in keyset pages', async () => {
      const { as, base, post } = await setup();
      const ids: string[] = [];
      for (let i = 0; i < 7; i++) ids.push((await post('commenter', { body: { markdown: `Comment ${i}` } })).id);
      const first = await as('reader').get(base, { query: { limit: 3 } });
      expect(first.body.count).toBe(7);
      expect(first.body.items.map((c: { id: string }) => c.id)).toEqual(ids.slice(4).reverse());
      expect(first.body.next.page).toEqual(expect.any(String));
      const all = await as('reader').all(base, { limit: 3 });
      expect(all.map((c: { id: string }) => c.id)).toEqual([...ids].reverse());
      const asc = await as('reader').all(base, { limit: 2, order: 'asc' });
      expect(asc.map((c: { id: string }) => c.id)).toEqual(ids);

      // A comment posted while paging neither repeats nor hides one.
      const page1 = await as('reader').get(base, { query: { limit: 4 } });
      await post('commenter', { body: { markdown: 'Late' } });
      const page2 = await as('reader').get(base, { query: { limit: 4, page: page1.body.next.page } });
      expect([...page1.body.items, ...page2.body.items].map((c: { id: string }) => c.id)).toEqual([...ids].reverse());
      expect(page2.body.count).toBe(8);

      // limit 0: only the count; bad cursors and one of another list are 400s.
      expect(await as('reader').get(base, { query: { limit: 0 } }).then((r) => r.body)).toEqual({ items: [], count: 8 });
      expect((await as('reader').get(base, { query: { page: 'garbage' } })).status).toBe(400);
      const other = await as('reader').get(base, { query: { limit: 1, status: 'open' } });
      const foreign = await as('reader').get(base, { query: { page: other.body.next.page } });
      expect(foreign.status).toBe(400);
      expect(foreign.body.error.message).toMatch(/^page/);
      expect((await as('reader').get(base, { query: { limit: 1001 } })).status).toBe(400);
      expect((await as('reader').get(base, { query: { order: 'up' } })).status).toBe(400);
    });

    it('filters by status, page and authors; counts what matches', async () => {
      const { as, ids, base, page, post, space } = await setup();
      const a = await post('commenter', { body: { markdown: 'a' }, page: page.id });
      const b = await post('commenter2', { body: { markdown: 'b' } });
      const c = await post('editor', { body: { markdown: 'c' }, page: page.id });
      expect((await as('commenter').put(`${base}/${b.id}`, { resolved: true })).status).toBe(200);
      const listIds = async (query: Record<string, string | string[]>) => {
        const res = await as('reader').get(base, { query });
        expect(res.status).toBe(200);
        return { ids: res.body.items.map((x: { id: string }) => x.id), count: res.body.count };
      };
      expect(await listIds({})).toEqual({ ids: [c.id, b.id, a.id], count: 3 });
      expect(await listIds({ status: 'all' })).toEqual({ ids: [c.id, b.id, a.id], count: 3 });
      expect(await listIds({ status: 'open' })).toEqual({ ids: [c.id, a.id], count: 2 });
      expect(await listIds({ status: 'resolved' })).toEqual({ ids: [b.id], count: 1 });
      expect(await listIds({ targetPage: page.id })).toEqual({ ids: [c.id, a.id], count: 2 });
      expect(await listIds({ targetPage: 'no-such-page' })).toEqual({ ids: [], count: 0 });
      expect(await listIds({ authors: ids.commenter })).toEqual({ ids: [a.id], count: 1 });
      expect(await listIds({ authors: [ids.commenter, ids.editor] })).toEqual({ ids: [c.id, a.id], count: 2 });
      expect(await listIds({ authors: [ids.editor], targetPage: page.id, status: 'open' })).toEqual({ ids: [c.id], count: 1 });
      expect(await listIds({ authors: [ids.editor], status: 'resolved' })).toEqual({ ids: [], count: 0 });
      expect((await as('reader').get(base, { query: { status: 'closed' } })).status).toBe(400);
      expect((await as('reader').get(base, { query: { authors: Array.from({ length: 51 }, (_, i) => `u${i}`) } })).status).toBe(400);
      expect((await as('reader').get(`/v1/spaces/${space.id}`)).body.comments).toBe(2);
    });
  });

  describe('targets', () => {
    it('a page and a node of it: current title, emoji, path; node preview; outdated once the body changes', async () => {
      const { space, as, base, page, post } = await setup();
      const keys = await blockKeys(as('reader'), space.id, page.id);
      const paragraph = keys.find((k) => k.type === 'paragraph')!;
      const comment = await post('commenter', { body: { markdown: 'Which version?' }, page: page.id, node: paragraph.key });
      expect(comment.target).toEqual({
        space: space.id,
        revision: expect.any(String),
        page: { id: page.id, title: 'Install', emoji: '🚀', path: 'install', outdated: false, createdAt: expect.any(String), updatedAt: expect.any(String) },
        node: { id: paragraph.key, preview: 'Run npm ci first.' },
      });
      expect(comment.target.revision).not.toBe(space.revision); // the page's creation made a revision

      // A rename shows at once; the body is the same: not outdated.
      await as('editor').patch(`/v1/spaces/${space.id}/content/page/${page.id}`, { title: 'Installation', slug: 'installation' });
      let got = (await as('reader').get(`${base}/${comment.id}`)).body;
      expect(got.target.page).toMatchObject({ title: 'Installation', path: 'installation', outdated: false });
      // The body changes: outdated; the preview stays what was commented on.
      await as('editor').patch(`/v1/spaces/${space.id}/content/page/${page.id}`, { markdown: 'Run `npm install`.' });
      got = (await as('reader').get(`${base}/${comment.id}`)).body;
      expect(got.target.page.outdated).toBe(true);
      expect(got.target.node).toEqual({ id: paragraph.key, preview: 'Run npm ci first.' });
      // A comment posted now is on the current body.
      const later = await post('commenter', { body: { markdown: 'Better.' }, page: page.id });
      expect(later.target.page.outdated).toBe(false);
      expect(later.target.node).toBeUndefined();
    });

    it('a comment whose page a later revision deletes stays readable, its target saying so', async () => {
      const { space, as, base, post } = await setup();
      const doomed = (await as('editor').post(`/v1/spaces/${space.id}/content/pages`, { title: 'Old page', emoji: '📦', markdown: 'Old.' })).body;
      const comment = await post('commenter', { body: { markdown: 'Remove this?' }, page: doomed.id });
      expect((await as('editor').delete(`/v1/spaces/${space.id}/content/page/${doomed.id}`)).status).toBe(205);
      const got = await as('reader').get(`${base}/${comment.id}`);
      expect(got.status).toBe(200);
      expect(got.body.target.page).toEqual({ id: doomed.id, title: 'Old page', emoji: '📦', path: 'old-page', outdated: true, deleted: true });
      expect((await as('reader').get(base, { query: { targetPage: doomed.id } })).body.count).toBe(1);
      expect((await as('commenter').post(`${base}/${comment.id}/replies`, { body: { markdown: 'Done.' } })).status).toBe(200);
      // A new comment on it is refused: it is not in the content any more.
      expect((await as('commenter').post(base, { body: { markdown: 'x' }, page: doomed.id })).status).toBe(400);
    });

    it('unknown page, a page of another space, unknown node, node without page: 400 naming the field, nothing stored', async () => {
      const { organization, members, space, as, base, page } = await setup();
      const elsewhere = await createSpace(t, members.admin.token, organization.id, { title: 'Elsewhere' });
      const foreignPage = (await t.http.as(members.admin.token).post(`/v1/spaces/${elsewhere.id}/content/pages`, { title: 'Theirs', markdown: 'x' })).body;
      const cases: [Record<string, unknown>, RegExp][] = [
        [{ page: 'no-such-page' }, /^page: space .+ has no page no-such-page/],
        [{ page: foreignPage.id }, /^page: /],
        [{ page: page.id, node: 'b999' }, /^node: page .+ has no node b999/],
        [{ node: 'b0' }, /^node needs page/],
        [{ page: '' }, /^page /],
      ];
      for (const [target, message] of cases) {
        const res = await as('commenter').post(base, { body: { markdown: 'x' }, ...target });
        expect([JSON.stringify(target), res.status]).toEqual([JSON.stringify(target), 400]);
        expect(res.body.error.message).toMatch(message);
      }
      expect((await as('commenter').post(base, { body: { markdown: 'x' }, tableCell: { record: 'r', definition: 'd' } })).status).toBe(400);
      expect((await as('reader').get(base)).body.count).toBe(0);
      expect((await as('reader').get(`/v1/spaces/${space.id}`)).body.comments).toBe(0);
    });
  });

  describe('bounds and bad input', () => {
    it('an empty body, both forms, neither, a malformed document: 400', async () => {
      const { as, base } = await setup();
      const bad: unknown[] = [
        {},
        { body: {} },
        { body: { markdown: '' } },
        { body: { markdown: '   \n ' } },
        { body: { markdown: 'a', document: { object: 'document', nodes: [] } } },
        { body: { document: { object: 'document', nodes: [] } } },
        { body: { document: { nodes: [] } } },
        { body: { document: 'text' } },
        { body: { html: '<p>x</p>' } },
        { body: 'x' },
        { body: { markdown: 12 } },
        { body: null },
      ];
      for (const body of bad) {
        const res = await as('commenter').post(base, body);
        expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), 400]);
        expect(res.body.error.message).toMatch(/body/);
      }
      expect((await as('reader').get(base)).body.count).toBe(0);
    });

    it('accepts a body of 100,000 characters; one more is a 400; past the request limit a 413', async () => {
      const { as, base } = await setup();
      const longest = await as('commenter').post(base, { body: { markdown: 'x'.repeat(COMMENT_BODY_MAX) } });
      expect(longest.status).toBe(200);
      expect(longest.body.body.markdown.length).toBe(COMMENT_BODY_MAX + 1); // the codec ends a body with a newline
      const tooLong = await as('commenter').post(base, { body: { markdown: 'x'.repeat(COMMENT_BODY_MAX + 1) } });
      expect(tooLong.status).toBe(400);
      expect(tooLong.body.error.message).toMatch(/body\.markdown must be shorter than or equal to 100000 characters/);
      const huge = await as('commenter').post(base, { body: { markdown: 'x'.repeat(1_100_000) } });
      expect(huge.status).toBe(413);
      expect((await as('reader').get(base)).body.count).toBe(1);
      // The same bound on an edit.
      expect((await as('commenter').put(`${base}/${longest.body.id}`, { body: { markdown: 'y'.repeat(COMMENT_BODY_MAX + 1) } })).status).toBe(400);
    });

    it('unknown fields, wrong types, NUL characters: 400', async () => {
      const { as, base, post } = await setup();
      const comment = await post('commenter', { body: { markdown: 'x' } });
      for (const body of [{ resolved: 'yes' }, { addedReactions: '👍' }, { addedReactions: [1] }, { extra: 1 }, { body: { markdown: 'a\u0000b' } }]) {
        const res = await as('commenter').put(`${base}/${comment.id}`, body);
        expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), 400]);
      }
    });
  });

  describe('update', () => {
    it('the author edits the body: editedAt set, body replaced; nobody else may', async () => {
      const { as, base, post, ids } = await setup();
      const comment = await post('commenter', { body: { markdown: 'Frist' } });
      t.clock.advance(5000);
      const edited = await as('commenter').put(`${base}/${comment.id}`, { body: { markdown: 'First' } });
      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({ body: { markdown: 'First\n' }, editedAt: t.clock.now().toISOString(), postedAt: comment.postedAt, postedBy: { id: ids.commenter } });
      for (const name of ['admin', 'editor', 'commenter2'] as const) {
        const res = await as(name).put(`${base}/${comment.id}`, { body: { markdown: 'Hijacked' } });
        expect([name, res.status]).toEqual([name, 403]);
      }
      expect((await as('reader').put(`${base}/${comment.id}`, { body: { markdown: 'Hijacked' } })).status).toBe(403);
      expect((await as('reader').get(`${base}/${comment.id}`)).body.body.markdown).toBe('First\n');
      // An empty update changes nothing.
      const same = await as('commenter').put(`${base}/${comment.id}`, {});
      expect(same.status).toBe(200);
      expect(same.body).toEqual(edited.body);
    });

    it('resolve and reopen (comment level): status, resolvedAt and resolvedBy move together', async () => {
      const { as, base, post, ids, space } = await setup();
      const comment = await post('commenter', { body: { markdown: 'Typo here' } });
      t.clock.advance(1000);
      const resolved = await as('commenter2').put(`${base}/${comment.id}`, { resolved: true });
      expect(resolved.body).toMatchObject({ status: 'resolved', resolvedAt: t.clock.now().toISOString(), resolvedBy: { id: ids.commenter2 } });
      expect(resolved.body.editedAt).toBeUndefined();
      expect((await as('reader').get(`/v1/spaces/${space.id}`)).body.comments).toBe(0);
      // Resolving again changes nothing (who and when stay the first resolution's).
      t.clock.advance(1000);
      const again = await as('admin').put(`${base}/${comment.id}`, { resolved: true });
      expect(again.body).toMatchObject({ resolvedAt: resolved.body.resolvedAt, resolvedBy: { id: ids.commenter2 } });
      expect((await as('reader').put(`${base}/${comment.id}`, { resolved: false })).status).toBe(403);
      const reopened = await as('editor').put(`${base}/${comment.id}`, { resolved: false });
      expect(reopened.body.status).toBe('open');
      expect(reopened.body.resolvedAt).toBeUndefined();
      expect(reopened.body.resolvedBy).toBeUndefined();
      expect((await as('reader').get(`/v1/spaces/${space.id}`)).body.comments).toBe(1);
      expect((await as('editor').put(`${base}/${comment.id}`, { resolved: false })).body.status).toBe('open');
    });

    it('body, resolution and reactions in one request: all applied, or none when one part is refused', async () => {
      const { as, base, post, ids } = await setup();
      const comment = await post('commenter', { body: { markdown: 'Draft' } });
      const all = await as('commenter').put(`${base}/${comment.id}`, { body: { markdown: 'Final' }, resolved: true, addedReactions: ['🎉'] });
      expect(all.status).toBe(200);
      expect(all.body).toMatchObject({ body: { markdown: 'Final\n' }, status: 'resolved', reactions: [{ emoji: '🎉', count: 1, users: [{ user: { id: ids.commenter } }] }] });
      // Another member may resolve and react, not edit: the whole request is refused.
      const refused = await as('commenter2').put(`${base}/${comment.id}`, { body: { markdown: 'Mine now' }, resolved: false, addedReactions: ['👍'] });
      expect(refused.status).toBe(403);
      // An unknown emoji refuses the rest as well.
      const bad = await as('commenter').put(`${base}/${comment.id}`, { resolved: false, body: { markdown: 'Changed' }, addedReactions: ['👍', 'nope'] });
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toBe('addedReactions[1] is not an emoji of Unicode\'s list: "nope"');
      const got = (await as('reader').get(`${base}/${comment.id}`)).body;
      expect(got).toMatchObject({ body: { markdown: 'Final\n' }, status: 'resolved' });
      expect(got.reactions.map((r: { emoji: string }) => r.emoji)).toEqual(['🎉']);
    });
  });

  describe('reactions', () => {
    it('one per user and emoji, grouped by emoji with counts and users in the order they reacted', async () => {
      const { as, base, post, ids } = await setup();
      const comment = await post('editor', { body: { markdown: 'Ship it?' } });
      const react = async (name: Name, body: Record<string, unknown>) => {
        t.clock.advance(1000);
        const res = await as(name).put(`${base}/${comment.id}`, body);
        expect([name, res.status]).toEqual([name, 200]);
        return res.body.reactions;
      };
      await react('commenter', { addedReactions: ['👍'] });
      const t1 = t.clock.now().toISOString();
      await react('commenter2', { addedReactions: ['🎉', '👍'] });
      const t2 = t.clock.now().toISOString();
      // Adding again, the same emoji twice, another spelling of the same: no change.
      await react('commenter', { addedReactions: ['👍', '👍', '👍️'] });
      let reactions = await react('admin', { addedReactions: ['❤'] });
      const t3 = t.clock.now().toISOString();
      expect(reactions).toEqual([
        { emoji: '👍', count: 2, users: [{ user: expect.objectContaining({ id: ids.commenter }), reactedAt: t1 }, { user: expect.objectContaining({ id: ids.commenter2 }), reactedAt: t2 }] },
        { emoji: '🎉', count: 1, users: [{ user: expect.objectContaining({ id: ids.commenter2 }), reactedAt: t2 }] },
        { emoji: '❤️', count: 1, users: [{ user: expect.objectContaining({ id: ids.admin }), reactedAt: t3 }] },
      ]);
      // Removing one that is not there: no change; removing one's own leaves the others'.
      reactions = await react('commenter', { removedReactions: ['🎉', '🚀'] });
      expect(reactions.map((r: { emoji: string; count: number }) => [r.emoji, r.count])).toEqual([['👍', 2], ['🎉', 1], ['❤️', 1]]);
      // The first 👍 gone, the group's first reaction is commenter2's, made with 🎉 in one request
      // (the same millisecond: by code point, 🎉 U+1F389 before 👍 U+1F44D).
      reactions = await react('commenter', { removedReactions: ['👍'] });
      expect(reactions.map((r: { emoji: string; count: number }) => [r.emoji, r.count])).toEqual([['🎉', 1], ['👍', 1], ['❤️', 1]]);
      reactions = await react('admin', { removedReactions: ['❤️'] });
      expect(reactions.map((r: { emoji: string }) => r.emoji)).toEqual(['🎉', '👍']);
      // The same order in the list.
      const listed = (await as('reader').get(base)).body.items[0].reactions;
      expect(listed).toEqual(reactions);
    });

    it('only emoji of the list; adding and removing the same one is a 400; readers may not react', async () => {
      const { as, base, post } = await setup();
      const comment = await post('editor', { body: { markdown: 'x' } });
      for (const emoji of ['smile', ':+1:', '👍👍', 'a', '🏽', '<3', ' ']) {
        const res = await as('commenter').put(`${base}/${comment.id}`, { addedReactions: [emoji] });
        expect([emoji, res.status]).toEqual([emoji, 400]);
      }
      expect((await as('commenter').put(`${base}/${comment.id}`, { removedReactions: ['nope'] })).status).toBe(400);
      const both = await as('commenter').put(`${base}/${comment.id}`, { addedReactions: ['👍'], removedReactions: ['👍️'] });
      expect(both.status).toBe(400);
      expect((await as('commenter').put(`${base}/${comment.id}`, { addedReactions: Array(21).fill('👍') })).status).toBe(400);
      expect((await as('reader').put(`${base}/${comment.id}`, { addedReactions: ['👍'] })).status).toBe(403);
      expect((await as('reader').get(`${base}/${comment.id}`)).body.reactions).toEqual([]);
    });
  });

  describe('delete', () => {
    it('205; its replies and reactions go with it; a second delete is a 404', async () => {
      const { as, base, post, space } = await setup();
      const comment = await post('commenter', { body: { markdown: 'Temporary' } });
      const reply = (await as('editor').post(`${base}/${comment.id}/replies`, { body: { markdown: 'Ok' } })).body;
      await as('editor').put(`${base}/${comment.id}`, { addedReactions: ['👍'] });
      await as('editor').put(`${base}/${comment.id}/replies/${reply.id}`, { addedReactions: ['👀'] });
      expect((await as('commenter').delete(`${base}/${comment.id}`)).status).toBe(205);
      expect((await as('commenter').get(`${base}/${comment.id}`)).status).toBe(404);
      expect((await as('commenter').get(`${base}/${comment.id}/replies/${reply.id}`)).status).toBe(404);
      expect((await as('commenter').delete(`${base}/${comment.id}`)).status).toBe(404);
      const left = await t.dataSource.query(
        `SELECT (SELECT count(*) FROM comment_replies WHERE comment_id = $1)::int AS replies, (SELECT count(*) FROM comment_reactions WHERE comment_id = $1)::int AS reactions`,
        [comment.id],
      );
      expect(left).toEqual([{ replies: 0, reactions: 0 }]);
      expect((await as('reader').get(`/v1/spaces/${space.id}`)).body.comments).toBe(0);
    });

    it('its author or a space admin; nobody else', async () => {
      const { as, base, post } = await setup();
      const comment = await post('commenter', { body: { markdown: 'x' } });
      for (const name of ['editor', 'commenter2', 'reader'] as const) {
        expect([name, (await as(name).delete(`${base}/${comment.id}`)).status]).toEqual([name, 403]);
      }
      expect((await as('admin').delete(`${base}/${comment.id}`)).status).toBe(205);
    });
  });

  describe('404 for what the caller cannot see', () => {
    it('another organization, a guest, unknown ids, a comment of another space, a deleted space', async () => {
      const { organization, members, other, as, base, post, space } = await setup();
      const comment = await post('commenter', { body: { markdown: 'x' } });
      const stranger = t.http.as(other.members.stranger.token);
      const guest = as('guest');
      for (const caller of [stranger, guest]) {
        expect((await caller.get(base)).status).toBe(404);
        expect((await caller.get(`${base}/${comment.id}`)).status).toBe(404);
        expect((await caller.post(base, { body: { markdown: 'x' } })).status).toBe(404);
        expect((await caller.put(`${base}/${comment.id}`, { resolved: true })).status).toBe(404);
        expect((await caller.delete(`${base}/${comment.id}`)).status).toBe(404);
        expect((await caller.get(`/v1/spaces/${space.id}/commenters`)).status).toBe(404);
      }
      expect((await as('reader').get(`${base}/nope`)).status).toBe(404);
      expect((await as('reader').get('/v1/spaces/nope/comments')).status).toBe(404);
      // The id of a comment of another space, through this space: 404.
      const elsewhere = await createSpace(t, members.admin.token, organization.id, { title: 'Elsewhere' });
      const theirs = (await as('commenter').post(`/v1/spaces/${elsewhere.id}/comments`, { body: { markdown: 'y' } })).body;
      expect((await as('admin').get(`${base}/${theirs.id}`)).status).toBe(404);
      expect((await as('admin').put(`${base}/${theirs.id}`, { resolved: true })).status).toBe(404);
      expect((await as('admin').delete(`${base}/${theirs.id}`)).status).toBe(404);
      expect((await as('admin').post(`${base}/${theirs.id}/replies`, { body: { markdown: 'z' } })).status).toBe(404);
      // A deleted space's comments are gone with it (until it is restored).
      expect((await t.http.as(members.admin.token).delete(`/v1/spaces/${space.id}`)).status).toBe(205);
      expect((await as('admin').get(base)).status).toBe(404);
      expect((await as('admin').get(`${base}/${comment.id}`)).status).toBe(404);
      expect((await as('admin').post(base, { body: { markdown: 'x' } })).status).toBe(404);
      expect((await t.http.as(members.admin.token).post(`/v1/spaces/${space.id}/restore`)).status).toBe(200);
      expect((await as('admin').get(`${base}/${comment.id}`)).status).toBe(200);
      // No token: 401.
      expect((await t.http.as(undefined).get(base)).status).toBe(401);
      expect((await t.http.as('dpt_nope').post(base, { body: { markdown: 'x' } })).status).toBe(401);
    });
  });

  describe('mentions', () => {
    it('records members who can read the space, by @email or user reference; others get nothing', async () => {
      const { organization, members, other, as, base, space, ids } = await setup();
      const capped = await createSpace(t, members.admin.token, organization.id, { title: 'Admins only' });
      await t.http.as(members.admin.token).patch(`/v1/spaces/${capped.id}`, { defaultLevel: null });
      const email = (name: Name) => members[name].user.email;
      const markdown = `@${email('reader').toUpperCase()} and [@Ed](ref:user/${ids.editor}) and @${email('guest')} and @${other.members.stranger.user.email} and @nobody@example.com, \`@${email('commenter2')}\``;
      const comment = (await as('commenter').post(base, { body: { markdown } })).body;
      const mentioned = async (subject: string) =>
        (await t.dataSource.query(`SELECT user_id FROM comment_mentions WHERE subject_id = $1 ORDER BY user_id`, [subject])).map((r: { user_id: string }) => r.user_id);
      expect(await mentioned(comment.id)).toEqual([ids.reader, ids.editor].sort());
      // The reader's address reads as the mention inline (change-request-comments.http.spec.ts tests the round trip); the others stay text.
      expect(comment.body.markdown).toBe(
        `[ref:user/${ids.reader}](ref:user/${ids.reader} "mention") and [@Ed](ref:user/${ids.editor}) and @${email('guest')} and @${other.members.stranger.user.email} and @nobody@example.com, \`@${email('commenter2')}\`\n`,
      );
      // Mentioning gives no access: the guest and the stranger still get 404.
      expect((await as('guest').get(`${base}/${comment.id}`)).status).toBe(404);
      expect((await t.http.as(other.members.stranger.token).get(`${base}/${comment.id}`)).status).toBe(404);
      // In a space only admins read, a mention of a reader records nothing.
      const hidden = (await as('admin').post(`/v1/spaces/${capped.id}/comments`, { body: { markdown: `@${email('reader')} @${email('admin')}` } })).body;
      expect(await mentioned(hidden.id)).toEqual([ids.admin]);
      expect((await as('reader').get(`/v1/spaces/${capped.id}/comments/${hidden.id}`)).status).toBe(404);
      // An edit keeps who is still mentioned (and when), adds and removes the others.
      const [before] = await t.dataSource.query(`SELECT mentioned_at FROM comment_mentions WHERE subject_id = $1 AND user_id = $2`, [comment.id, ids.reader]);
      t.clock.advance(60_000);
      await as('commenter').put(`${base}/${comment.id}`, { body: { markdown: `@${email('reader')} and @${email('commenter2')}` } });
      expect(await mentioned(comment.id)).toEqual([ids.reader, ids.commenter2].sort());
      const [after] = await t.dataSource.query(`SELECT mentioned_at FROM comment_mentions WHERE subject_id = $1 AND user_id = $2`, [comment.id, ids.reader]);
      expect(after.mentioned_at).toEqual(before.mentioned_at);
      // Replies record theirs too.
      const reply = (await as('editor').post(`${base}/${comment.id}/replies`, { body: { markdown: `cc @${email('admin')}` } })).body;
      expect(await mentioned(reply.id)).toEqual([ids.admin]);
      expect((await t.dataSource.query(`SELECT space_id FROM comment_mentions WHERE subject_id = $1`, [reply.id]))[0].space_id).toBe(space.id);
    });
  });

  describe('commenters', () => {
    it('members who commented or replied, in the order they first did, as OrganizationMembers', async () => {
      const { as, base, post, ids, space, members, organization } = await setup();
      const first = await post('commenter2', { body: { markdown: 'a' } });
      await post('editor', { body: { markdown: 'b' } });
      t.clock.advance(1000);
      await as('commenter').post(`${base}/${first.id}/replies`, { body: { markdown: 'c' } });
      await post('editor', { body: { markdown: 'd' } });
      const commenters = `/v1/spaces/${space.id}/commenters`;
      const list = await as('reader').get(commenters);
      expect(list.status).toBe(200);
      expect(list.body.count).toBe(3);
      expect(list.body.items.map((m: { id: string }) => m.id)).toEqual([ids.commenter2, ids.editor, ids.commenter]);
      expect(list.body.items[1]).toMatchObject({ object: 'member', id: ids.editor, role: 'edit', user: { id: ids.editor }, disabled: false, spaces: 1, teams: 0 });
      const paged = await as('reader').all(commenters, { limit: 1 });
      expect(paged.map((m: { id: string }) => m.id)).toEqual([ids.commenter2, ids.editor, ids.commenter]);
      expect((await as('reader').get(commenters, { query: { limit: 0 } })).body).toEqual({ items: [], count: 3 });
      // Whoever left the organization is not listed.
      expect((await t.http.as(members.admin.token).delete(`/v1/orgs/${organization.id}/members/${ids.commenter2}`)).status).toBe(204);
      expect((await as('reader').get(commenters)).body.items.map((m: { id: string }) => m.id)).toEqual([ids.editor, ids.commenter]);
      expect((await as('reader').get(commenters, { query: { page: 'x' } })).status).toBe(400);
    });
  });
});
