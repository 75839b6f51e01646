import { IdentityModule } from '@docs/identity';
import { createOrganization } from '@docs/identity/testing';
import { createTestApp, TestApp } from '@docs/platform/testing';
import request from 'supertest';
import { createSpace } from '../../testing';
import { ContentModule } from '../content.module';

describe('content reads', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ imports: [ContentModule, IdentityModule] });
  });
  afterAll(() => t.close());

  async function setup() {
    const { organization, members } = await createOrganization(t, { editor: 'edit', reader: 'read' });
    const space = await createSpace(t, members.admin.token, organization.id);
    const as = (name: 'admin' | 'editor' | 'reader') => t.http.as(members[name].token);
    const base = `/v1/spaces/${space.id}/content`;
    const create = async (body: Record<string, unknown>) => {
      const res = await as('editor').post(`${base}/pages`, body);
      if (res.status !== 201) throw new Error(`${res.status} ${res.text}`);
      return res;
    };
    return { organization, members, space, as, base, create };
  }

  it('reads an empty space: the revision, its pages and files', async () => {
    const { as, base, space } = await setup();
    const revision = await as('reader').get(base, { query: { metadata: false, computed: false } });
    expect(revision.status).toBe(200);
    expect(revision.body).toMatchObject({ object: 'revision', id: space.revision, type: 'edits', parents: [], pages: [], files: [], reusableContents: [] });
    expect(revision.headers.etag).toBe(`"${space.revision}"`);
    expect((await as('reader').get(`${base}/pages`)).body).toEqual({ pages: [] });
    expect((await as('reader').get(`${base}/files`)).body).toEqual({ items: [], count: 0 });
  });

  it("writes references in page markdown as GitBook's relative paths, and reads them back from a markdown write", async () => {
    const { as, base, create, space } = await setup();
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
    const file = await as('editor').post(`${base}/files`, undefined, { query: { name: 'logo image.png' }, raw: png, headers: { 'Content-Type': 'image/png' } });
    expect(file.status).toBe(201);
    const intro = (await create({ title: 'Introduction', markdown: 'Welcome.' })).body;
    const guide = (await create({ title: 'Guide', markdown: '## Install\n\nSteps.' })).body;
    const setupPage = (await create({ title: 'Setup', parent: guide.id, markdown: 'Setting up.' })).body;
    const link = (ref: unknown, text: string) => ({ object: 'inline', type: 'link', data: { ref }, nodes: [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }] });
    const document = {
      object: 'document',
      data: {},
      nodes: [
        {
          object: 'block',
          type: 'paragraph',
          nodes: [
            link({ kind: 'page', page: guide.id }, 'the guide'),
            { object: 'text', leaves: [{ object: 'leaf', text: ', ', marks: [] }] },
            link({ kind: 'anchor', page: guide.id, anchor: 'install' }, 'install'),
            { object: 'text', leaves: [{ object: 'leaf', text: ', ', marks: [] }] },
            link({ kind: 'page', page: intro.id }, 'home'),
            { object: 'text', leaves: [{ object: 'leaf', text: ', ', marks: [] }] },
            link({ kind: 'space', space: 'other-space' }, 'elsewhere'),
            { object: 'text', leaves: [{ object: 'leaf', text: ' ', marks: [] }] },
            { object: 'inline', type: 'inline-image', isVoid: true, data: { ref: { kind: 'file', file: file.body.id } } },
          ],
        },
        { object: 'block', type: 'content-ref', isVoid: true, data: { ref: { kind: 'page', page: guide.id } } },
      ],
    };
    // A page two levels down: its file is guide/setup/notes.md once Setup has pages.
    const notes = (await create({ title: 'Notes', parent: setupPage.id, document })).body;
    const read = await as('reader').get(`${base}/page/${notes.id}`, { query: { format: 'markdown' } });
    expect(read.status).toBe(200);
    const markdown = [
      '[the guide](../), [install](../#install), [home](../../README.md), [elsewhere](ref:space/other-space) ![](<../../.gitbook/assets/logo image.png>)',
      '',
      '{% content-ref url="../" %}',
      '[..](../)',
      '{% endcontent-ref %}',
      '',
    ].join('\n');
    expect(read.body.markdown).toBe(markdown);

    // The same markdown written back names the same pages and file, and reads back the same.
    const written = await as('editor').patch(`${base}/page/${notes.id}`, { markdown }, { query: { format: 'document' } });
    expect(written.status).toBe(200);
    const refs = (body: any) => [...body.document.nodes[0].nodes.filter((node: any) => node.object === 'inline').map((node: any) => node.data.ref), body.document.nodes[1].data.ref];
    expect(refs(written.body)).toEqual([...document.nodes[0].nodes!.filter((node: any) => node.object === 'inline').map((node: any) => node.data.ref), { kind: 'page', page: guide.id }]);
    expect((await as('reader').get(`${base}/page/${notes.id}`, { query: { format: 'markdown' } })).body.markdown).toBe(markdown);
    const again = await as('editor').patch(`${base}/page/${notes.id}`, { markdown }, { query: { format: 'markdown' } });
    expect(again.body).toMatchObject({ documentId: written.body.documentId, markdown });
    // A page created with relative paths reads them from its parent's folder; ref: URLs still work.
    const sibling = await create({ title: 'Sibling', parent: setupPage.id, markdown: `[notes](notes.md) and [setup](ref:page/${setupPage.id})\n` });
    expect((await as('reader').get(`${base}/page/${sibling.body.id}`, { query: { format: 'document' } })).body.document.nodes[0].nodes.filter((node: any) => node.type === 'link').map((node: any) => node.data.ref)).toEqual([
      { kind: 'page', page: notes.id },
      { kind: 'page', page: setupPage.id },
    ]);
    // The links report sees them as links between pages.
    const links = await as('reader').get(`/v1/spaces/${space.id}/links`);
    expect(links.body.items.filter((item: any) => item.targetReference?.kind === 'page' && item.status === 'ok').length).toBeGreaterThanOrEqual(3);
  });

  it('writes a tree and reads it back in both formats, by id and by path', async () => {
    const { as, base, create, members } = await setup();
    const guide = (await create({ title: 'Guide', markdown: '## Guide\n\nRead me.' })).body;
    const group = (await create({ title: 'Reference', type: 'group' })).body;
    const api = (await create({ title: 'API', parent: group.id, markdown: 'The API.' })).body;
    const link = (await create({ title: 'Website', type: 'link', href: 'https://example.com', parent: guide.id })).body;
    expect(link).toMatchObject({ type: 'link', target: { kind: 'url', url: 'https://example.com' }, href: 'https://example.com' });
    const last = await create({ title: 'Install', parent: guide.id, position: { before: link.id } });

    const tree = await as('reader').get(`${base}/pages`);
    expect(tree.status).toBe(200);
    expect(tree.headers.etag).toBe(last.headers.etag);
    const shape = (pages: any[]): unknown[] => pages.map((p) => [p.title, p.path ?? null, shape(p.pages ?? [])]);
    expect(shape(tree.body.pages)).toEqual([
      ['Guide', 'guide', [['Install', 'guide/install', []], ['Website', null, []]]],
      ['Reference', 'reference', [['API', 'reference/api', []]]],
    ]);

    const asMarkdown = await as('reader').get(`${base}/page/${guide.id}`, { query: { format: 'markdown' } });
    expect(asMarkdown.status).toBe(200);
    expect(asMarkdown.body.markdown).toBe('## Guide\n\nRead me.\n');
    const asDocument = await as('reader').get(`${base}/page/${guide.id}`, { query: { format: 'document' } });
    expect(asDocument.body.document).toMatchObject({ object: 'document', nodes: [{ type: 'heading-1' }, { type: 'paragraph' }] });
    expect(asDocument.headers.etag).toBe(last.headers.etag);

    const byPath = await as('reader').get(`${base}/path/${encodeURIComponent('reference/api')}`);
    expect(byPath.status).toBe(200);
    expect(byPath.body).toMatchObject({ id: api.id, path: 'reference/api' });
    expect((await as('reader').get(`${base}/path/reference`)).body).toMatchObject({ id: group.id, type: 'group' });
    // Slashes may also come raw (the reference's template has one segment, so the test client cannot judge this form).
    const raw = await request(t.app.getHttpServer()).get(`${base}/path/reference/api`).set('Authorization', `Bearer ${members.reader.token}`);
    expect(raw.status).toBe(200);
    expect(raw.body).toEqual(byPath.body);
    expect((await as('reader').get(`${base}/path/nowhere`)).status).toBe(404);
    expect((await as('reader').get(`${base}/page/nope`)).status).toBe(404);
    expect((await as('reader').get(`${base}/page/${guide.id}`, { query: { format: 'html' } })).status).toBe(400);
  });

  it('keeps every revision readable and unchanged after later writes', async () => {
    const { as, base, create, space } = await setup();
    const page = (await create({ title: 'Page', markdown: 'One' })).body;
    const first = (await as('reader').get(base)).body;
    await as('editor').patch(`${base}/page/${page.id}`, { markdown: 'Two', title: 'Renamed' });
    await create({ title: 'Other' });
    const later = await as('reader').get(`/v1/spaces/${space.id}/revisions/${first.id}`);
    expect(later.status).toBe(200);
    expect(later.body).toEqual(first);
    expect(later.headers.etag).toBe(`"${first.id}"`);
    expect((await as('reader').get(`/v1/spaces/${space.id}/revisions/${first.id}/pages`)).body).toEqual({ pages: first.pages });
    const old = await as('reader').get(`/v1/spaces/${space.id}/revisions/${first.id}/page/${page.id}`, { query: { format: 'markdown' } });
    expect(old.body).toMatchObject({ title: 'Page', markdown: 'One\n' });
    const now = await as('reader').get(`${base}/page/${page.id}`, { query: { format: 'markdown' } });
    expect(now.body).toMatchObject({ title: 'Renamed', markdown: 'Two\n' });
    const current = (await as('reader').get(base)).body;
    expect(current.parents).toEqual([expect.any(String)]);
    // The initial revision, then one per write.
    expect((await as('reader').get(`/v1/spaces/${space.id}/revisions/${space.revision}`)).body.pages).toEqual([]);
    expect((await as('reader').get(`/v1/spaces/${space.id}/revisions/unknown`)).status).toBe(404);
  });

  it('answers 401 without a token and 404 to outsiders and guests, for current content and revisions', async () => {
    const { base, space } = await setup();
    const other = await createOrganization(t, { guest: null });
    expect((await t.http.as(undefined).get(base)).status).toBe(401);
    expect((await t.http.as(other.members.admin.token).get(base)).status).toBe(404);
    expect((await t.http.as(other.members.admin.token).get(`/v1/spaces/${space.id}/revisions/${space.revision}`)).status).toBe(404);
    const revisionOfOtherSpace = (await createSpace(t, other.members.admin.token, other.organization.id)).revision;
    const { as } = await setup();
    expect((await as('reader').get(`/v1/spaces/${space.id}/revisions/${revisionOfOtherSpace}`)).status).toBe(404);
  });

  it('duplicates a space with its content, sharing the nodes', async () => {
    const { as, base, create, space } = await setup();
    const page = (await create({ title: 'Page', markdown: 'Body' })).body;
    await create({ title: 'Child', parent: page.id });
    const before = Number((await t.dataSource.query(`SELECT count(*) FROM page_nodes`))[0].count);
    const copy = await as('admin').post(`/v1/spaces/${space.id}/duplicate`);
    expect(copy.status).toBe(201);
    expect(Number((await t.dataSource.query(`SELECT count(*) FROM page_nodes`))[0].count)).toBe(before);
    const copied = await as('reader').get(`/v1/spaces/${copy.body.id}/content/pages`);
    const original = await as('reader').get(`${base}/pages`);
    expect(copied.body).toEqual(JSON.parse(JSON.stringify(original.body).split(space.id).join(copy.body.id)));
    // The copy moves on alone.
    const edit = await as('admin').patch(`/v1/spaces/${copy.body.id}/content/page/${page.id}`, { title: 'Changed' });
    expect(edit.status).toBe(200);
    expect((await as('reader').get(`${base}/page/${page.id}`)).body.title).toBe('Page');
  });

  /** Every page of a tree (depth first). */
  const flatten = (pages: Record<string, any>[]): Record<string, any>[] => pages.flatMap((page) => [page, ...flatten(page.pages ?? [])]);

  it('lists trees without bodies (documentId names each), and with them only when `format` asks: current, revision, /content', async () => {
    const { as, base, create, space } = await setup();
    const guide = (await create({ title: 'Guide', markdown: '## Guide\n\nRead me.' })).body;
    await create({ title: 'Install', parent: guide.id, markdown: 'Run it.' });
    await create({ title: 'Empty', parent: guide.id });
    await create({ title: 'Website', type: 'link', href: 'https://example.com' });
    const revisionId = (await as('reader').get(base)).body.id;
    for (const path of [`${base}/pages`, base, `/v1/spaces/${space.id}/revisions/${revisionId}/pages`, `/v1/spaces/${space.id}/revisions/${revisionId}`]) {
      const tree = await as('reader').get(path);
      expect(tree.status).toBe(200);
      const pages = flatten(tree.body.pages);
      expect(pages.map((page) => page.title)).toEqual(['Guide', 'Install', 'Empty', 'Website']);
      for (const page of pages) {
        expect([path, page.title, 'document' in page, 'markdown' in page]).toEqual([path, page.title, false, false]);
        // What a navigation needs is there; documentId names each body (an empty page has none).
        if (page.type === 'document') expect(page).toMatchObject({ id: expect.any(String), path: expect.any(String), kind: 'sheet', urls: { app: expect.any(String) } });
      }
      expect(pages.filter((page) => page.documentId).map((page) => page.title)).toEqual(['Guide', 'Install']);
      // Opting in: every body, in the format asked.
      const documents = flatten((await as('reader').get(path, { query: { format: 'document' } })).body.pages);
      expect(documents.filter((page) => page.type === 'document').map((page) => page.document.object)).toEqual(['document', 'document', 'document']);
      const markdown = flatten((await as('reader').get(path, { query: { format: 'markdown' } })).body.pages);
      expect(markdown.filter((page) => page.type === 'document').map((page) => page.markdown)).toEqual(['## Guide\n\nRead me.\n', 'Run it.\n', '']); // heading-1 as GitBook writes it
      expect((await as('reader').get(path, { query: { format: 'html' } })).status).toBe(400);
    }
  });

  it('gives one page its body and its child pages without theirs (by id, by path, in a revision, after a write)', async () => {
    const { as, base, create, space } = await setup();
    const guide = (await create({ title: 'Guide', markdown: 'Top.' })).body;
    // The write's answer: the page's own body; its children (none yet) without.
    expect(guide.document).toMatchObject({ object: 'document' });
    await create({ title: 'Install', parent: guide.id, markdown: 'Child body.' });
    const moved = await as('editor').post(`${base}/page/${guide.id}/move`, { parent: null });
    const revisionId = (await as('reader').get(base)).body.id;
    for (const [path, query] of [
      [`${base}/page/${guide.id}`, {}],
      [`${base}/page/${guide.id}`, { format: 'markdown' }],
      [`${base}/path/guide`, {}],
      [`/v1/spaces/${space.id}/revisions/${revisionId}/page/${guide.id}`, { format: 'markdown' }],
    ] as const) {
      const page = (await as('reader').get(path, { query })).body;
      expect(query.format === 'markdown' ? page.markdown : page.document.object).toEqual(query.format === 'markdown' ? 'Top.\n' : 'document');
      expect(page.pages).toHaveLength(1);
      expect([path, 'document' in page.pages[0], 'markdown' in page.pages[0], page.pages[0].documentId]).toEqual([path, false, false, expect.any(String)]);
    }
    expect(moved.body.pages.map((child: Record<string, unknown>) => 'document' in child)).toEqual([false]);
  });
});
