import { CollaborationModule } from '@docs/collaboration';
import type { TestApp } from '@docs/platform/testing';
import { createOrganization, createPage, createSite, createSiteTestApp, createSpace, SiteClient } from '../testing/site-test-app';

/**
 * Previews through the whole site server: a site space shown from the token of
 * `getSitePublishingPreviewById` (published or not), with a change request's head in place of its
 * space's content; links, files and the site's own routes stay under the token; tokens that are
 * not ours, expired, or name what no longer exists get the plain 404.
 */
describe('the published site: previews', () => {
  let t: TestApp & { site: SiteClient };
  beforeAll(async () => {
    t = await createSiteTestApp({ imports: [CollaborationModule] });
  });
  afterAll(() => t.close());

  const pathOf = (url: string) => new URL(url).pathname;

  async function setup() {
    const org = await createOrganization(t);
    const token = org.members.admin.token;
    const space = await createSpace(t, token, org.organization.id, { title: 'Handbook' });
    const intro = await createPage(t, token, space.id, { title: 'Introduction', markdown: 'The main text.' });
    await createPage(t, token, space.id, { title: 'Setup', markdown: 'Install it.' });
    const site = await createSite(t, token, org.organization.id, { title: 'Handbook site', spaces: [space.id] });
    const base = `/v1/orgs/${org.organization.id}/sites/${site.id}`;
    return { org, token, space, intro, site, base };
  }

  it('shows a site that is not published yet, under its token, never cached nor indexed, framed by the app only', async () => {
    const { token, base } = await setup();
    const preview = await t.http.as(token).get(`${base}/publishing/preview`);
    expect(preview.status).toBe(200);
    const root = pathOf(preview.body.url);
    const home = await t.site.page(root);
    expect(home.status).toBe(200);
    expect(home.document.querySelector('h1')?.textContent).toBe('Introduction');
    expect(home.document.querySelector('article')?.textContent).toContain('The main text.');
    expect(home.document.title).toContain('Handbook site');
    expect(home.headers['cache-control']).toBe('private, no-store');
    expect(home.headers['x-robots-tag']).toBe('noindex');
    expect(home.headers['referrer-policy']).toBe('no-referrer');
    expect(home.headers['content-security-policy']).toContain("frame-ancestors 'self' http://app.test");

    // Its links stay in the preview.
    const link = Array.from(home.document.querySelectorAll('a')).find((a) => a.textContent?.trim() === 'Setup');
    expect(link?.getAttribute('href')).toBe(`${root}/setup`);
    const second = await t.site.page(`${root}/setup`);
    expect(second.document.querySelector('article')?.textContent).toContain('Install it.');
    expect((await t.site.get(`${root}/setup.md`)).text).toContain('Install it.');
  });

  it('shows a change request’s pages as the site would, while the live site keeps the space’s; its latest edit on the next request', async () => {
    const { org, token, space, intro, base } = await setup();
    await t.http.as(token).post(`${base}/publish`);
    const changeRequest = await t.http.as(token).post(`/v1/spaces/${space.id}/change-requests`, { subject: 'Reword the introduction' });
    expect(changeRequest.status).toBe(201);
    const crBase = `/v1/spaces/${space.id}/change-requests/${changeRequest.body.number}`;
    expect((await t.http.as(token).patch(`${crBase}/content/page/${intro.id}`, { markdown: 'The changed text.' })).status).toBe(200);

    const preview = await t.http.as(token).get(`${base}/publishing/preview`, { query: { changeRequest: changeRequest.body.id } });
    expect(preview.status).toBe(200);
    const shown = await t.site.page(pathOf(preview.body.url));
    expect(shown.document.querySelector('article')?.textContent).toContain('The changed text.');
    expect(shown.text).not.toContain('The main text.');

    const site = await t.http.as(token).get(base);
    const live = await t.site.page(pathOf(site.body.urls.published));
    expect(live.document.querySelector('article')?.textContent).toContain('The main text.');

    await t.http.as(token).patch(`${crBase}/content/page/${intro.id}`, { markdown: 'Changed again.' });
    expect((await t.site.page(pathOf(preview.body.url))).document.querySelector('article')?.textContent).toContain('Changed again.');

    // Its search finds the change request's words, not the live space's; the live site's the other way round.
    const searched = async (root: string, words: string) => (JSON.parse((await t.site.get(`${root}/~site/search?q=${words}`)).text).pages as { title: string }[]).map((hit) => hit.title);
    expect(await searched(pathOf(preview.body.url), 'changed')).toEqual(['Introduction']);
    expect(await searched(pathOf(preview.body.url), 'main')).toEqual([]);
    expect(await searched(pathOf(site.body.urls.published).replace(/\/$/, ''), 'main')).toEqual(['Introduction']);
    expect(await searched(pathOf(site.body.urls.published).replace(/\/$/, ''), 'changed')).toEqual([]);

    // A change request of a space the site does not publish, or none at all.
    const other = await createSpace(t, token, org.organization.id, { title: 'Elsewhere' });
    const elsewhere = await t.http.as(token).post(`/v1/spaces/${other.id}/change-requests`, { subject: 'Other' });
    const refused = await t.http.as(token).get(`${base}/publishing/preview`, { query: { changeRequest: elsewhere.body.id } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toContain('changeRequest');
    const unknown = await t.http.as(token).get(`${base}/publishing/preview`, { query: { changeRequest: 'nope' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toContain('changeRequest');
  });

  it('answers the plain 404 to a token that is altered, expired, or whose site space is gone', async () => {
    const { org, token, base } = await setup();
    const notFound = await t.site.get('/sites/nobody/nothing');
    const url = pathOf((await t.http.as(token).get(`${base}/publishing/preview`)).body.url);
    expect((await t.site.get(url)).status).toBe(200);

    const altered = url.replace(/\.(\d+)\./, (_, expires: string) => `.${Number(expires) + 60}.`);
    for (const path of [altered, `${url}x`, '/~site/preview/', '/~site/preview/a.b.c.d.e']) {
      const res = await t.site.get(path);
      expect([path, res.status, res.text]).toEqual([path, 404, notFound.text]);
    }

    t.clock.advance(3601 * 1000);
    expect((await t.site.get(url)).status).toBe(404);
    t.clock.advance(-3601 * 1000);

    const siteSpaces = (await t.http.as(token).get(`${base}/site-spaces`)).body.items;
    const extra = await createSpace(t, token, org.organization.id, { title: 'Extra' });
    await t.http.as(token).post(`${base}/site-spaces`, { spaceId: extra.id });
    expect((await t.http.as(token).delete(`${base}/site-spaces/${siteSpaces[0].id}`)).status).toBe(205);
    expect((await t.site.get(url)).status).toBe(404);
  });
});
