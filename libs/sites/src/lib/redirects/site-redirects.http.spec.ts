import { ContentModule } from '@docs/content';
import { IdentityModule } from '@docs/identity';
import { createOrganization } from '@docs/identity/testing';
import { createTestApp, TestApp } from '@docs/platform/testing';
import { createSection, createSiteWithSpaces } from '../../testing/site-fixtures';
import { SitesModule } from '../sites.module';

describe('site redirects (createSiteRedirect, listSiteRedirects, updateSiteRedirectById, deleteSiteRedirectById, getSiteRedirectBySource)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ imports: [IdentityModule, ContentModule, SitesModule] });
  });
  afterAll(() => t.close());

  const setup = async () => {
    const org = await createOrganization(t, { editor: 'edit' });
    const token = org.members.admin.token;
    const { site, spaces } = await createSiteWithSpaces(t, token, org.organization.id, 1);
    const base = `/v1/orgs/${org.organization.id}/sites/${site.id}`;
    const siteSpace = (await t.http.as(token).get(`${base}/site-spaces`)).body.items[0];
    const page = await t.http.as(token).post(`/v1/spaces/${spaces[0].id}/content/pages`, { title: 'Getting started', markdown: 'Hello' });
    if (page.status !== 201) throw new Error(page.text);
    return { ...org, token, site, base, siteSpace, spaceId: spaces[0].id as string, pageId: page.body.id as string, pagePath: page.body.path as string };
  };

  it('creates, lists by source (searchable), updates and deletes', async () => {
    const { token, base, siteSpace, pageId, members } = await setup();
    const toPage = await t.http.as(token).post(`${base}/redirects`, { source: '/old/start', destination: { kind: 'site-page', siteSpaceId: siteSpace.id, pageId } });
    expect(toPage.status).toBe(201);
    expect(toPage.body).toEqual({ object: 'site-redirect', id: expect.any(String), source: '/old/start', destination: { kind: 'site-page', siteSpaceId: siteSpace.id, pageId } });
    const toSpace = await t.http.as(token).post(`${base}/redirects`, { source: '/v1', destination: { kind: 'site-space', siteSpaceId: siteSpace.id } });
    expect(toSpace.status).toBe(201);

    const list = await t.http.as(members.editor.token).get(`${base}/redirects`);
    expect(list.status).toBe(200);
    expect(list.body.items.map((r: { source: string }) => r.source)).toEqual(['/old/start', '/v1']);
    expect((await t.http.as(token).get(`${base}/redirects`, { query: { search: 'OLD' } })).body.items.map((r: { id: string }) => r.id)).toEqual([toPage.body.id]);
    const firstPage = await t.http.as(token).get(`${base}/redirects`, { query: { limit: 1 } });
    expect(firstPage.body.count).toBe(2);
    const secondPage = await t.http.as(token).get(`${base}/redirects`, { query: { limit: 1, page: firstPage.body.next.page } });
    expect(secondPage.body.items[0].source).toBe('/v1');

    const updated = await t.http.as(token).patch(`${base}/redirects/${toSpace.body.id}`, { source: '/v0' });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ source: '/v0', destination: { kind: 'site-space', siteSpaceId: siteSpace.id } });
    expect((await t.http.as(token).patch(`${base}/redirects/${toSpace.body.id}`, {})).status).toBe(400);
    expect((await t.http.as(token).patch(`${base}/redirects/${toSpace.body.id}`, { source: '/old/start' })).status).toBe(409);

    expect((await t.http.as(token).delete(`${base}/redirects/${toSpace.body.id}`)).status).toBe(205);
    expect((await t.http.as(token).delete(`${base}/redirects/${toSpace.body.id}`)).status).toBe(404);
    expect((await t.http.as(token).get(`${base}/redirects`)).body.count).toBe(1);
  });

  it('answers a source with its redirect and the published URL it leads to', async () => {
    const { token, base, site, siteSpace, pageId, pagePath, organization } = await setup();
    await t.http.as(token).post(`${base}/redirects`, { source: '/old/start', destination: { kind: 'site-page', siteSpaceId: siteSpace.id, pageId } });
    // Not published: it leads nowhere yet.
    expect((await t.http.as(token).get(`${base}/redirect`, { query: { source: '/old/start' } })).status).toBe(404);
    await t.http.as(token).post(`${base}/publish`);
    const found = await t.http.as(token).get(`${base}/redirect`, { query: { source: '/old/start' } });
    expect(found.status).toBe(200);
    expect(found.body.redirect).toMatchObject({ source: '/old/start' });
    expect(found.body.target).toBe(`http://docs.test/sites/${organization.id}/${site.id}/${pagePath}`);
    expect((await t.http.as(token).get(`${base}/redirect`, { query: { source: '/nothing' } })).status).toBe(404);
    expect((await t.http.as(token).get(`${base}/redirect`, { query: { source: 'no-slash' } })).status).toBe(400);
    expect((await t.http.as(token).get(`${base}/redirect`, { query: { source: '/old/start', shareKey: 'not-a-key' } })).status).toBe(400);
  });

  it('leads to a section', async () => {
    const { token, base, site, spaceId, organization } = await setup();
    await createSection(t, token, base, spaceId, { title: 'Guides' });
    const other = await createSection(t, token, base, spaceId, { title: 'API' });
    const created = await t.http.as(token).post(`${base}/redirects`, { source: '/reference', destination: { kind: 'site-section', siteSectionId: other.id } });
    expect(created.status).toBe(201);
    await t.http.as(token).post(`${base}/publish`);
    expect((await t.http.as(token).get(`${base}/redirect`, { query: { source: '/reference' } })).body.target).toBe(`http://docs.test/sites/${organization.id}/${site.id}/${other.path}`);
  });

  it.each([
    [{ source: 'old', destination: { kind: 'site-space', siteSpaceId: 'x' } }, 'source must be a path below the site'],
    [{ source: '/old/', destination: { kind: 'site-space', siteSpaceId: 'x' } }, 'source must be a path below the site'],
    [{ source: '/a b', destination: { kind: 'site-space', siteSpaceId: 'x' } }, 'source must be a path below the site'],
    [{ source: `/${'a'.repeat(512)}`, destination: { kind: 'site-space', siteSpaceId: 'x' } }, 'source must be shorter than or equal to 512 characters'],
    [{ source: '/old' }, 'destination'],
    [{ source: '/old', destination: { kind: 'url', url: 'https://example.com' } }, 'destination'],
    [{ source: '/old', destination: { kind: 'site-space', siteSpaceId: 'x', extra: 1 } }, 'destination'],
    [{ source: '/old', destination: { kind: 'site-space', siteSpaceId: 'nope' } }, 'destination.siteSpaceId: no site space of this site has the id nope'],
    [{ source: '/old', destination: { kind: 'site-section', siteSectionId: 'nope' } }, 'destination.siteSectionId: no section of this site has the id nope'],
    [{ source: '/old', destination: { kind: 'site-page', siteSpaceId: '$siteSpace', pageId: 'nope' } }, 'destination.pageId'],
    [{ source: '/old', destination: { kind: 'site-space', siteSpaceId: 'x' }, status: 301 }, 'property status should not exist'],
  ])('refuses %j with 400 and writes nothing', async (body, message) => {
    const { token, base, siteSpace } = await setup();
    const sent = JSON.parse(JSON.stringify(body).replace('$siteSpace', siteSpace.id));
    const res = await t.http.as(token).post(`${base}/redirects`, sent);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain(message);
    expect((await t.http.as(token).get(`${base}/redirects`)).body.count).toBe(0);
  });

  it('keeps one redirect per source (409) and each site its own', async () => {
    const { token, base, siteSpace, organization } = await setup();
    const body = { source: '/same', destination: { kind: 'site-space', siteSpaceId: siteSpace.id } };
    expect((await t.http.as(token).post(`${base}/redirects`, body)).status).toBe(201);
    const clash = await t.http.as(token).post(`${base}/redirects`, body);
    expect(clash.status).toBe(409);
    expect(clash.body.error.message).toContain('/same');
    const other = await createSiteWithSpaces(t, token, organization.id, 1);
    const otherBase = `/v1/orgs/${organization.id}/sites/${other.site.id}`;
    const otherSiteSpace = (await t.http.as(token).get(`${otherBase}/site-spaces`)).body.items[0].id;
    expect((await t.http.as(token).post(`${otherBase}/redirects`, { source: '/same', destination: { kind: 'site-space', siteSpaceId: otherSiteSpace } })).status).toBe(201);
    // Not another site's site space, nor its redirects.
    expect((await t.http.as(token).post(`${base}/redirects`, { source: '/x', destination: { kind: 'site-space', siteSpaceId: otherSiteSpace } })).status).toBe(400);
    const mine = (await t.http.as(token).get(`${base}/redirects`)).body.items[0].id;
    expect((await t.http.as(token).patch(`${otherBase}/redirects/${mine}`, { source: '/y' })).status).toBe(404);
  });
});
