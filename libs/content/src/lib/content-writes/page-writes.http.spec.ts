import { IdentityModule } from '@docs/identity';
import { createOrganization } from '@docs/identity/testing';
import { createTestApp, TestApp } from '@docs/platform/testing';
import { createSpace } from '../../testing';
import { ContentModule } from '../content.module';

describe('page writes', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ imports: [ContentModule, IdentityModule] });
  });
  afterAll(() => t.close());

  async function setup() {
    const { organization, members } = await createOrganization(t, { editor: 'edit', reader: 'read' });
    const space = await createSpace(t, members.admin.token, organization.id);
    const as = (name: 'admin' | 'editor' | 'reader') => t.http.as(members[name].token);
    return { organization, members, space, as, base: `/v1/spaces/${space.id}/content` };
  }

  it('creates pages, nested, each write a new revision named by the ETag', async () => {
    const { as, base, space } = await setup();
    const intro = await as('editor').post(`${base}/pages`, { title: 'Getting Started', markdown: '# Hello\n\nWorld.' });
    expect(intro.status).toBe(201);
    expect(intro.body).toMatchObject({ title: 'Getting Started', type: 'document', slug: 'getting-started', path: 'getting-started', pages: [] });
    expect(intro.body.document.nodes.map((n: { type: string }) => n.type)).toEqual(['heading-1', 'paragraph']);
    const etag = intro.headers.etag;
    expect(etag).toMatch(/^"[0-9A-Za-z]{20}"$/);
    expect(etag).not.toBe(`"${space.revision}"`);

    const child = await as('editor').post(`${base}/pages`, { title: 'Install', parent: intro.body.id }, { query: { format: 'markdown' } });
    expect(child.status).toBe(201);
    expect(child.body).toMatchObject({ path: 'getting-started/install', markdown: '' });
    expect(child.headers.etag).not.toBe(etag);

    const spaceNow = await as('reader').get(`/v1/spaces/${space.id}`);
    expect(`"${spaceNow.body.revision}"`).toBe(child.headers.etag);
  });

  it('updates, moves and deletes', async () => {
    const { as, base } = await setup();
    const a = (await as('editor').post(`${base}/pages`, { title: 'A' })).body;
    const b = (await as('editor').post(`${base}/pages`, { title: 'B' })).body;
    const c = (await as('editor').post(`${base}/pages`, { title: 'C', parent: a.id })).body;

    const patched = await as('editor').patch(`${base}/page/${a.id}`, { title: 'Alpha', slug: 'alpha', markdown: 'Text' }, { query: { format: 'markdown' } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ title: 'Alpha', slug: 'alpha', path: 'alpha', markdown: 'Text\n' });
    expect(patched.body.pages[0]).toMatchObject({ id: c.id, path: 'alpha/c' });

    const moved = await as('editor').post(`${base}/page/${c.id}/move`, { parent: b.id });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ id: c.id, path: 'b/c' });

    const removed = await as('editor').delete(`${base}/page/${b.id}`);
    expect(removed.status).toBe(205);
    expect(removed.headers.etag).toBeDefined();
    const again = await as('editor').patch(`${base}/page/${c.id}`, { title: 'x' });
    expect(again.status).toBe(404);
  });
});

