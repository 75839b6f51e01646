import { createCollection, createSpace } from '@docs/content/testing';
import { createOrganization, createUser } from '@docs/identity/testing';
import { createTestApp, TestApp } from '@docs/platform/testing';
import { createSite } from '@docs/sites/testing';
import { ApiModule } from '../api.module';

/**
 * getContentByUrl and getEmbedByUrl over app URLs (APP_URL is `http://app.test`: the app's
 * routes), published URLs (PUBLISHED_URL is `http://docs.test`) and foreign URLs.
 */
describe('URLs of the installation (getContentByUrl, getEmbedByUrl)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ imports: [ApiModule] });
  });
  afterAll(() => t.close());

  const setup = async () => {
    const org = await createOrganization(t, { reader: 'read' });
    const token = org.members.admin.token;
    const collection = await createCollection(t, token, org.organization.id, { title: 'Handbooks' });
    const space = await createSpace(t, token, org.organization.id, { title: 'Guides' });
    const create = async (body: Record<string, unknown>) => (await t.http.as(token).post(`/v1/spaces/${space.id}/content/pages`, body)).body;
    await create({ title: 'Welcome', markdown: 'Hello.' });
    const install = await create({ title: 'Install', markdown: 'Run it.\n\n## Requirements\n\nNode.' });
    const site = await createSite(t, token, org.organization.id, { title: 'Acme Docs', spaces: [space.id] });
    const siteApi = `/v1/orgs/${org.organization.id}/sites/${site.id}`;
    expect((await t.http.as(token).post(`${siteApi}/publish`)).status).toBe(200);
    const published = (await t.http.as(token).get(siteApi)).body.urls.published as string;
    return { ...org, token, collection, space, install, site, siteApi, published };
  };

  const content = (token: string | undefined, url: string) => t.http.as(token).get('/v1/urls/content', { query: { url } });
  const embed = (token: string | undefined, url: string) => t.http.as(token).get('/v1/urls/embed', { query: { url } });

  describe('getPublishedContentByUrl of a preview URL', () => {
    it("resolves a preview to the site space it shows and a change request's preview to the change request and its revision; an expired or foreign token is a 404", async () => {
      const { token, space, site, siteApi, published } = await setup();
      const siteSpace = (await t.http.as(token).get(`${siteApi}/site-spaces`)).body.items[0];
      const live = (await t.http.as(token).get(`${siteApi}/publishing/preview`)).body.url as string;
      const plain = await t.http.as(token).get('/v1/urls/published', { query: { url: `${live}/install` } });
      expect(plain.status).toBe(200);
      expect(plain.body).toMatchObject({ site: site.id, siteSpace: siteSpace.id, space: space.id, pathname: 'install', canonicalUrl: `${published}/install` });
      expect(plain.body.changeRequest).toBeUndefined();

      const changeRequest = (await t.http.as(token).post(`/v1/spaces/${space.id}/change-requests`, { subject: 'Add upgrading' })).body;
      const crPage = await t.http.as(token).post(`/v1/spaces/${space.id}/change-requests/${changeRequest.id}/content/pages`, { title: 'Upgrading', markdown: 'Newer.' });
      expect(crPage.status).toBe(201);
      const head = (await t.http.as(token).get(`/v1/spaces/${space.id}/change-requests/${changeRequest.id}`)).body;
      const preview = (await t.http.as(token).get(`${siteApi}/publishing/preview`, { query: { changeRequest: changeRequest.id } })).body.url as string;
      const shown = await t.http.as(token).get('/v1/urls/published', { query: { url: `${preview}/upgrading` } });
      expect(shown.status).toBe(200);
      expect(shown.body).toMatchObject({ siteSpace: siteSpace.id, pathname: 'upgrading', changeRequest: changeRequest.id, revision: head.revision });
      // The page exists only in the change request: the live site does not have it.
      expect((await t.http.as(token).get('/v1/urls/published', { query: { url: `${published}/upgrading` } })).status).toBe(404);

      const token0 = new URL(preview).pathname.split('/').find((segment, i, all) => all[i - 1] === 'preview')!;
      expect((await t.http.as(token).get('/v1/urls/published', { query: { url: preview.replace(token0, `${token0}x`) } })).status).toBe(404);
      t.clock.advance(2 * 3600 * 1000);
      expect((await t.http.as(token).get('/v1/urls/published', { query: { url: `${preview}/upgrading` } })).status).toBe(404);
    });
  });

  describe('getContentByUrl', () => {
    it("resolves the app's URLs of a collection, a space, a page, a revision's page and a change request", async () => {
      const { token, collection, space, install } = await setup();
      const res = await content(token, `http://app.test/c/${collection.id}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ collection: expect.objectContaining({ object: 'collection', id: collection.id, title: 'Handbooks' }) });

      const spaceRes = await content(token, space.urls.app);
      expect(spaceRes.body).toEqual({ space: expect.objectContaining({ object: 'space', id: space.id }) });
      expect((await content(token, `http://app.test/s/${space.id}/~/settings/general`)).body.space.id).toBe(space.id);

      const page = await content(token, `http://app.test/s/${space.id}/install#requirements`);
      expect(page.status).toBe(200);
      expect(page.body.space.id).toBe(space.id);
      expect(page.body.page).toMatchObject({ id: install.id, title: 'Install', path: 'install' });

      const revision = (await t.http.as(token).get(`/v1/spaces/${space.id}`)).body.revision;
      expect((await content(token, `http://app.test/s/${space.id}/~/revisions/${revision}/install`)).body.page.id).toBe(install.id);

      const changeRequest = (await t.http.as(token).post(`/v1/spaces/${space.id}/change-requests`, { subject: 'Edits' })).body;
      const inChangeRequest = await content(token, `http://app.test/s/${space.id}/~/changes/${changeRequest.number}/install`);
      expect(inChangeRequest.status).toBe(200);
      expect(inChangeRequest.body).toMatchObject({ space: { id: space.id }, changeRequest: { id: changeRequest.id, number: changeRequest.number }, page: { id: install.id } });
      const preview = await content(token, `http://app.test/s/${space.id}/~/changes/${changeRequest.number}/~/preview/install`);
      expect(preview.body.page.id).toBe(install.id);
    });

    it('resolves a published URL to its space and page, for a member who may read the space', async () => {
      const { token, space, install, published, members } = await setup();
      const res = await content(token, `${published}/install`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ space: { id: space.id }, page: { id: install.id } });
      expect((await content(members.reader.token, published)).body).toMatchObject({ space: { id: space.id }, page: { title: 'Welcome' } });
      // A member of another organization may open the site, not read its space.
      const outsider = await createOrganization(t);
      expect((await content(outsider.members.admin.token, `${published}/install`)).status).toBe(404);
    });

    it('keeps a private space to those it is shared with, by its app URL and by its published URL', async () => {
      const { token, space, members, published } = await setup();
      expect((await t.http.as(token).patch(`/v1/spaces/${space.id}`, { defaultLevel: null })).status).toBe(200);
      for (const url of [`http://app.test/s/${space.id}/install`, `${published}/install`]) {
        expect((await content(members.reader.token, url)).status).toBe(404);
        expect((await content(token, url)).status).toBe(200);
      }
      // The embed says nothing of it either, except through the site, which shows it to its readers.
      expect((await embed(members.reader.token, `http://app.test/s/${space.id}/install`)).body.title).toBe(`http://app.test/s/${space.id}/install`);
      expect((await embed(members.reader.token, `${published}/install`)).body.title).toBe('Install');
    });

    it("answers 404 for URLs that show no content the caller may read: another organization's, unknown ids and pages, the app's other screens, foreign URLs", async () => {
      const { token, space, collection, organization, site } = await setup();
      const outsider = await createUser(t);
      for (const url of [`http://app.test/s/${space.id}/install`, `http://app.test/c/${collection.id}`]) {
        expect((await content(outsider.token, url)).status).toBe(404);
      }
      for (const url of [
        `http://app.test/s/${space.id}/nope`,
        'http://app.test/s/unknownspace',
        `http://app.test/o/${organization.id}`,
        `http://app.test/o/${organization.id}/sites/${site.id}`,
        `http://app.test/s/${space.id}/~/changes/999/install`,
        'https://example.org/docs',
      ]) {
        const res = await content(token, url);
        expect([url, res.status, res.body.error?.message]).toEqual([url, 404, expect.stringMatching(/^No content the caller can read is at this URL/)]);
      }
    });

    it('refuses a missing or malformed url with 400 and needs a token', async () => {
      const { token } = await setup();
      for (const query of [{}, { url: '' }, { url: 'nope' }, { url: 'mailto:a@b.c' }, { url: `http://app.test/${'a'.repeat(2048)}` }]) {
        const res = await t.http.as(token).get('/v1/urls/content', { query });
        expect([query, res.status]).toEqual([query, 400]);
        expect(res.body.error.message).toMatch(/url/);
      }
      expect((await content(undefined, 'http://app.test/')).status).toBe(401);
    });
  });

  describe('getEmbedByUrl', () => {
    it("names a published page by its title and the site's, an app URL by its content's title and the app's host", async () => {
      const { token, published, space } = await setup();
      expect((await embed(token, `${published}/install`)).body).toEqual({ type: 'link', title: 'Install', site: 'Acme Docs' });
      expect((await embed(token, published)).body).toEqual({ type: 'link', title: 'Welcome', site: 'Acme Docs' });
      expect((await embed(token, `http://app.test/s/${space.id}/install`)).body).toEqual({ type: 'link', title: 'Install', site: 'app.test' });
      expect((await embed(token, space.urls.app)).body).toEqual({ type: 'link', title: 'Guides', site: 'app.test' });
    });

    it('answers foreign URLs, and ours that the caller may not see, with the minimal link: the URL and its host', async () => {
      const { space, siteApi, token, published } = await setup();
      const outsider = await createUser(t);
      expect((await embed(outsider.token, 'https://example.org/blog/post?x=1')).body).toEqual({ type: 'link', title: 'https://example.org/blog/post?x=1', site: 'example.org' });
      expect((await embed(outsider.token, `http://app.test/s/${space.id}/install`)).body).toEqual({ type: 'link', title: `http://app.test/s/${space.id}/install`, site: 'app.test' });
      await t.http.as(token).post(`${siteApi}/unpublish`);
      expect((await embed(outsider.token, `${published}/install`)).body).toEqual({ type: 'link', title: `${published}/install`, site: 'docs.test' });
    });

    it('refuses a malformed url with 400 and needs a token', async () => {
      const { token } = await setup();
      for (const query of [{}, { url: 'not a url' }, { url: 'javascript:alert(1)' }]) {
        expect((await t.http.as(token).get('/v1/urls/embed', { query })).status).toBe(400);
      }
      expect((await embed(undefined, 'https://example.org/')).status).toBe(401);
    });
  });
});
