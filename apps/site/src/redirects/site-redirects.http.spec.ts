import { CollaborationModule } from '@docs/collaboration';
import type { TestApp } from '@docs/platform/testing';
import { createOrganization, createPage, createSection, createSite, createSiteTestApp, createSpace, SiteClient } from '../testing/site-test-app';

/**
 * What the site server answers at a path no page holds: a site's redirect (to a section, a site
 * space or a page), else the page that was there before it was renamed or moved, with a 301 in
 * one hop; a page at that path wins over both.
 */
describe('the published site: redirects and moved pages', () => {
  let t: TestApp & { site: SiteClient };
  beforeAll(async () => {
    t = await createSiteTestApp({ imports: [CollaborationModule] });
  });
  afterAll(() => t.close());

  const setup = async () => {
    const org = await createOrganization(t);
    const token = org.members.admin.token;
    const guides = await createSpace(t, token, org.organization.id, { title: 'Guides' });
    const api = await createSpace(t, token, org.organization.id, { title: 'API' });
    await createPage(t, token, guides.id, { title: 'Welcome', markdown: 'Hello.' });
    const install = await createPage(t, token, guides.id, { title: 'Install', markdown: 'Run it.' });
    const linux = await createPage(t, token, guides.id, { title: 'Linux', parent: install.id, markdown: 'On Linux.' });
    const endpoints = await createPage(t, token, api.id, { title: 'Endpoints', markdown: 'All of them.' });
    const site = await createSite(t, token, org.organization.id, { title: 'Acme Docs' });
    const siteApi = `/v1/orgs/${org.organization.id}/sites/${site.id}`;
    await createSection(t, token, siteApi, guides.id, { title: 'Guides' });
    const apiSection = await createSection(t, token, siteApi, api.id, { title: 'API reference' });
    await t.http.as(token).post(`${siteApi}/publish`);
    const siteSpaces = (await t.http.as(token).get(`${siteApi}/site-spaces`)).body.items as { id: string; space: { id: string } }[];
    const siteSpaceOf = (spaceId: string) => siteSpaces.find((s) => s.space.id === spaceId)!.id;
    const base = `/sites/${org.organization.id}/${site.id}`;
    const as = t.http.as(token);
    return { token, as, guides, api, install, linux, endpoints, siteApi, apiSection, siteSpaceOf, base };
  };

  const location = (res: { headers: Record<string, string | string[]> }) => String(res.headers.location);

  it("answers a redirect's source with a 301 to its page, site space or section, the query kept", async () => {
    const { as, siteApi, base, guides, api, linux, apiSection, siteSpaceOf } = await setup();
    await as.post(`${siteApi}/redirects`, { source: '/old/linux', destination: { kind: 'site-page', siteSpaceId: siteSpaceOf(guides.id), pageId: linux.id } });
    await as.post(`${siteApi}/redirects`, { source: '/v1', destination: { kind: 'site-space', siteSpaceId: siteSpaceOf(api.id) } });
    await as.post(`${siteApi}/redirects`, { source: '/reference', destination: { kind: 'site-section', siteSectionId: apiSection.id } });

    const toPage = await t.site.get(`${base}/old/linux?utm=x`);
    expect(toPage.status).toBe(301);
    expect(location(toPage)).toBe(`${base}/install/linux?utm=x`);
    expect((await t.site.get(location(toPage))).status).toBe(200);
    expect(location(await t.site.get(`${base}/v1`))).toBe(`${base}/api-reference`);
    expect(location(await t.site.get(`${base}/reference`))).toBe(`${base}/api-reference`);
    expect((await t.site.get(`${base}/nothing-here`)).status).toBe(404);
  });

  it('lets a page at the source win over its redirect, and drops a redirect whose destination is gone', async () => {
    const { as, token, siteApi, base, guides, linux, siteSpaceOf } = await setup();
    await as.post(`${siteApi}/redirects`, { source: '/install', destination: { kind: 'site-page', siteSpaceId: siteSpaceOf(guides.id), pageId: linux.id } });
    expect((await t.site.get(`${base}/install`)).status).toBe(200);
    await as.post(`${siteApi}/redirects`, { source: '/gone', destination: { kind: 'site-page', siteSpaceId: siteSpaceOf(guides.id), pageId: linux.id } });
    expect((await t.http.as(token).delete(`/v1/spaces/${guides.id}/content/page/${linux.id}`)).status).toBeLessThan(300);
    expect((await t.site.get(`${base}/gone`)).status).toBe(404);
  });

  it('redirects the old URL of a renamed page, and of every page under it, with no redirect written', async () => {
    const { as, siteApi, base, guides, install } = await setup();
    expect((await as.patch(`/v1/spaces/${guides.id}/content/page/${install.id}`, { slug: 'setup' })).status).toBe(200);
    const renamed = await t.site.get(`${base}/install`);
    expect(renamed.status).toBe(301);
    expect(location(renamed)).toBe(`${base}/setup`);
    expect(location(await t.site.get(`${base}/install/linux`))).toBe(`${base}/setup/linux`);
    expect(location(await t.site.get(`${base}/install/linux.md`))).toBe(`${base}/setup/linux.md`);
    expect((await t.site.get(`${base}/setup/linux`)).status).toBe(200);
    expect((await as.get(`${siteApi}/redirects`)).body.count).toBe(0);
  });

  it('redirects a moved page, a chain of moves in one hop, and lets a new page take an old URL', async () => {
    const { as, token, base, guides, linux } = await setup();
    expect((await as.post(`/v1/spaces/${guides.id}/content/page/${linux.id}/move`, { parent: null })).status).toBe(200);
    expect(location(await t.site.get(`${base}/install/linux`))).toBe(`${base}/linux`);
    expect((await as.patch(`/v1/spaces/${guides.id}/content/page/${linux.id}`, { slug: 'gnu-linux' })).status).toBe(200);
    // Both former URLs go straight to where the page is now.
    expect(location(await t.site.get(`${base}/install/linux`))).toBe(`${base}/gnu-linux`);
    expect(location(await t.site.get(`${base}/linux`))).toBe(`${base}/gnu-linux`);

    // A page created at a former URL is served there; deleted again, the URL is a 404 (the former path went when it was taken).
    const fresh = await createPage(t, token, guides.id, { title: 'Linux', slug: 'linux', markdown: 'A new page.' });
    const served = await t.site.page(`${base}/linux`);
    expect(served.status).toBe(200);
    expect(served.document.querySelector('h1')!.textContent).toBe('Linux');
    expect(served.text).toContain('A new page.');
    await as.delete(`/v1/spaces/${guides.id}/content/page/${fresh.id}`);
    expect((await t.site.get(`${base}/linux`)).status).toBe(404);
    // The moved page's other former URL still leads to it.
    expect(location(await t.site.get(`${base}/install/linux`))).toBe(`${base}/gnu-linux`);
  });

  it('redirects the URLs a merged change request moved', async () => {
    const { as, base, guides, install } = await setup();
    const changeRequest = await as.post(`/v1/spaces/${guides.id}/change-requests`, { subject: 'Rename install' });
    expect(changeRequest.status).toBe(201);
    const cr = `/v1/spaces/${guides.id}/change-requests/${changeRequest.body.number}`;
    expect((await as.patch(`${cr}/content/page/${install.id}`, { slug: 'installation' })).status).toBe(200);
    // Nothing moved in the space yet.
    expect((await t.site.get(`${base}/install`)).status).toBe(200);
    expect((await t.site.get(`${base}/installation`)).status).toBe(404);
    expect((await as.post(`${cr}/merge`)).body.result).toBe('merge');
    expect(location(await t.site.get(`${base}/install`))).toBe(`${base}/installation`);
    expect(location(await t.site.get(`${base}/install/linux`))).toBe(`${base}/installation/linux`);
  });
});
