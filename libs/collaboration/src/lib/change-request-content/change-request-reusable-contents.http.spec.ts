import { ContentModule } from '@docs/content';
import { createSpace } from '@docs/content/testing';
import { IdentityModule } from '@docs/identity';
import { createOrganization } from '@docs/identity/testing';
import { createTestApp, TestApp } from '@docs/platform/testing';
import { CollaborationModule } from '../collaboration.module';

describe('change requests: reusable contents and variables', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ imports: [ContentModule, IdentityModule, CollaborationModule] });
  });
  afterAll(() => t.close());

  async function setup() {
    const { organization, members } = await createOrganization(t, { editor: 'edit', reader: 'read' });
    const space = await createSpace(t, members.admin.token, organization.id);
    const as = (name: 'admin' | 'editor' | 'reader') => t.http.as(members[name].token);
    const spaceContent = `/v1/spaces/${space.id}/content`;
    const crs = `/v1/spaces/${space.id}/change-requests`;
    const open = async () => {
      const cr = (await as('editor').post(crs, { subject: 'Edits' })).body;
      await as('editor').patch(`${crs}/${cr.id}`, { status: 'open' });
      return { cr, base: `${crs}/${cr.id}`, content: `${crs}/${cr.id}/content` };
    };
    return { organization, space, as, spaceContent, crs, open };
  }

  it("writes and reads them in the change request's head only, then the merge brings them to the space", async () => {
    const { as, spaceContent, open } = await setup();
    const shared = (await as('editor').post(`${spaceContent}/reusable-contents`, { title: 'Shared', markdown: 'v1' })).body;
    await as('editor').put(`${spaceContent}/variables`, { variables: { product: 'Docs', version: 1 } });
    const { base, content } = await open();

    const created = await as('editor').post(`${content}/reusable-contents`, { title: 'New note', markdown: 'Only here.' });
    expect(created.status).toBe(201);
    const read = await as('reader').get(`${content}/reusable-contents/${created.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created.body);
    expect(read.headers.etag).toBe(created.headers.etag);
    expect((await as('reader').get(`${spaceContent}/reusable-contents/${created.body.id}`)).status).toBe(404);

    const edited = await as('editor').patch(`${content}/reusable-contents/${shared.id}`, { title: 'Shared (edited)' }, { headers: { 'If-Match': created.headers.etag } });
    expect(edited.status).toBe(200);
    expect((await as('editor').patch(`${content}/reusable-contents/${shared.id}`, { title: 'x' }, { headers: { 'If-Match': created.headers.etag } })).status).toBe(412);
    const vars = await as('editor').patch(`${content}/variables`, { variables: { version: 2 } });
    expect(vars.status).toBe(200);
    expect(vars.body).toEqual({ product: 'Docs', version: 2 });
    expect((await as('reader').get(spaceContent)).body.variables).toEqual({ product: 'Docs', version: 1 });

    // The space moves on meanwhile, on other entries: no conflict.
    await as('editor').patch(`${spaceContent}/variables`, { variables: { region: 'eu' } });

    const merged = await as('admin').post(`${base}/merge`);
    expect(merged.status).toBe(200);
    expect(merged.body).toMatchObject({ result: 'merge', conflicts: [] });
    const after = (await as('reader').get(spaceContent)).body;
    expect(after.variables).toEqual({ product: 'Docs', version: 2, region: 'eu' });
    expect(after.reusableContents).toEqual([{ ...shared, title: 'Shared (edited)' }, created.body]);

    // Merged: its content is frozen.
    expect((await as('editor').post(`${content}/reusable-contents`, { title: 'Late' })).status).toBe(409);
    expect((await as('editor').put(`${content}/variables`, { variables: {} })).status).toBe(409);
  });

  it('reports entries changed differently on both sides as conflicts; an update keeps the change request value', async () => {
    const { as, spaceContent, open } = await setup();
    const shared = (await as('editor').post(`${spaceContent}/reusable-contents`, { title: 'Shared', markdown: 'v1' })).body;
    await as('editor').put(`${spaceContent}/variables`, { variables: { version: 1 } });
    const { base, content } = await open();
    await as('editor').patch(`${content}/reusable-contents/${shared.id}`, { markdown: 'change request text' });
    await as('editor').patch(`${content}/variables`, { variables: { version: 2 } });
    await as('editor').patch(`${spaceContent}/reusable-contents/${shared.id}`, { markdown: 'space text' });
    await as('editor').patch(`${spaceContent}/variables`, { variables: { version: 3 } });
    const spaceRevision = (await as('reader').get(spaceContent)).headers.etag;

    const merge = await as('admin').post(`${base}/merge`);
    expect(merge.status).toBe(200);
    expect(merge.body.result).toBe('conflicts');
    expect(merge.body.conflicts).toEqual([
      { reusableContentId: shared.id, title: 'Shared', reason: 'reusable-content' },
      { variable: 'version', title: 'version', reason: 'variable' },
    ]);
    expect((await as('reader').get(spaceContent)).headers.etag).toBe(spaceRevision);

    const update = await as('editor').post(`${base}/update`);
    expect(update.status).toBe(200);
    expect(update.body.result).toBe('conflicts');
    expect(update.body.conflicts).toHaveLength(2);
    const cr = (await as('reader').get(content)).body;
    expect(cr.variables).toEqual({ version: 2 });
    const document = await as('reader').get(`${base.replace(/change-requests\/.*/, '')}revisions/${cr.id}/reusable-contents/${shared.id}/document`);
    expect(document.body.nodes[0].nodes[0].leaves[0].text).toBe('change request text');
    // Nothing blocks: the merge now brings the change request's values.
    const again = await as('admin').post(`${base}/merge`);
    expect(again.body).toMatchObject({ result: 'merge', conflicts: [] });
    expect((await as('reader').get(spaceContent)).body.variables).toEqual({ version: 2 });
  });

  it('needs edit to write (403), hides other organizations (404), writes on a locked space (its changes come through change requests)', async () => {
    const { as, space, open } = await setup();
    const { content } = await open();
    const rc = (await as('editor').post(`${content}/reusable-contents`, { title: 'Note' })).body;
    expect((await as('reader').post(`${content}/reusable-contents`, { title: 'X' })).status).toBe(403);
    expect((await as('reader').patch(`${content}/reusable-contents/${rc.id}`, { title: 'X' })).status).toBe(403);
    expect((await as('reader').delete(`${content}/reusable-contents/${rc.id}`)).status).toBe(403);
    expect((await as('reader').put(`${content}/variables`, { variables: {} })).status).toBe(403);
    expect((await as('editor').post(`${content}/reusable-contents`, { title: '' })).status).toBe(400);
    expect((await as('editor').put(`${content}/variables`, { variables: { 'no-dash': 1 } })).status).toBe(400);
    expect((await as('reader').get(`${content}/reusable-contents/nope`)).status).toBe(404);
    const stranger = await createOrganization(t, {});
    expect((await t.http.as(stranger.members.admin.token).get(`${content}/reusable-contents/${rc.id}`)).status).toBe(404);
    expect((await t.http.as(undefined).get(`${content}/reusable-contents/${rc.id}`)).status).toBe(401);

    await as('admin').patch(`/v1/spaces/${space.id}`, { editMode: 'locked' });
    expect((await as('admin').patch(`${content}/reusable-contents/${rc.id}`, { title: 'Locked' })).status).toBe(200);
    expect((await as('admin').patch(`${content}/variables`, { variables: { a: 1 } })).status).toBe(200);
    expect((await as('reader').get(`${content}/reusable-contents/${rc.id}`)).body.title).toBe('Locked');
    expect((await as('admin').delete(`${content}/reusable-contents/${rc.id}`)).status).toBe(205);
  });

  it('merges page variables as a page field: one side changed wins, different changes are a fields conflict', async () => {
    const { as, spaceContent, open } = await setup();
    const page = (await as('editor').post(`${spaceContent}/pages`, { title: 'Setup', variables: { port: 1 } })).body;
    const { base, content } = await open();
    await as('editor').patch(`${content}/page/${page.id}`, { variables: { port: 2 } });
    const merged = await as('admin').post(`${base}/merge`);
    expect(merged.body).toMatchObject({ result: 'merge', conflicts: [] });
    expect((await as('reader').get(`${spaceContent}/page/${page.id}`)).body.variables).toEqual({ port: 2 });

    const second = await open();
    await as('editor').patch(`${second.content}/page/${page.id}`, { variables: { port: 3 } });
    await as('editor').patch(`${spaceContent}/page/${page.id}`, { variables: { port: 4 } });
    const clash = await as('admin').post(`${second.base}/merge`);
    expect(clash.body.result).toBe('conflicts');
    expect(clash.body.conflicts).toEqual([{ pageId: page.id, title: 'Setup', reason: 'fields', fields: ['variables'] }]);
  });
});
