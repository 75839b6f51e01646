import { ContentModule } from '@docs/content';
import { createSpace, dataUrl, makeZip } from '@docs/content/testing';
import { IdentityModule } from '@docs/identity';
import { createOrganization } from '@docs/identity/testing';
import { createTestApp, TestApp } from '@docs/platform/testing';
import { CollaborationModule } from '../collaboration.module';

describe('change request content imports', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ imports: [ContentModule, IdentityModule, CollaborationModule] });
  });
  afterAll(() => t.close());

  it("imports into the change request's head only, one revision each, and a page import replaces that page", async () => {
    const { organization, members } = await createOrganization(t, { editor: 'edit', reader: 'read' });
    const space = await createSpace(t, members.admin.token, organization.id);
    const as = (name: 'admin' | 'editor' | 'reader') => t.http.as(members[name].token);
    const cr = (await as('editor').post(`/v1/spaces/${space.id}/change-requests`, { subject: 'Import' })).body;
    const base = `/v1/spaces/${space.id}/change-requests/${cr.id}/content`;

    const zip = await makeZip({ 'README.md': '# Home\n\nSee [next](next.md).\n', 'next.md': '# Next\n' });
    const res = await as('editor').post(`${base}/import`, { source: 'zip', url: dataUrl(zip) });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ revision: expect.any(String), importedResources: 2, totalResources: 2 });
    expect(res.headers.location).toContain(`/revisions/${res.body.revision}`);
    const pages = (await as('reader').get(`${base}/pages`)).body.pages;
    expect(pages.map((p: { title: string }) => p.title)).toEqual(['Home', 'Next']);
    expect((await as('reader').get(`/v1/spaces/${space.id}/content/pages`)).body.pages).toEqual([]);

    const replaced = await as('editor').post(`${base}/page/${pages[1].id}/import`, { source: 'markdown', url: dataUrl('# X\n\nNew body.\n') });
    expect(replaced.status).toBe(201);
    const page = await as('reader').get(`${base}/page/${pages[1].id}`, { query: { format: 'markdown' } });
    expect(page.body.markdown).toBe('New body.\n');

    // The archive itself as the body, streamed.
    const streamed = await as('editor').post(`${base}/import`, undefined, { raw: zip, headers: { 'Content-Type': 'application/zip' } });
    expect(streamed.status).toBe(201);
    expect((await as('reader').get(`${base}/pages`)).body.pages).toHaveLength(4);
    expect((await as('reader').get(`/v1/spaces/${space.id}/content/pages`)).body.pages).toEqual([]);

    expect((await as('reader').post(`${base}/import`, { source: 'zip', url: dataUrl(zip) })).status).toBe(403);
    expect((await as('editor').post(`/v1/spaces/${space.id}/change-requests/nope/content/import`, { source: 'zip', url: dataUrl(zip) })).status).toBe(404);
  });
});
