import { ContentModule } from '@docs/content';
import { createSpace } from '@docs/content/testing';
import { IdentityModule } from '@docs/identity';
import { createOrganization } from '@docs/identity/testing';
import { createTestApp, TestApp } from '@docs/platform/testing';
import { CollaborationModule } from '../collaboration.module';

/**
 * `POST .../change-requests/{id}/keep-version` (extension, docs/api-decisions.md "The way out of
 * conflicts"): keeping the change request's version of a page an update left in conflict.
 */
describe('keeping the change request version of a page in conflict', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ imports: [ContentModule, IdentityModule, CollaborationModule] });
  });
  afterAll(() => t.close());

  /** A change request and the space that renamed and moved the same pages differently: after the update, both are in conflict. */
  async function conflicted() {
    const { organization, members } = await createOrganization(t, { editor: 'edit', reviewer: 'review', reader: 'read' });
    const space = await createSpace(t, members.admin.token, organization.id);
    const as = (name: 'admin' | 'editor' | 'reviewer' | 'reader') => t.http.as(members[name].token);
    const spaceContent = `/v1/spaces/${space.id}/content`;
    const create = async (title: string, parent?: string) => (await as('editor').post(`${spaceContent}/pages`, { title, markdown: `${title}.`, ...(parent ? { parent } : {}) })).body.id as string;
    const guides = await create('Guides');
    const reference = await create('Reference');
    const install = await create('Install');
    const faq = await create('FAQ');
    const crs = `/v1/spaces/${space.id}/change-requests`;
    const cr = (await as('editor').post(crs, { subject: 'Rework' })).body;
    const base = `${crs}/${cr.id}`;
    const content = `${base}/content`;
    await as('editor').patch(`${content}/page/${install}`, { title: 'Install it' });
    await as('editor').post(`${content}/page/${faq}/move`, { parent: guides });
    await as('admin').patch(`${spaceContent}/page/${install}`, { title: 'Installing' });
    await as('admin').post(`${spaceContent}/page/${faq}/move`, { parent: reference });
    const updated = await as('editor').post(`${base}/update`);
    expect(updated.body.result).toBe('conflicts');
    expect([...(await as('reader').get(base)).body.conflicts].sort()).toEqual([install, faq].sort());
    return { as, base, content, spaceContent, ids: { guides, reference, install, faq } };
  }

  it('takes the page off the conflicts without a revision; the merge then brings the change request version of its title and place', async () => {
    const { as, base, content, spaceContent, ids } = await conflicted();
    const before = (await as('reader').get(base)).body;

    const kept = await as('editor').post(`${base}/keep-version`, { page: ids.install });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ id: before.id, conflicts: [ids.faq], revision: before.revision });
    expect((await as('reader').get(`${content}/page/${ids.install}`)).body.title).toBe('Install it');

    // Merging waits for the other page; keeping it too, then the merge takes both as the change request has them.
    expect((await as('reviewer').post(`${base}/merge`)).status).toBe(409);
    expect((await as('editor').post(`${base}/keep-version`, { page: ids.faq })).body.conflicts).toEqual([]);
    expect((await as('reviewer').post(`${base}/merge`)).body.result).toBe('merge');
    expect((await as('reader').get(`${spaceContent}/page/${ids.install}`)).body.title).toBe('Install it');
    expect((await as('reader').get(`${spaceContent}/page/${ids.faq}`)).body.path).toBe('guides/faq');
  });

  it('refuses a malformed body with 400, no session with 401, a reader with 403, what is not in conflict with 404, a closed change request with 409; none of them changes anything', async () => {
    const { as, base, ids } = await conflicted();
    const conflicts = async () => [...(await as('reader').get(base)).body.conflicts].sort();
    const both = [ids.install, ids.faq].sort();

    for (const body of [{}, { page: '' }, { page: 42 }, { page: 'x'.repeat(101) }]) {
      const refused = await as('editor').post(`${base}/keep-version`, body);
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatchObject({ code: 400 });
    }
    expect((await t.http.as(undefined).post(`${base}/keep-version`, { page: ids.install })).status).toBe(401);
    const reader = await as('reader').post(`${base}/keep-version`, { page: ids.install });
    expect(reader.status).toBe(403);
    expect(reader.body.error.message).toMatch(/edit level/);
    const notInConflict = await as('editor').post(`${base}/keep-version`, { page: ids.guides });
    expect(notInConflict.status).toBe(404);
    expect(notInConflict.body.error.message).toBe(`Change request ${base.split('/').pop()} has no conflict on page ${ids.guides}.`);
    expect((await as('editor').post(`${base.replace(/[^/]+$/, '999')}/keep-version`, { page: ids.install })).status).toBe(404);
    expect(await conflicts()).toEqual(both);

    // Archived: nothing to resolve until it is reopened.
    await as('editor').patch(base, { status: 'archived' });
    const archived = await as('editor').post(`${base}/keep-version`, { page: ids.install });
    expect(archived.status).toBe(409);
    expect(await conflicts()).toEqual(both);
    await as('editor').patch(base, { status: 'open' });
    expect((await as('editor').post(`${base}/keep-version`, { page: ids.install })).body.conflicts).toEqual([ids.faq]);
    // Kept once, the page has no conflict left to keep.
    expect((await as('editor').post(`${base}/keep-version`, { page: ids.install })).status).toBe(404);
  });
});
