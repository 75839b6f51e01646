import { ContentModule } from '@docs/content';
import { createSpace } from '@docs/content/testing';
import { IdentityModule } from '@docs/identity';
import { createOrganization } from '@docs/identity/testing';
import { createTestApp, TestApp } from '@docs/platform/testing';
import { CollaborationModule } from '../collaboration.module';

/** A 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

describe('change requests: links and backlinks of their content', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ imports: [ContentModule, IdentityModule, CollaborationModule] });
  });
  afterAll(() => t.close());

  it("reads the change request's own links, apart from the space's", async () => {
    const { organization, members } = await createOrganization(t, { editor: 'edit', reader: 'read', guest: null });
    const outsider = t.http.as((await createOrganization(t)).members.admin.token);
    const space = await createSpace(t, members.admin.token, organization.id);
    const as = (name: 'editor' | 'reader' | 'guest') => t.http.as(members[name].token);
    const spaceBase = `/v1/spaces/${space.id}`;
    const target = (await as('editor').post(`${spaceBase}/content/pages`, { title: 'Target', markdown: 'Here.' })).body;
    const file = (
      await as('editor').post(`${spaceBase}/content/files`, undefined, { query: { name: 'logo.png' }, raw: PNG, headers: { 'Content-Type': 'image/png' } })
    ).body;
    const cr = (await as('editor').post(`${spaceBase}/change-requests`, { subject: 'Links' })).body;
    const base = `${spaceBase}/change-requests/${cr.id}`;
    const source = await as('editor').post(`${base}/content/pages`, {
      title: 'Source',
      markdown: [`[to target](ref:page/${target.id})`, `![logo](ref:file/${file.id})`, '[broken](ref:page/nope)'].join('\n\n'),
    });
    expect(source.status).toBe(201);

    const links = await as('reader').get(`${base}/links`);
    expect(links.status).toBe(200);
    expect(links.body.count).toBe(3);
    expect(links.body.stats).toEqual({ total: 3, broken: { total: 1 } });
    expect((await as('reader').get(`${spaceBase}/links`)).body.count).toBe(0);

    const pageLinks = await as('reader').get(`${base}/content/page/${source.body.id}/links`);
    expect(pageLinks.status).toBe(200);
    expect(pageLinks.body.count).toBe(3);
    expect((await as('reader').get(`${spaceBase}/content/page/${source.body.id}/links`)).status).toBe(404);

    const pageBacklinks = await as('reader').get(`${base}/content/page/${target.id}/backlinks`);
    expect(pageBacklinks.status).toBe(200);
    expect(pageBacklinks.body.count).toBe(1);
    expect(pageBacklinks.body.items[0].page.id).toBe(source.body.id);
    expect((await as('reader').get(`${spaceBase}/content/page/${target.id}/backlinks`)).body.count).toBe(0);

    const fileBacklinks = await as('reader').get(`${base}/content/files/${file.id}/backlinks`);
    expect(fileBacklinks.status).toBe(200);
    expect(fileBacklinks.body.count).toBe(1);
    expect((await as('reader').get(`${spaceBase}/content/files/${file.id}/backlinks`)).body.count).toBe(0);

    // Bad input, unknown ids, callers who cannot see it.
    expect((await as('reader').get(`${base}/links`, { query: { limit: 5000 } })).status).toBe(400);
    expect((await as('reader').get(`${base}/content/page/nope/links`)).status).toBe(404);
    expect((await as('reader').get(`${base}/content/files/nope/backlinks`)).status).toBe(404);
    expect((await as('reader').get(`${spaceBase}/change-requests/nope/links`)).status).toBe(404);
    expect((await as('guest').get(`${base}/links`)).status).toBe(404);
    expect((await outsider.get(`${base}/content/page/${target.id}/backlinks`)).status).toBe(404);
    expect((await t.http.as(undefined).get(`${base}/links`)).status).toBe(401);
  });
});
