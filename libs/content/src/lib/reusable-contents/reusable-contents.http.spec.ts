import { IdentityModule } from '@docs/identity';
import { createOrganization } from '@docs/identity/testing';
import { createTestApp, TestApp } from '@docs/platform/testing';
import { createSpace } from '../../testing';
import { ContentModule } from '../content.module';

describe('reusable contents', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ imports: [ContentModule, IdentityModule] });
  });
  afterAll(() => t.close());

  async function setup() {
    const { organization, members } = await createOrganization(t, { editor: 'edit', reader: 'read', commenter: 'comment' });
    const space = await createSpace(t, members.admin.token, organization.id);
    const as = (name: 'admin' | 'editor' | 'reader' | 'commenter') => t.http.as(members[name].token);
    const revision = async () => (await as('reader').get(`/v1/spaces/${space.id}`)).body.revision as string;
    return { organization, members, space, as, revision, base: `/v1/spaces/${space.id}/content`, revisions: `/v1/spaces/${space.id}/revisions` };
  }

  it('creates, reads, updates and deletes one, each write a revision, earlier revisions unchanged', async () => {
    const { as, base, revisions, space } = await setup();
    const created = await as('editor').post(`${base}/reusable-contents`, { title: 'Support note', markdown: 'Write to **support**.' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(String), title: 'Support note', document: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const id = created.body.id;
    const first = created.headers.etag.replace(/"/g, '');
    expect(`"${(await as('reader').get(`/v1/spaces/${space.id}`)).body.revision}"`).toBe(created.headers.etag);

    const current = await as('reader').get(`${base}/reusable-contents/${id}`);
    expect(current.status).toBe(200);
    expect(current.body).toEqual(created.body);
    expect(current.headers.etag).toBe(created.headers.etag);
    const document = await as('reader').get(`${revisions}/${first}/reusable-contents/${id}/document`);
    expect(document.status).toBe(200);
    expect(document.body.nodes[0].type).toBe('paragraph');
    expect((await as('reader').get(`${base}`)).body.reusableContents).toEqual([created.body]);

    // The body is content-addressed: one blob, the entry holds its hash.
    const [blob] = await t.dataSource.query(`SELECT size FROM content_blobs WHERE hash = $1`, [created.body.document]);
    expect(Number(blob.size)).toBeGreaterThan(0);

    const renamed = await as('editor').patch(`${base}/reusable-contents/${id}`, { title: 'Support' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ ...created.body, title: 'Support' });
    const rewritten = await as('editor').patch(`${base}/reusable-contents/${id}`, { document: { object: 'document', data: {}, nodes: [] } });
    expect(rewritten.body).toEqual({ id, title: 'Support' });
    const unchanged = await as('editor').patch(`${base}/reusable-contents/${id}`, { title: 'Support' });
    expect(unchanged.headers.etag).toBe(rewritten.headers.etag);
    expect((await as('reader').get(`${revisions}/${rewritten.headers.etag.replace(/"/g, '')}/reusable-contents/${id}/document`)).body).toEqual({
      object: 'document',
      data: {},
      nodes: [],
    });

    const removed = await as('editor').delete(`${base}/reusable-contents/${id}`);
    expect(removed.status).toBe(205);
    expect((await as('reader').get(`${base}/reusable-contents/${id}`)).status).toBe(404);
    // The first revision still has it, as it was.
    const old = await as('reader').get(`${revisions}/${first}/reusable-contents/${id}`);
    expect(old.status).toBe(200);
    expect(old.body).toEqual(created.body);
    expect(old.headers.etag).toBe(`"${first}"`);
  });

  it('is embedded in a page as a reusable-content block, written `{% include %}` in markdown; a missing one is a broken link', async () => {
    const { as, base, space } = await setup();
    const rc = (await as('editor').post(`${base}/reusable-contents`, { title: 'Note', markdown: 'Shared.' })).body;
    const page = await as('editor').post(`${base}/pages`, { title: 'Guide', markdown: `Intro.\n\n{% include "ref:reusable-content/${rc.id}" %}\n` });
    expect(page.status).toBe(201);
    expect(page.body.document.nodes[1]).toMatchObject({ type: 'reusable-content', data: { ref: { kind: 'reusable-content', reusableContent: rc.id } } });
    const markdown = await as('reader').get(`${base}/page/${page.body.id}`, { query: { format: 'markdown' } });
    // Read as GitBook writes it: the path of its file in the export (`.gitbook/includes/<title>.md`), which a write reads back.
    expect(markdown.body.markdown).toBe(`Intro.\n\n{% include ".gitbook/includes/note.md" %}\n`);
    const again = await as('editor').patch(`${base}/page/${page.body.id}`, { markdown: markdown.body.markdown });
    expect(again.body.document.nodes[1]).toMatchObject({ type: 'reusable-content', data: { ref: { kind: 'reusable-content', reusableContent: rc.id } } });

    const links = async () => {
      const res = await as('reader').get(`/v1/spaces/${space.id}/links`);
      if (res.status !== 200) throw new Error(`${res.status} ${res.text}`);
      return res.body;
    };
    expect((await links()).stats).toEqual({ total: 1, broken: { total: 0 } });
    expect((await links()).items[0]).toMatchObject({ status: 'ok', relation: 'dependsOn' });
    await as('editor').delete(`${base}/reusable-contents/${rc.id}`);
    expect((await links()).stats).toEqual({ total: 1, broken: { total: 1 } });
    expect((await links()).items[0]).toMatchObject({ status: 'broken' });
  });

  it('validates bodies and ids', async () => {
    const { as, base, revisions, revision } = await setup();
    const before = await revision();
    for (const [body, field] of [
      [{}, 'title'],
      [{ title: '' }, 'title'],
      [{ title: 'x'.repeat(257) }, 'title'],
      [{ title: 'T', markdown: 'a', document: { object: 'document', nodes: [] } }, 'not both'],
      [{ title: 'T', document: { object: 'page' } }, 'document.object'],
      [{ title: 'T', other: 1 }, 'other'],
      [{ title: 'T', document: { object: 'document', data: {}, nodes: [{ object: 'block', type: 'reusable-content', isVoid: true, data: { ref: { kind: 'reusable-content', reusableContent: 'x' } } }] } }, 'cannot embed'],
    ] as const) {
      const res = await as('editor').post(`${base}/reusable-contents`, body);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain(field);
    }
    expect(await revision()).toBe(before);
    expect((await as('editor').patch(`${base}/reusable-contents/nope`, { title: 'X' })).status).toBe(404);
    expect((await as('editor').delete(`${base}/reusable-contents/nope`)).status).toBe(404);
    expect((await as('reader').get(`${base}/reusable-contents/nope`)).status).toBe(404);
    expect((await as('reader').get(`${revisions}/${before}/reusable-contents/nope/document`)).status).toBe(404);
    expect((await as('reader').get(`${revisions}/nope/reusable-contents/x`)).status).toBe(404);
    expect(await revision()).toBe(before);
  });

  it('needs edit to write and read to read (401, 403, 404 for another organization), honours If-Match (412) and refuses on a locked space (409)', async () => {
    const { as, base, space, revision } = await setup();
    const rc = (await as('editor').post(`${base}/reusable-contents`, { title: 'Note' })).body;
    const etag = (await as('reader').get(`${base}/reusable-contents/${rc.id}`)).headers.etag;

    expect((await t.http.as(undefined).get(`${base}/reusable-contents/${rc.id}`)).status).toBe(401);
    expect((await t.http.as(undefined).post(`${base}/reusable-contents`, { title: 'X' })).status).toBe(401);
    expect((await as('commenter').post(`${base}/reusable-contents`, { title: 'X' })).status).toBe(403);
    expect((await as('reader').patch(`${base}/reusable-contents/${rc.id}`, { title: 'X' })).status).toBe(403);
    expect((await as('reader').delete(`${base}/reusable-contents/${rc.id}`)).status).toBe(403);
    const stranger = await createOrganization(t, {});
    const other = t.http.as(stranger.members.admin.token);
    expect((await other.get(`${base}/reusable-contents/${rc.id}`)).status).toBe(404);
    expect((await other.post(`${base}/reusable-contents`, { title: 'X' })).status).toBe(404);

    const moved = await as('editor').patch(`${base}/reusable-contents/${rc.id}`, { title: 'First' }, { headers: { 'If-Match': etag } });
    expect(moved.status).toBe(200);
    const now = await revision();
    for (const attempt of [
      () => as('editor').post(`${base}/reusable-contents`, { title: 'X' }, { headers: { 'If-Match': etag } }),
      () => as('editor').patch(`${base}/reusable-contents/${rc.id}`, { title: 'Second' }, { headers: { 'If-Match': etag } }),
      () => as('editor').delete(`${base}/reusable-contents/${rc.id}`, { headers: { 'If-Match': etag } }),
    ]) {
      expect((await attempt()).status).toBe(412);
    }
    expect(await revision()).toBe(now);

    expect((await as('admin').patch(`/v1/spaces/${space.id}`, { editMode: 'locked' })).status).toBe(200);
    for (const attempt of [
      () => as('admin').post(`${base}/reusable-contents`, { title: 'X' }),
      () => as('admin').patch(`${base}/reusable-contents/${rc.id}`, { title: 'Locked' }),
      () => as('admin').delete(`${base}/reusable-contents/${rc.id}`),
    ]) {
      const res = await attempt();
      expect(res.status).toBe(409);
      expect(res.body.error.message).toContain('locked');
    }
    expect(await revision()).toBe(now);
    expect((await as('reader').get(`${base}/reusable-contents/${rc.id}`)).body.title).toBe('First');
  });
});

describe('variables', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ imports: [ContentModule, IdentityModule] });
  });
  afterAll(() => t.close());

  it('replaces (PUT) and merges (PATCH) the revision variables, validated, with If-Match, permissions and locks', async () => {
    const { organization, members } = await createOrganization(t, { editor: 'edit', reader: 'read' });
    const space = await createSpace(t, members.admin.token, organization.id);
    const as = (name: 'admin' | 'editor' | 'reader') => t.http.as(members[name].token);
    const url = `/v1/spaces/${space.id}/content/variables`;
    const revision = async () => (await as('reader').get(`/v1/spaces/${space.id}`)).body.revision as string;

    const put = await as('editor').put(url, { variables: { product: 'Docs', version: 3, beta: true } });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ product: 'Docs', version: 3, beta: true });
    const patched = await as('editor').patch(url, { variables: { version: 4, region: 'eu' } }, { headers: { 'If-Match': put.headers.etag } });
    expect(patched.status).toBe(200);
    expect(patched.body).toEqual({ product: 'Docs', version: 4, beta: true, region: 'eu' });
    const content = await as('reader').get(`/v1/spaces/${space.id}/content`);
    expect(content.body.variables).toEqual(patched.body);
    expect(content.headers.etag).toBe(patched.headers.etag);
    // The earlier revision keeps its variables.
    expect((await as('reader').get(`/v1/spaces/${space.id}/revisions/${put.headers.etag.replace(/"/g, '')}`)).body.variables).toEqual(put.body);
    // No change, no revision.
    const same = await as('editor').patch(url, { variables: { version: 4 } });
    expect(same.headers.etag).toBe(patched.headers.etag);
    const replaced = await as('editor').put(url, { variables: {} });
    expect(replaced.body).toEqual({});

    const now = await revision();
    for (const [body, message] of [
      [{ variables: { '1abc': 'x' } }, 'not a valid variable name'],
      [{ variables: { 'with space': 'x' } }, 'not a valid variable name'],
      [{ variables: { ['a'.repeat(65)]: 'x' } }, 'not a valid variable name'],
      [{ variables: { long: 'x'.repeat(257) } }, 'at most 256'],
      [{ variables: { obj: { a: 1 } } }, 'string, a number or a boolean'],
      [{ variables: { list: [1] } }, 'string, a number or a boolean'],
      [{ variables: 'x' }, 'variables'],
      [{}, 'variables'],
      [{ variables: {}, other: 1 }, 'other'],
    ] as const) {
      const res = await as('editor').put(url, body);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain(message);
    }
    expect((await as('editor').patch(url, { variables: { 'a-b': 1 } })).status).toBe(400);
    expect(await revision()).toBe(now);

    expect((await t.http.as(undefined).put(url, { variables: {} })).status).toBe(401);
    expect((await as('reader').put(url, { variables: { a: 1 } })).status).toBe(403);
    expect((await as('reader').patch(url, { variables: { a: 1 } })).status).toBe(403);
    const stranger = await createOrganization(t, {});
    expect((await t.http.as(stranger.members.admin.token).put(url, { variables: { a: 1 } })).status).toBe(404);
    expect((await as('editor').put(url, { variables: { a: 1 } }, { headers: { 'If-Match': put.headers.etag } })).status).toBe(412);
    await as('admin').patch(`/v1/spaces/${space.id}`, { editMode: 'locked' });
    expect((await as('admin').put(url, { variables: { a: 1 } })).status).toBe(409);
    expect((await as('admin').patch(url, { variables: { a: 1 } })).status).toBe(409);
    expect(await revision()).toBe(now);
  });

  it("gives a document page its own variables on create and patch (the reference's RevisionPageDocument.variables)", async () => {
    const { organization, members } = await createOrganization(t, { editor: 'edit' });
    const space = await createSpace(t, members.admin.token, organization.id);
    const as = t.http.as(members.editor.token);
    const base = `/v1/spaces/${space.id}/content`;
    const page = await as.post(`${base}/pages`, { title: 'Setup', markdown: 'x', variables: { port: 8080, host: 'db' } });
    expect(page.status).toBe(201);
    expect(page.body.variables).toEqual({ host: 'db', port: 8080 });
    expect((await as.get(`${base}/page/${page.body.id}`)).body.variables).toEqual({ host: 'db', port: 8080 });
    expect((await as.get(`${base}/pages`)).body.pages[0].variables).toEqual({ host: 'db', port: 8080 });

    const same = await as.patch(`${base}/page/${page.body.id}`, { variables: { port: 8080, host: 'db' } });
    expect(same.headers.etag).toBe(page.headers.etag);
    const changed = await as.patch(`${base}/page/${page.body.id}`, { variables: { tls: true } });
    expect(changed.body.variables).toEqual({ tls: true });
    const cleared = await as.patch(`${base}/page/${page.body.id}`, { variables: {} });
    expect(cleared.status).toBe(200);
    expect(cleared.body.variables).toBeUndefined();
    // The earlier revision keeps them.
    expect((await as.get(`/v1/spaces/${space.id}/revisions/${changed.headers.etag.replace(/"/g, '')}/page/${page.body.id}`)).body.variables).toEqual({ tls: true });

    const before = (await as.get(`/v1/spaces/${space.id}`)).body.revision;
    expect((await as.post(`${base}/pages`, { title: 'G', type: 'group', variables: { a: 1 } })).status).toBe(400);
    expect((await as.post(`${base}/pages`, { title: 'P', variables: { 'bad name': 1 } })).status).toBe(400);
    expect((await as.patch(`${base}/page/${page.body.id}`, { variables: { a: { b: 1 } } })).status).toBe(400);
    expect((await as.patch(`${base}/page/${page.body.id}`, { variables: 'x' })).status).toBe(400);
    expect((await as.get(`/v1/spaces/${space.id}`)).body.revision).toBe(before);
  });
});
