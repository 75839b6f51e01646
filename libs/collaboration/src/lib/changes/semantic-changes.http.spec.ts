import { ContentModule } from '@docs/content';
import { createSpace } from '@docs/content/testing';
import { IdentityModule } from '@docs/identity';
import { createOrganization } from '@docs/identity/testing';
import { createTestApp, ReferenceSchema, RequestOptions, TestApp } from '@docs/platform/testing';
import { DataSource } from 'typeorm';
import { CollaborationModule } from '../collaboration.module';

/** A 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/**
 * The reference's `page_edited` is unsatisfiable as written: its `attributes` is a oneOf of the
 * document, group and link attribute schemas, none of which forbids the others' keys, so every
 * value matches two or three of them. This contract checks each `page_edited` against the
 * attribute schema of its page's type (and its page against ChangedRevisionPage), and the rest
 * of the body against the reference as usual.
 */
function semanticChangesContract(method: string, path: string): RequestOptions {
  const reference = ReferenceSchema.load();
  const kinds: Record<string, string> = { document: 'Document', group: 'Group', link: 'Link' };
  return {
    contract: (body: any) => {
      const edited = (body.changes ?? []).filter((c: any) => c.type === 'page_edited');
      const problems = reference.validateResponse(method, path, 200, { ...body, changes: body.changes.filter((c: any) => c.type !== 'page_edited') });
      for (const change of edited) {
        problems.push(...reference.validateSchema('ChangedRevisionPage', change.page));
        problems.push(...reference.validateSchema(`RevisionPage${kinds[change.page.type]}ChangeAttributes`, change.attributes));
        if (Object.keys(change).sort().join() !== 'attributes,page,type') problems.push(`page_edited has extra keys: ${Object.keys(change)}`);
      }
      return problems;
    },
  };
}

