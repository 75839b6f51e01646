import type { TestApp } from '@docs/platform/testing';
import { eventually } from '@docs/platform/testing';
import { PublishedRedirects, PublishedSiteDirectory } from '@docs/sites';
import { createOrganization, createPage, createSite, createSiteTestApp, createSpace, SiteClient } from '../testing/site-test-app';

/**
 * `SITE_FRESHNESS=notify` (the default): the site server keeps what it read of a site while it
 * hears PostgreSQL's notifications, so warm pages cost no statement; every change notifies, and
 * shows as soon as its notification has arrived.
 */
describe('the published site: notified freshness', () => {
  let t: TestApp & { site: SiteClient };
  beforeAll(async () => {
    t = await createSiteTestApp({ freshness: 'notify' });
  });
  afterAll(() => t.close());

  it('reads a site once while nothing changes, and again after every change', async () => {
    const org = await createOrganization(t);
    const token = org.members.admin.token;
    const space = await createSpace(t, token, org.organization.id, { title: 'Guide' });
    const page = await createPage(t, token, space.id, { title: 'Welcome', markdown: 'First text.' });
    const site = await createSite(t, token, org.organization.id, { spaces: [space.id] });
    const api = `/v1/orgs/${org.organization.id}/sites/${site.id}`;
    await t.http.as(token).post(`${api}/publish`);
    const base = `/sites/${org.organization.id}/${site.id}`;
    const directory = t.get(PublishedSiteDirectory);
    const statements = jest.spyOn((directory as any).sql, 'first');

    // Once the notification connection holds, pages read again cost no statement.
    await eventually(async () => expect((await t.site.get(base)).status).toBe(200));
    await eventually(async () => {
      statements.mockClear();
      await t.site.get(base);
      await t.site.get(base);
      expect(statements).toHaveBeenCalledTimes(0);
    });

    // A content write, a site change, an unpublish: each shows once notified.
    await t.http.as(token).patch(`/v1/spaces/${space.id}/content/page/${page.id}`, { markdown: 'Second text.' });
    await eventually(async () => expect((await t.site.get(base)).text).toContain('Second text.'));
    await t.http.as(token).patch(api, { title: 'Renamed site' });
    await eventually(async () => expect((await t.site.get(base)).text).toContain('Renamed site'));
    await t.http.as(token).post(`${api}/unpublish`);
    await eventually(async () => expect((await t.site.get(base)).status).toBe(404));
    statements.mockRestore();
  });

  it("keeps a site's redirects while nothing changes, and shows a new or changed one once notified", async () => {
    const org = await createOrganization(t);
    const token = org.members.admin.token;
    const space = await createSpace(t, token, org.organization.id, { title: 'Guide' });
    const welcome = await createPage(t, token, space.id, { title: 'Welcome', markdown: 'Hello.' });
    const install = await createPage(t, token, space.id, { title: 'Install', markdown: 'Run it.' });
    const site = await createSite(t, token, org.organization.id, { spaces: [space.id] });
    const api = `/v1/orgs/${org.organization.id}/sites/${site.id}`;
    await t.http.as(token).post(`${api}/publish`);
    const base = `/sites/${org.organization.id}/${site.id}`;
    const siteSpaceId = (await t.http.as(token).get(`${api}/site-spaces`)).body.items[0].id;
    const statements = jest.spyOn((t.get(PublishedRedirects) as any).sql, 'first');

    // Nothing at /old yet: a 404, then no statement for it while nothing changes.
    await eventually(async () => expect((await t.site.get(`${base}/old`)).status).toBe(404));
    await eventually(async () => {
      statements.mockClear();
      await t.site.get(`${base}/old`);
      expect(statements).toHaveBeenCalledTimes(0);
    });
    const redirect = await t.http.as(token).post(`${api}/redirects`, { source: '/old', destination: { kind: 'site-page', siteSpaceId, pageId: install.id } });
    await eventually(async () => expect((await t.site.get(`${base}/old`)).headers.location).toBe(`${base}/install`));
    await t.http.as(token).patch(`${api}/redirects/${redirect.body.id}`, { destination: { kind: 'site-page', siteSpaceId, pageId: welcome.id } });
    // The first page lives at the site's home.
    await eventually(async () => expect((await t.site.get(`${base}/old`)).headers.location).toBe(base));
    await t.http.as(token).delete(`${api}/redirects/${redirect.body.id}`);
    await eventually(async () => expect((await t.site.get(`${base}/old`)).status).toBe(404));
    statements.mockRestore();
  });
});