describe('page writes: conditions, permissions, validation', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ imports: [ContentModule, IdentityModule] });
  });
  afterAll(() => t.close());

  async function setup() {
    const { organization, members } = await createOrganization(t, { editor: 'edit', commenter: 'comment', guest: null });
    const space = await createSpace(t, members.admin.token, organization.id);
    const as = (name: 'admin' | 'editor' | 'commenter' | 'guest') => t.http.as(members[name].token);
    const base = `/v1/spaces/${space.id}/content`;
    const create = async (body: Record<string, unknown>) => {
      const res = await as('editor').post(`${base}/pages`, body);
      if (res.status !== 201) throw new Error(`${res.status} ${res.text}`);
      return res.body;
    };
    const revision = async () => (await as('editor').get(`/v1/spaces/${space.id}`)).body.revision as string;
    return { organization, members, space, as, base, create, revision };
  }

  it('answers 412 and changes nothing when If-Match names an older revision', async () => {
    const { as, base, create, revision } = await setup();
    const page = await create({ title: 'Page' });
    const read = await as('editor').get(`${base}/page/${page.id}`);
    const etag = read.headers.etag;
    const ok = await as('editor').patch(`${base}/page/${page.id}`, { title: 'First' }, { headers: { 'If-Match': etag } });
    expect(ok.status).toBe(200);
    const now = await revision();
    const stale = await as('editor').patch(`${base}/page/${page.id}`, { title: 'Second' }, { headers: { 'If-Match': etag } });
    expect(stale.status).toBe(412);
    expect(await revision()).toBe(now);
    expect((await as('editor').get(`${base}/page/${page.id}`)).body.title).toBe('First');
    for (const attempt of [
      () => as('editor').post(`${base}/pages`, { title: 'X' }, { headers: { 'If-Match': etag } }),
      () => as('editor').post(`${base}/page/${page.id}/move`, { position: { before: page.id } }, { headers: { 'If-Match': etag } }),
      () => as('editor').delete(`${base}/page/${page.id}`, { headers: { 'If-Match': etag } }),
    ]) {
      expect((await attempt()).status).toBe(412);
    }
    expect(await revision()).toBe(now);
    expect((await as('editor').patch(`${base}/page/${page.id}`, { title: 'Third' }, { headers: { 'If-Match': ok.headers.etag } })).status).toBe(200);
  });

  it('serializes concurrent writers on the head: each makes its own revision, none is lost', async () => {
    const { as, base, space } = await setup();
    const writes = await Promise.all(Array.from({ length: 8 }, (_, i) => as('editor').post(`${base}/pages`, { title: `Page ${i}` })));
    expect(writes.map((w) => w.status)).toEqual(Array(8).fill(201));
    const etags = new Set(writes.map((w) => w.headers.etag));
    expect(etags.size).toBe(8);
    const pages = (await as('editor').get(`${base}/pages`)).body.pages;
    expect(pages.map((p: any) => p.title).sort()).toEqual(Array.from({ length: 8 }, (_, i) => `Page ${i}`).sort());
    // A chain: every revision's parent is the one before it.
    const rows: { id: string; parents: string[] }[] = await t.dataSource.query(`SELECT id, parents FROM revisions WHERE space_id = $1`, [space.id]);
    const parents = rows.flatMap((r) => r.parents);
    expect(new Set(parents).size).toBe(parents.length);
    expect(rows).toHaveLength(9);

    // Two writers with the same If-Match: exactly one wins.
    const etag = (await as('editor').get(`${base}/pages`)).headers.etag;
    const race = await Promise.all([1, 2].map((i) => as('editor').post(`${base}/pages`, { title: `Race ${i}` }, { headers: { 'If-Match': etag } })));
    expect(race.map((r) => r.status).sort()).toEqual([201, 412]);
  });

  it('refuses every write on a locked space (409) and accepts them again once unlocked', async () => {
    const { as, base, create, space, revision } = await setup();
    const page = await create({ title: 'Page' });
    expect((await as('admin').patch(`/v1/spaces/${space.id}`, { editMode: 'locked' })).status).toBe(200);
    const before = await revision();
    const attempts = [
      await as('admin').post(`${base}/pages`, { title: 'X' }),
      await as('admin').patch(`${base}/page/${page.id}`, { title: 'X' }),
      await as('admin').post(`${base}/page/${page.id}/move`, { parent: null }),
      await as('admin').delete(`${base}/page/${page.id}`),
    ];
    expect(attempts.map((a) => a.status)).toEqual([409, 409, 409, 409]);
    expect(attempts[0].body.error.message).toContain('locked');
    expect(await revision()).toBe(before);
    expect((await as('admin').get(`${base}/page/${page.id}`)).status).toBe(200);
    await as('admin').patch(`/v1/spaces/${space.id}`, { editMode: 'live' });
    expect((await as('admin').patch(`${base}/page/${page.id}`, { title: 'X' })).status).toBe(200);
  });

  it('needs edit to write and read to read: 401, 403, 404', async () => {
    const { as, base, create, space } = await setup();
    const page = await create({ title: 'Page' });
    const outsider = (await createOrganization(t)).members.admin;
    expect((await t.http.as(undefined).post(`${base}/pages`, { title: 'X' })).status).toBe(401);
    expect((await as('commenter').post(`${base}/pages`, { title: 'X' })).status).toBe(403);
    expect((await as('commenter').patch(`${base}/page/${page.id}`, { title: 'X' })).status).toBe(403);
    expect((await as('commenter').delete(`${base}/page/${page.id}`)).status).toBe(403);
    expect((await as('commenter').get(`${base}/page/${page.id}`)).status).toBe(200);
    expect((await as('guest').get(`${base}/page/${page.id}`)).status).toBe(404);
    expect((await as('guest').post(`${base}/pages`, { title: 'X' })).status).toBe(404);
    expect((await t.http.as(outsider.token).patch(`${base}/page/${page.id}`, { title: 'X' })).status).toBe(404);
    expect((await t.http.as(outsider.token).get(`${base}/pages`)).status).toBe(404);
    // A page id of another space is unknown here.
    const second = await setup();
    const foreign = await second.create({ title: 'Foreign' });
    expect((await as('editor').patch(`${base}/page/${foreign.id}`, { title: 'X' })).status).toBe(404);
    expect((await as('editor').get(`/v1/spaces/${space.id}/content/page/${foreign.id}`)).status).toBe(404);
  });

  it('validates bodies and the tree rules, and changes nothing on a refusal', async () => {
    const { as, base, create, revision } = await setup();
    const doc = await create({ title: 'Doc' });
    const group = await create({ title: 'Group', type: 'group' });
    const link = await create({ title: 'Link', type: 'link', href: 'https://example.com' });
    const child = await create({ title: 'Child', parent: doc.id });
    const before = await revision();
    const refused: [Record<string, unknown>, number, string][] = [
      [{}, 400, 'title'],
      [{ title: '' }, 400, 'title'],
      [{ title: 'X', extra: 1 }, 400, 'extra'],
      [{ title: 'X', type: 'sheet' }, 400, 'type'],
      [{ title: 'X', parent: 'nope' }, 404, 'nope'],
      [{ title: 'X', parent: link.id }, 400, 'link'],
      [{ title: 'X', type: 'group', parent: doc.id }, 400, 'top level'],
      [{ title: 'X', type: 'link' }, 400, 'href'],
      [{ title: 'X', href: 'https://example.com' }, 400, 'href'],
      [{ title: 'X', type: 'link', href: 'javascript:alert(1)' }, 400, 'href'],
      [{ title: 'X', type: 'group', markdown: 'x' }, 400, 'body'],
      [{ title: 'X', markdown: 'x', document: { object: 'document', data: {}, nodes: [] } }, 400, 'not both'],
      [{ title: 'X', document: { object: 'nope' } }, 400, 'document'],
      [{ title: 'X', document: { object: 'document', data: {}, nodes: [{ type: 'paragraph' }] } }, 400, 'document.nodes[0].object is required'],
      [{ title: 'X', document: { object: 'document', nodes: [] } }, 400, 'document.data is required'],
      [{ title: 'X', document: { object: 'document', data: {}, nodes: [{ object: 'block', type: 'math', data: {}, isVoid: true }] } }, 400, 'document.nodes[0].data.formula is required'],
      [{ title: 'X', slug: 'Not A Slug' }, 400, 'slug'],
      [{ title: 'X', slug: 'doc' }, 409, 'slug'],
      [{ title: 'X', position: { before: child.id } }, 400, 'position.before'],
      [{ title: 'X', position: { before: doc.id, after: group.id } }, 400, 'not both'],
    ];
    for (const [body, status, words] of refused) {
      const res = await as('editor').post(`${base}/pages`, body);
      expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), status]);
      expect(res.body.error.message).toContain(words);
    }
    const moves: [string, Record<string, unknown>, number][] = [
      [doc.id, {}, 400],
      [doc.id, { parent: child.id }, 400],
      [doc.id, { parent: doc.id }, 400],
      [group.id, { parent: doc.id }, 400],
      [child.id, { parent: link.id }, 400],
      [child.id, { parent: 'nope' }, 404],
      ['nope', { parent: null }, 404],
    ];
    for (const [pageId, body, status] of moves) expect((await as('editor').post(`${base}/page/${pageId}/move`, body)).status).toBe(status);
    expect((await as('editor').patch(`${base}/page/${child.id}`, { type: 'group' })).status).toBe(400);
    expect((await as('editor').patch(`${base}/page/${doc.id}`, { type: 'link', href: 'https://x.test' })).status).toBe(400);
    expect((await as('editor').patch(`${base}/page/${group.id}`, { slug: 'doc' })).status).toBe(409);
    expect((await as('editor').patch(`${base}/page/${doc.id}`, { emoji: 5 })).status).toBe(400);
    expect(await revision()).toBe(before);
  });

  it('derives unique slugs, keeps them on rename, de-duplicates them on move, and rewrites subtree paths', async () => {
    const { as, base, create, revision, space } = await setup();
    const a = await create({ title: 'Intro' });
    const b = await create({ title: 'Intro' });
    expect([a.slug, b.slug]).toEqual(['intro', 'intro-2']);
    const parent = await create({ title: 'Parent' });
    const inside = await create({ title: 'Intro', parent: parent.id });
    const deep = await create({ title: 'Deep', parent: inside.id, markdown: 'Deep body' });
    expect(deep.path).toBe('parent/intro/deep');

    const renamed = await as('editor').patch(`${base}/page/${a.id}`, { title: 'Welcome' });
    expect(renamed.body).toMatchObject({ title: 'Welcome', slug: 'intro' });
    const same = await revision();
    const noop = await as('editor').patch(`${base}/page/${a.id}`, {});
    expect(noop.status).toBe(200);
    expect(await revision()).toBe(same);

    const moved = await as('editor').post(`${base}/page/${inside.id}/move`, { parent: null, position: { after: a.id } });
    expect(moved.body).toMatchObject({ slug: 'intro-3', path: 'intro-3', pages: [{ id: deep.id, path: 'intro-3/deep' }] });
    expect((await as('editor').get(`${base}/path/${encodeURIComponent('intro-3/deep')}`)).body.id).toBe(deep.id);
    expect((await as('editor').get(`${base}/path/${encodeURIComponent('parent/intro/deep')}`)).status).toBe(404);
    const top = (await as('editor').get(`${base}/pages`)).body.pages.map((p: any) => p.id);
    expect(top).toEqual([a.id, inside.id, b.id, parent.id]);

    const resluged = await as('editor').patch(`${base}/page/${inside.id}`, { slug: 'guide' });
    expect(resluged.body.pages[0].path).toBe('guide/deep');
    expect((await as('editor').get(`${base}/page/${deep.id}`)).body.path).toBe('guide/deep');

    // Reorder within the same parent.
    await as('editor').post(`${base}/page/${parent.id}/move`, { position: { before: a.id } });
    expect((await as('editor').get(`${base}/pages`)).body.pages.map((p: any) => p.id)).toEqual([parent.id, a.id, inside.id, b.id]);

    // Deleting removes the subtree from current content; the former revision keeps it.
    const kept = await revision();
    expect((await as('editor').delete(`${base}/page/${inside.id}`)).status).toBe(205);
    expect((await as('editor').get(`${base}/page/${deep.id}`)).status).toBe(404);
    expect((await as('editor').get(`${base}/path/guide`)).status).toBe(404);
    const old = await as('editor').get(`/v1/spaces/${space.id}/revisions/${kept}/page/${deep.id}`, { query: { format: 'markdown' } });
    expect(old.body).toMatchObject({ path: 'guide/deep', markdown: 'Deep body\n' });
  });

  it('changes types: document to link and back, top-level document to group', async () => {
    const { as, base, create } = await setup();
    const page = await create({ title: 'Page', markdown: 'Body' });
    // A link needs somewhere to point: the page has no href yet (a state the document cannot say).
    const noHref = await as('editor').patch(`${base}/page/${page.id}`, { type: 'link' });
    expect([noHref.status, noHref.body.error.message]).toEqual([400, `Page ${page.id} has no href to link to: give href with type "link".`]);
    const asLink = await as('editor').patch(`${base}/page/${page.id}`, { type: 'link', href: 'https://example.com' });
    expect(asLink.body).toMatchObject({ type: 'link', href: 'https://example.com' });
    const back = await as('editor').patch(`${base}/page/${page.id}`, { type: 'document' });
    expect(back.body).toMatchObject({ type: 'document', slug: 'page', document: { nodes: [] } });
    const group = await as('editor').patch(`${base}/page/${page.id}`, { type: 'group' });
    expect(group.body).toMatchObject({ type: 'group' });
  });
});