describe('semantic changes of change requests and revisions', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ imports: [ContentModule, IdentityModule, CollaborationModule] });
  });
  afterAll(() => t.close());

  async function setup() {
    const { organization, members } = await createOrganization(t, { editor: 'edit', reader: 'read', guest: null });
    const outsider = t.http.as((await createOrganization(t)).members.admin.token);
    const space = await createSpace(t, members.admin.token, organization.id);
    const as = (name: 'admin' | 'editor' | 'reader' | 'guest') => t.http.as(members[name].token);
    const spaceBase = `/v1/spaces/${space.id}`;
    const create = async (body: Record<string, unknown>, at = `${spaceBase}/content`) => {
      const res = await as('editor').post(`${at}/pages`, body);
      if (res.status !== 201) throw new Error(`${res.status} ${res.text}`);
      return res.body;
    };
    return { members, outsider, space, as, spaceBase, create };
  }

  /** Each change as "type title" (pages), "type name" (files), or the type. */
  const summary = (changes: any[]) =>
    changes.map((c) => `${c.type} ${c.page?.title ?? c.file?.name ?? c.reusableContent?.id ?? Object.keys(c.variables ?? {}).join(',')}`);

  it("lists what a change request changes: created, edited (before/after), moved, deleted pages and new files; not the space's own edits", async () => {
    const { as, spaceBase, create, outsider } = await setup();
    const intro = await create({ title: 'Intro', markdown: 'Hello.' });
    const old = await create({ title: 'Old' });
    const guides = await create({ title: 'Guides', type: 'group' });
    const cr = (await as('editor').post(`${spaceBase}/change-requests`, { subject: 'Changes' })).body;
    const base = `${spaceBase}/change-requests/${cr.id}`;
    expect((await as('reader').get(`${base}/changes`)).body).toEqual({ changes: [], more: 0 });

    await create({ title: 'New page', markdown: 'Fresh.' }, `${base}/content`);
    expect((await as('editor').patch(`${base}/content/page/${intro.id}`, { title: 'Introduction', markdown: 'Hello, world.' })).status).toBe(200);
    expect((await as('editor').post(`${base}/content/page/${intro.id}/move`, { parent: guides.id })).status).toBe(200);
    expect((await as('editor').delete(`${base}/content/page/${old.id}`)).status).toBe(205);
    const upload = await as('editor').post(`${base}/content/files`, undefined, { query: { name: 'logo.png' }, raw: PNG, headers: { 'Content-Type': 'image/png' } });
    expect(upload.status).toBe(201);
    // The space moves on meanwhile: not part of what the change request changes.
    await create({ title: 'Space only' });

    const res = await as('reader').get(`${base}/changes`, semanticChangesContract('GET', `${base}/changes`));
    expect(res.status).toBe(200);
    expect(summary(res.body.changes).sort()).toEqual(
      ['page_created New page', 'page_edited Introduction', 'page_moved Introduction', 'page_deleted Old', 'file_created logo.png'].sort(),
    );
    expect(res.body.more).toBe(0);
    const edited = res.body.changes.find((c: any) => c.type === 'page_edited');
    expect(edited.attributes).toEqual({ title: { before: 'Intro', after: 'Introduction' }, document: { before: 'Hello.\n', after: 'Hello, world.\n' } });
    const moved = res.body.changes.find((c: any) => c.type === 'page_moved');
    expect(moved.parent).toEqual({ after: { id: guides.id, type: 'group', title: 'Guides' } });

    const limited = await as('reader').get(`${base}/changes`, { query: { limit: 2 }, ...semanticChangesContract('GET', `${base}/changes`) });
    expect(limited.body.changes).toHaveLength(2);
    expect(limited.body.more).toBe(3);
    expect((await as('reader').get(`${base}/changes`, { query: { limit: 0 } })).body).toEqual({ changes: [], more: 5 });
    expect((await as('reader').get(`${base}/changes`, { query: { limit: -1 } })).status).toBe(400);
    expect((await as('reader').get(`${base}/changes`, { query: { limit: 'x' } })).status).toBe(400);
    expect((await as('guest').get(`${base}/changes`)).status).toBe(404);
    expect((await outsider.get(`${base}/changes`)).status).toBe(404);
    expect((await as('reader').get(`${spaceBase}/change-requests/nope/changes`)).status).toBe(404);
    expect((await t.http.as(undefined).get(`${base}/changes`)).status).toBe(401);
  });

  it('lists what a revision changed against its first parent; a merge revision names its change request', async () => {
    const { as, spaceBase, create, outsider, space } = await setup();
    const initial = space.revision;
    expect((await as('reader').get(`${spaceBase}/revisions/${initial}/changes`)).body).toEqual({ changes: [], more: 0 });
    const page = await create({ title: 'Page', markdown: 'One.' });
    const afterCreate = (await as('reader').get(spaceBase)).body.revision;
    expect(summary((await as('reader').get(`${spaceBase}/revisions/${afterCreate}/changes`)).body.changes)).toEqual(['page_created Page']);

    const cr = (await as('editor').post(`${spaceBase}/change-requests`, { subject: 'Edit' })).body;
    await as('editor').patch(`${spaceBase}/change-requests/${cr.id}/content/page/${page.id}`, { markdown: 'Two.' });
    const merged = await as('admin').post(`${spaceBase}/change-requests/${cr.id}/merge`);
    expect(merged.body.result).toBe('merge');
    const path = `${spaceBase}/revisions/${merged.body.revision}/changes`;
    const res = await as('reader').get(path, semanticChangesContract('GET', path));
    expect(res.status).toBe(200);
    expect(res.body.mergedFrom).toMatchObject({ id: cr.id, object: 'change-request' });
    expect(res.body.changes).toEqual([{ type: 'page_edited', page: { id: page.id, type: 'document', title: 'Page' }, attributes: { document: { before: 'One.\n', after: 'Two.\n' } } }]);

    expect((await as('reader').get(`${spaceBase}/revisions/nope/changes`)).status).toBe(404);
    expect((await outsider.get(`${spaceBase}/revisions/${afterCreate}/changes`)).status).toBe(404);
  });

  it('diffs reusable contents by entry id and variables by name, whatever they hold', async () => {
    const { as, spaceBase } = await setup();
    const cr = (await as('editor').post(`${spaceBase}/change-requests`, { subject: 'Data' })).body;
    const db = t.get(DataSource);
    // Written directly: reusable contents and variables are made writable by another feature; the diff must not depend on how.
    await db.query(`UPDATE revisions SET reusable_contents = $2, variables = $3 WHERE id = $1`, [
      cr.revisionInitial,
      JSON.stringify([{ id: 'rc1', title: 'Footer', document: { x: 1 } }, { id: 'rc2', title: 'Gone' }]),
      JSON.stringify({ product: 'Docs', version: 1 }),
    ]);
    const content = `${spaceBase}/change-requests/${cr.id}/content`;
    await as('editor').post(`${content}/pages`, { title: 'Touch' });
    const head = (await as('reader').get(`${spaceBase}/change-requests/${cr.id}`)).body.revision;
    await db.query(`UPDATE revisions SET reusable_contents = $2, variables = $3 WHERE id = $1`, [
      head,
      JSON.stringify([{ id: 'rc1', title: 'Footer v2', document: { x: 2 } }, { id: 'rc3', title: 'New', document: 'text' }]),
      JSON.stringify({ product: 'Docs', version: 2, beta: true }),
    ]);
    const res = await as('reader').get(`${spaceBase}/change-requests/${cr.id}/changes`);
    expect(res.status).toBe(200);
    expect(res.body.changes.filter((c: any) => !c.type.startsWith('page_'))).toEqual([
      {
        type: 'reusable_content_edited',
        reusableContent: { id: 'rc1', title: 'Footer v2' },
        attributes: { title: { before: 'Footer', after: 'Footer v2' }, document: { before: '{"x":1}', after: '{"x":2}' } },
      },
      { type: 'reusable_content_created', reusableContent: { id: 'rc3', title: 'New', document: 'text' } },
      { type: 'reusable_content_deleted', reusableContent: { id: 'rc2', title: 'Gone' } },
      { type: 'variables_edited', variables: { version: { before: 1, after: 2 }, beta: { after: true } } },
    ]);
  });
});
