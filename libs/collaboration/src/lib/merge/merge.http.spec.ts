import { ContentModule } from '@docs/content';
import { createSpace } from '@docs/content/testing';
import { IdentityModule } from '@docs/identity';
import { createOrganization } from '@docs/identity/testing';
import { createTestApp, TestApp, watchConnectionOverlap } from '@docs/platform/testing';
import { CollaborationModule } from '../collaboration.module';

describe('change requests: content, merge and update', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ imports: [ContentModule, IdentityModule, CollaborationModule] });
  });
  afterAll(() => t.close());

  async function setup(pages: Record<string, string> = {}) {
    const { organization, members } = await createOrganization(t, { editor: 'edit', reviewer: 'review', reader: 'read' });
    const space = await createSpace(t, members.admin.token, organization.id);
    const as = (name: 'admin' | 'editor' | 'reviewer' | 'reader') => t.http.as(members[name].token);
    const spaceContent = `/v1/spaces/${space.id}/content`;
    const ids: Record<string, string> = {};
    for (const [title, markdown] of Object.entries(pages)) {
      const res = await as('editor').post(`${spaceContent}/pages`, { title, markdown });
      if (res.status !== 201) throw new Error(`${res.status} ${res.text}`);
      ids[title] = res.body.id;
    }
    const crs = `/v1/spaces/${space.id}/change-requests`;
    const open = async () => {
      const cr = (await as('editor').post(crs, { subject: 'Edits' })).body;
      await as('editor').patch(`${crs}/${cr.id}`, { status: 'open' });
      return { cr, base: `${crs}/${cr.id}`, content: `${crs}/${cr.id}/content` };
    };
    const markdownIn = async (content: string, pageId: string) => {
      const res = await as('reader').get(`${content}/page/${pageId}`, { query: { format: 'markdown' } });
      return res.status === 200 ? (res.body.markdown as string) : undefined;
    };
    const counts = async () => {
      const res = await as('reader').get(`/v1/spaces/${space.id}`);
      return { total: res.body.changeRequests, open: res.body.changeRequestsOpen, draft: res.body.changeRequestsDraft };
    };
    return { space, as, spaceContent, ids, crs, open, markdownIn, counts };
  }

  it('reads and writes its own head; the space is untouched until the merge', async () => {
    const { as, ids, open, spaceContent, markdownIn } = await setup({ Intro: 'Hello.' });
    const spaceEtag = (await as('reader').get(spaceContent)).headers.etag;
    const { content } = await open();
    const tree = await as('reader').get(content);
    expect(tree.status).toBe(200);
    expect(tree.body.pages.map((p: { id: string }) => p.id)).toEqual([ids.Intro]);
    const etag = tree.headers.etag;

    const edited = await as('editor').patch(`${content}/page/${ids.Intro}`, { markdown: 'Hello, change request.' }, { headers: { 'If-Match': etag } });
    expect(edited.status).toBe(200);
    const stale = await as('editor').patch(`${content}/page/${ids.Intro}`, { title: 'x' }, { headers: { 'If-Match': etag } });
    expect(stale.status).toBe(412);
    const created = await as('editor').post(`${content}/pages`, { title: 'Guide', markdown: 'Steps.' });
    expect(created.status).toBe(201);
    expect((await as('reader').get(`${content}/path/guide`)).body.id).toBe(created.body.id);
    expect((await as('reader').get(`${content}/pages`)).body.pages).toHaveLength(2);
    expect((await as('reader').get(`${content}/files`)).body.items).toEqual([]);

    expect(await markdownIn(content, ids.Intro)).toBe('Hello, change request.\n');
    expect(await markdownIn(spaceContent, ids.Intro)).toBe('Hello.\n');
    expect(await markdownIn(spaceContent, created.body.id)).toBeUndefined();
    expect((await as('reader').get(spaceContent)).headers.etag).toBe(spaceEtag);
    expect((await as('reader').post(`${content}/pages`, { title: 'No' })).status).toBe(403);
  });

  it('merges disjoint page edits: one merge revision with both parents, status merged, counts exact', async () => {
    const { as, ids, open, spaceContent, markdownIn, counts, space } = await setup({ A: 'Alpha.', B: 'Beta.' });
    const { cr, base, content } = await open();
    await as('editor').patch(`${content}/page/${ids.B}`, { markdown: 'Beta, changed in the change request.' });
    await as('editor').patch(`${spaceContent}/page/${ids.A}`, { markdown: 'Alpha, changed in the space.' });
    expect((await as('reader').get(base)).body.outdated).toBe(true);
    expect(await counts()).toEqual({ total: 1, open: 1, draft: 0 });

    expect((await as('editor').post(`${base}/merge`)).status).toBe(403);
    const crHead = (await as('reader').get(base)).body.revision;
    const spaceBefore = (await as('reader').get(`/v1/spaces/${space.id}`)).body.revision;
    const merged = await as('reviewer').post(`${base}/merge`);
    expect(merged.status).toBe(200);
    expect(merged.body).toMatchObject({ result: 'merge', conflicts: [] });
    expect(await markdownIn(spaceContent, ids.A)).toBe('Alpha, changed in the space.\n');
    expect(await markdownIn(spaceContent, ids.B)).toBe('Beta, changed in the change request.\n');
    const revision = await as('reader').get(`/v1/spaces/${space.id}/revisions/${merged.body.revision}`);
    expect(revision.body).toMatchObject({ type: 'merge', parents: [spaceBefore, crHead] });
    const after = (await as('reader').get(base)).body;
    expect(after).toMatchObject({ status: 'merged', revisionMerged: merged.body.revision, outdated: false, permissions: { edit: false, merge: false } });
    expect(await counts()).toEqual({ total: 1, open: 0, draft: 0 });

    // Merged is final: no second merge, no writes, no status move.
    expect((await as('reviewer').post(`${base}/merge`)).status).toBe(409);
    expect((await as('editor').patch(`${content}/page/${ids.A}`, { title: 'x' })).status).toBe(409);
    expect((await as('editor').post(`${base}/update`)).status).toBe(409);
    expect((await as('editor').patch(base, { status: 'open' })).status).toBe(409);
    expect(cr.number).toBe(1);
  });

  it('merges edits of different paragraphs of one page; the same paragraph edited twice is a conflict that changes nothing', async () => {
    const { as, ids, open, spaceContent, markdownIn } = await setup({ Doc: 'First paragraph.\n\nSecond paragraph.\n\nThird paragraph.' });
    const one = await open();
    await as('editor').patch(`${one.content}/page/${ids.Doc}`, { markdown: 'First paragraph, by the change request.\n\nSecond paragraph.\n\nThird paragraph.' });
    const two = await open();
    await as('editor').patch(`${two.content}/page/${ids.Doc}`, { markdown: 'First paragraph.\n\nSecond paragraph.\n\nThird paragraph, edited twice (a).' });
    await as('editor').patch(`${spaceContent}/page/${ids.Doc}`, { markdown: 'First paragraph.\n\nSecond paragraph.\n\nThird paragraph, edited twice (b).' });

    const clean = await as('reviewer').post(`${one.base}/merge`);
    expect(clean.body.result).toBe('merge');
    expect(await markdownIn(spaceContent, ids.Doc)).toBe('First paragraph, by the change request.\n\nSecond paragraph.\n\nThird paragraph, edited twice (b).\n');

    const spaceRevision = (await as('reader').get(spaceContent)).headers.etag;
    const crRevision = (await as('reader').get(two.base)).body.revision;
    const conflict = await as('reviewer').post(`${two.base}/merge`);
    expect(conflict.status).toBe(200);
    expect(conflict.body).toMatchObject({ result: 'conflicts', revision: crRevision });
    expect(conflict.body.conflicts).toEqual([expect.objectContaining({ pageId: ids.Doc, reason: 'body', title: 'Doc' })]);
    expect(conflict.body.conflicts[0].markdown).toContain('`<<<<<<< space`');
    expect((await as('reader').get(spaceContent)).headers.etag).toBe(spaceRevision);
    expect((await as('reader').get(two.base)).body.status).toBe('open');

    // The way out: update (both versions marked in the change request), edit the page, merge.
    const updated = await as('editor').post(`${two.base}/update`);
    expect(updated.status).toBe(200);
    expect(updated.body.result).toBe('conflicts');
    const marked = await markdownIn(two.content, ids.Doc);
    expect(marked).toContain('`<<<<<<< change request`');
    expect(marked).toContain('Third paragraph, edited twice (a).');
    expect(marked).toContain('Third paragraph, edited twice (b).');
    expect((await as('reader').get(two.base)).body).toMatchObject({ conflicts: [ids.Doc], outdated: false });
    const refused = await as('reviewer').post(`${two.base}/merge`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/unresolved conflicts/);

    await as('editor').patch(`${two.content}/page/${ids.Doc}`, {
      markdown: 'First paragraph, by the change request.\n\nSecond paragraph.\n\nThird paragraph, edited twice (a and b).',
    });
    expect((await as('reader').get(two.base)).body.conflicts).toEqual([]);
    const done = await as('reviewer').post(`${two.base}/merge`);
    expect(done.body.result).toBe('merge');
    expect(await markdownIn(spaceContent, ids.Doc)).toBe('First paragraph, by the change request.\n\nSecond paragraph.\n\nThird paragraph, edited twice (a and b).\n');
  });

  it('edit against delete is a conflict both ways', async () => {
    const { as, ids, open, spaceContent } = await setup({ A: 'Alpha.', B: 'Beta.' });
    const one = await open();
    await as('editor').patch(`${one.content}/page/${ids.A}`, { markdown: 'Alpha edited.' });
    const two = await open();
    await as('editor').delete(`${two.content}/page/${ids.B}`);
    await as('editor').delete(`${spaceContent}/page/${ids.A}`);
    await as('editor').patch(`${spaceContent}/page/${ids.B}`, { markdown: 'Beta edited.' });

    const first = await as('reviewer').post(`${one.base}/merge`);
    expect(first.body).toMatchObject({ result: 'conflicts', conflicts: [expect.objectContaining({ pageId: ids.A, reason: 'edited-and-deleted' })] });
    const second = await as('reviewer').post(`${two.base}/merge`);
    expect(second.body).toMatchObject({ result: 'conflicts', conflicts: [expect.objectContaining({ pageId: ids.B, reason: 'deleted-and-edited' })] });

    // Update: the change request keeps its edited page (a conflict to resolve by a write), the merge then brings it back.
    const updated = await as('editor').post(`${one.base}/update`);
    expect(updated.body.result).toBe('conflicts');
    expect((await as('reader').get(one.base)).body.conflicts).toEqual([ids.A]);
    await as('editor').patch(`${one.content}/page/${ids.A}`, { title: 'A kept' });
    expect((await as('reviewer').post(`${one.base}/merge`)).body.result).toBe('merge');
    expect((await as('reader').get(`${spaceContent}/page/${ids.A}`)).body.title).toBe('A kept');
  });

  it('merges a move in the space with an edit in the change request, and pages added on both sides with one slug', async () => {
    const { as, ids, open, spaceContent, markdownIn } = await setup({ Parent: 'P.', Child: 'C.' });
    const { base, content } = await open();
    await as('editor').patch(`${content}/page/${ids.Child}`, { markdown: 'C, edited.', title: 'Child renamed' });
    const ours = await as('editor').post(`${content}/pages`, { title: 'FAQ', markdown: 'From the change request.' });
    await as('editor').post(`${spaceContent}/page/${ids.Child}/move`, { parent: ids.Parent });
    const theirs = await as('editor').post(`${spaceContent}/pages`, { title: 'FAQ', markdown: 'From the space.' });

    const merged = await as('reviewer').post(`${base}/merge`);
    expect(merged.body.result).toBe('merge');
    const child = await as('reader').get(`${spaceContent}/page/${ids.Child}`, { query: { format: 'markdown' } });
    expect(child.body).toMatchObject({ title: 'Child renamed', path: 'parent/child', markdown: 'C, edited.\n' });
    expect(await markdownIn(spaceContent, theirs.body.id)).toBe('From the space.\n');
    const brought = await as('reader').get(`${spaceContent}/page/${ours.body.id}`);
    expect(brought.body).toMatchObject({ title: 'FAQ', slug: 'faq-2' });
    expect((await as('reader').get(`${spaceContent}/path/faq`)).body.id).toBe(theirs.body.id);
  });

  it('update brings the space in: outdated false, revisionMergedAncestor set, an update revision with both parents', async () => {
    const { as, ids, open, spaceContent, markdownIn, space } = await setup({ A: 'Alpha.', B: 'Beta.' });
    const { base, content } = await open();
    await as('editor').patch(`${content}/page/${ids.B}`, { markdown: 'Beta in the change request.' });
    const crHead = (await as('reader').get(base)).body.revision;
    const spaceEdit = await as('editor').patch(`${spaceContent}/page/${ids.A}`, { markdown: 'Alpha in the space.' });
    const spaceRevision = spaceEdit.headers.etag.replace(/"/g, '');
    expect((await as('reader').get(base)).body.outdated).toBe(true);

    const updated = await as('editor').post(`${base}/update`);
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ result: 'update', conflicts: [] });
    const cr = (await as('reader').get(base)).body;
    expect(cr).toMatchObject({ outdated: false, revisionMergedAncestor: spaceRevision, revision: updated.body.revision });
    const revision = await as('reader').get(`/v1/spaces/${space.id}/revisions/${updated.body.revision}`);
    expect(revision.body).toMatchObject({ type: 'update', parents: [crHead, spaceRevision] });
    expect(await markdownIn(content, ids.A)).toBe('Alpha in the space.\n');
    expect(await markdownIn(content, ids.B)).toBe('Beta in the change request.\n');
    // Nothing new: a second update answers the same head.
    expect((await as('editor').post(`${base}/update`)).body).toMatchObject({ result: 'update', revision: updated.body.revision });
    expect((await as('reader').post(`${base}/update`)).status).toBe(403);
  });

  it('50 parallel merges: exactly one wins, the others get 409, one merge revision exists', async () => {
    const { as, ids, open, spaceContent, space, counts } = await setup({ A: 'Alpha.' });
    const { base, content } = await open();
    await as('editor').patch(`${content}/page/${ids.A}`, { markdown: 'Merged once.' });
    const results = await Promise.all(Array.from({ length: 50 }, () => as('reviewer').post(`${base}/merge`)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    const merges: { n: number }[] = await t.dataSource.query(`SELECT count(*)::int AS n FROM revisions WHERE space_id = $1 AND type = 'merge'`, [space.id]);
    expect(merges[0].n).toBe(1);
    expect(await counts()).toEqual({ total: 1, open: 0, draft: 0 });
    expect((await as('reader').get(`${spaceContent}/page/${ids.A}`, { query: { format: 'markdown' } })).body.markdown).toBe('Merged once.\n');
  });

  it('a merge racing direct edits of the space loses nothing', async () => {
    const { as, ids, open, spaceContent, markdownIn } = await setup({ A: 'Alpha.', B: 'Beta.', C: 'Gamma.' });
    const { base, content } = await open();
    await as('editor').patch(`${content}/page/${ids.A}`, { markdown: 'Alpha from the change request.' });
    const [merge, edit1, edit2] = await Promise.all([
      as('reviewer').post(`${base}/merge`),
      as('editor').patch(`${spaceContent}/page/${ids.B}`, { markdown: 'Beta edited live.' }),
      as('editor').patch(`${spaceContent}/page/${ids.C}`, { markdown: 'Gamma edited live.' }),
    ]);
    expect([merge.status, edit1.status, edit2.status]).toEqual([200, 200, 200]);
    expect(merge.body.result).toBe('merge');
    expect(await markdownIn(spaceContent, ids.A)).toBe('Alpha from the change request.\n');
    expect(await markdownIn(spaceContent, ids.B)).toBe('Beta edited live.\n');
    expect(await markdownIn(spaceContent, ids.C)).toBe('Gamma edited live.\n');
  });

  it('archived change requests refuse writes; a locked space takes its changes through change requests', async () => {
    const { as, ids, open, space, spaceContent, markdownIn } = await setup({ A: 'Alpha.' });
    const { base, content } = await open();
    await as('editor').patch(base, { status: 'archived' });
    const archived = await as('editor').patch(`${content}/page/${ids.A}`, { title: 'x' });
    expect(archived.status).toBe(409);
    expect(archived.body.error.message).toMatch(/archived/);
    expect((await as('reviewer').post(`${base}/merge`)).status).toBe(409);
    expect((await as('editor').post(`${base}/update`)).status).toBe(409);
    await as('editor').patch(base, { status: 'open' });
    expect((await as('editor').patch(`${content}/page/${ids.A}`, { title: 'Open again' })).status).toBe(200);

    await as('admin').patch(`/v1/spaces/${space.id}`, { editMode: 'locked' });
    expect((await as('editor').patch(`${spaceContent}/page/${ids.A}`, { title: 'x' })).status).toBe(409);
    expect((await as('editor').patch(`${content}/page/${ids.A}`, { markdown: 'Alpha, locked space.' })).status).toBe(200);
    expect((await as('editor').post(`${base}/update`)).status).toBe(200);
    expect((await as('editor').get(base)).body.permissions).toMatchObject({ edit: true });
    expect((await as('reviewer').get(base)).body.permissions).toMatchObject({ merge: true });
    expect((await as('reviewer').post(`${base}/merge`)).body.result).toBe('merge');
    expect(await markdownIn(spaceContent, ids.A)).toBe('Alpha, locked space.\n');
  });

  it('uploads a file into the change request; the merge brings it to the space', async () => {
    const { as, open, spaceContent } = await setup({ A: 'Alpha.' });
    const { base, content } = await open();
    const bytes = Buffer.from('plain text notes\n');
    const uploaded = await as('editor').post(`${content}/files`, undefined, { query: { name: 'notes.txt' }, raw: bytes, headers: { 'Content-Type': 'application/octet-stream' } });
    expect(uploaded.status).toBe(201);
    expect((await as('reader').get(`${content}/files`)).body.items.map((f: { id: string }) => f.id)).toEqual([uploaded.body.id]);
    expect((await as('reader').get(`${content}/files/${uploaded.body.id}`)).status).toBe(200);
    expect((await as('reader').get(`${spaceContent}/files`)).body.items).toEqual([]);
    expect((await as('reader').post(`${content}/files`, undefined, { query: { name: 'x.txt' }, raw: bytes })).status).toBe(403);
    // The merge's transaction reads the base and the source revisions one after the other (one connection).
    const connections = watchConnectionOverlap();
    try {
      expect((await as('reviewer').post(`${base}/merge`)).body.result).toBe('merge');
      expect(connections.most()).toBe(1);
    } finally {
      connections.stop();
    }
    expect((await as('reader').get(`${spaceContent}/files`)).body.items.map((f: { id: string }) => f.id)).toEqual([uploaded.body.id]);
  });
});
