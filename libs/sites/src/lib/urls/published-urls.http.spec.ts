import { ContentModule } from '@docs/content';
import { IdentityModule } from '@docs/identity';
import { createOrganization, createUser } from '@docs/identity/testing';
import { createTestApp, TestApp } from '@docs/platform/testing';
import { SignJWT } from 'jose';
import { createSection, createSiteWithSpaces } from '../../testing/site-fixtures';
import { SitePreviewGrants } from '../previews/site-preview-grants';
import { SitesModule } from '../sites.module';

/**
 * getPublishedContentByUrl and resolvePublishedContentByUrl: URLs of published sites (paths under
 * PUBLISHED_URL, custom hostnames, proxies, share links, visitor-auth sites) resolved to what the
 * site server shows there. PUBLISHED_URL is `http://docs.test` in tests.
 */
describe('published URLs (getPublishedContentByUrl, resolvePublishedContentByUrl)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ imports: [IdentityModule, ContentModule, SitesModule] });
  });
  afterAll(() => t.close());

  const page = async (token: string, spaceId: string, body: Record<string, unknown>) => {
    const res = await t.http.as(token).post(`/v1/spaces/${spaceId}/content/pages`, body);
    if (res.status !== 201) throw new Error(`createPage -> ${res.status}: ${res.text}`);
    return res.body;
  };

  /** A site with two spaces at its root (the second at `/space-2`), pages in both, published with `visibility`. */
  const setup = async (visibility = 'public') => {
    const org = await createOrganization(t);
    const token = org.members.admin.token;
    const { site, spaces } = await createSiteWithSpaces(t, token, org.organization.id, 2, { visibility });
    await page(token, spaces[0].id, { title: 'Welcome', markdown: 'Hello.' });
    const install = await page(token, spaces[0].id, { title: 'Install', markdown: 'Run it.\n\n## Requirements\n\nNode.' });
    await page(token, spaces[0].id, { title: 'Linux', parent: install.id, markdown: 'On Linux.' });
    const group = await page(token, spaces[0].id, { type: 'group', title: 'Reference' });
    await page(token, spaces[0].id, { title: 'Endpoints', parent: group.id, markdown: 'All of them.' });
    await page(token, spaces[1].id, { title: 'Old welcome', markdown: 'Version 1.' });
    const base = `/v1/orgs/${org.organization.id}/sites/${site.id}`;
    expect((await t.http.as(token).post(`${base}/publish`)).status).toBe(200);
    const root = `http://docs.test/sites/${org.organization.id}/${site.basename ?? site.id}`;
    return { ...org, token, site, spaces, base, root, api: t.http.as(token) };
  };

  const resolve = (token: string, url: string, query: Record<string, string | boolean> = {}) => t.http.as(token).get('/v1/urls/published', { query: { url, ...query } });

  it('resolves a page path of a site under PUBLISHED_URL to its organization, site, site space, space and page path', async () => {
    const { token, site, spaces, root, organization } = await setup();
    const siteSpaces = (await t.http.as(token).get(`/v1/orgs/${organization.id}/sites/${site.id}/site-spaces`)).body.items;
    const res = await resolve(token, `${root}/install/linux`);
    expect(res.status).toBe(200);
    const siteBasePath = new URL(root).pathname + '/';
    expect(res.body).toEqual({
      organization: organization.id,
      site: site.id,
      siteSpace: siteSpaces[0].id,
      space: spaces[0].id,
      pathname: 'install/linux',
      basePath: siteBasePath,
      siteBasePath,
      apiToken: expect.any(String),
      complete: true,
      canonicalUrl: `${root}/install/linux`,
    });
    // The token is a preview grant of that site space, for an hour.
    const grant = t.get(SitePreviewGrants).verify(res.body.apiToken, Math.floor(t.clock.now().getTime() / 1000));
    expect(grant).toMatchObject({ site: site.id, siteSpace: siteSpaces[0].id });

    const home = await resolve(token, root);
    expect(home.body).toMatchObject({ siteSpace: siteSpaces[0].id, pathname: '', basePath: siteBasePath, complete: false, canonicalUrl: root });
    const second = await resolve(token, `${root}/space-2`);
    expect(second.body).toMatchObject({ siteSpace: siteSpaces[1].id, space: spaces[1].id, pathname: '', basePath: `${siteBasePath}space-2/`, siteBasePath, complete: true, canonicalUrl: `${root}/space-2` });
    expect((await resolve(token, `${root}/space-2/old-welcome`)).body).toMatchObject({ space: spaces[1].id, pathname: 'old-welcome' });
  });

  it("answers a moved page's old URL and a redirect's source with where the site server's 301 sends them", async () => {
    const { token, root, spaces, base, organization, site } = await setup();
    const upgrade = await page(token, spaces[0].id, { title: 'Upgrade', markdown: 'Newer.' });
    expect((await t.http.as(token).patch(`/v1/spaces/${spaces[0].id}/content/page/${upgrade.id}`, { slug: 'upgrading' })).status).toBe(200);
    const moved = await resolve(token, `${root}/upgrade`);
    expect(moved.status).toBe(200);
    expect(moved.body).toEqual({ target: 'content', redirect: `${root}/upgrading` });
    expect((await resolve(token, `${root}/upgrade.md`)).body).toEqual({ target: 'content', redirect: `${root}/upgrading.md` });
    expect((await resolve(token, `${root}/upgrading`)).body).toMatchObject({ pathname: 'upgrading' });

    const siteSpaces = (await t.http.as(token).get(`/v1/orgs/${organization.id}/sites/${site.id}/site-spaces`)).body.items;
    const created = await t.http.as(token).post(`${base}/redirects`, { source: '/old/guide', destination: { kind: 'site-page', siteSpaceId: siteSpaces[0].id, pageId: upgrade.id } });
    expect(created.status).toBe(201);
    expect((await resolve(token, `${root}/old/guide`)).body).toEqual({ target: 'content', redirect: `${root}/upgrading` });
    expect((await resolve(token, `${root}/never-was`)).status).toBe(404);
  });

  it('resolves sections and their site spaces; a section hidden by a condition is a 404 unless the claims show it', async () => {
    const { token, base, root, spaces, organization, site } = await setup();
    const extra = (await t.http.as(token).post(`/v1/orgs/${organization.id}/spaces`, { title: 'Beta' })).body;
    await page(token, extra.id, { title: 'Preview', markdown: 'Beta features.' });
    await t.http.as(token).put(`${base}/adaptive-schema`, {
      jsonSchema: { type: 'object', properties: { beta: { type: 'boolean', description: 'Beta tester' } }, additionalProperties: false },
    });
    // The first section takes the root's site spaces in (their default kept) and becomes the default.
    const more = (await t.http.as(token).post(`/v1/orgs/${organization.id}/spaces`, { title: 'More' })).body;
    const guides = await createSection(t, token, base, more.id, { title: 'Guides' });
    const beta = await createSection(t, token, base, extra.id, { title: 'Beta' });
    await t.http.as(token).patch(`${base}/sections/${beta.id}`, { condition: 'visitor.claims.beta == true' });
    const sections = (await t.http.as(token).get(`${base}/sections`)).body.items;
    const res = await resolve(token, `${root}/install`);
    expect(res.body).toMatchObject({ siteSection: sections[0].id, space: spaces[0].id, pathname: 'install' });
    expect(guides.id).toBe(sections.find((s: { title: string }) => s.title === 'Guides').id);

    expect((await resolve(token, `${root}/${beta.path}/preview`)).status).toBe(404);
    const key = (await t.http.as(token).get(`${base}/publishing/auth`)).body.privateKey;
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const tester = await new SignJWT({ beta: true }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt(now).setExpirationTime(now + 600).sign(new TextEncoder().encode(key));
    const shown = await resolve(token, `${root}/${beta.path}/preview`, { visitorAuthToken: tester });
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ site: site.id, siteSection: beta.id, space: extra.id, pathname: 'preview', basePath: `${new URL(root).pathname}/${beta.path}/`, complete: true });
  });

  it('reads a page URL as the site server does: a trailing slash, a query, an anchor, the markdown URL, percent-encoding', async () => {
    const { token, root } = await setup();
    for (const url of [`${root}/install/`, `${root}/install?tab=1`, `${root}/install#requirements`, `${root}/install.md`, `${root}/%69nstall`]) {
      const res = await resolve(token, url);
      expect([url, res.status, res.body.pathname]).toEqual([url, 200, 'install']);
    }
  });

  it("answers a group page's URL with a redirect to its first page", async () => {
    const { token, root } = await setup();
    const res = await resolve(token, `${root}/reference`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ target: 'content', redirect: `${root}/reference/endpoints` });
  });

  it("resolves a site's custom hostname and canonical URLs on it", async () => {
    const { token, base, site } = await setup();
    await t.http.as(token).patch(base, { hostname: 'docs.resolved.example' });
    const res = await resolve(token, 'https://docs.resolved.example/install');
    expect(res.body).toMatchObject({ site: site.id, pathname: 'install', basePath: '/', siteBasePath: '/', canonicalUrl: 'https://docs.resolved.example/install' });
    expect((await resolve(token, 'https://docs.resolved.example/')).body).toMatchObject({ pathname: '', canonicalUrl: 'https://docs.resolved.example' });
  });

  it('resolves a URL through the site\'s proxy, with the proxy as canonical origin', async () => {
    const { token, base, site } = await setup();
    await t.http.as(token).patch(base, { proxy: 'proxied.example.com/help' });
    const res = await resolve(token, 'https://proxied.example.com/help/space-2');
    expect(res.body).toMatchObject({ site: site.id, basePath: '/help/space-2/', siteBasePath: '/help/', canonicalUrl: 'https://proxied.example.com/help/space-2' });
  });

  it('answers 404 for what the site server answers its 404: unknown sites and pages, unpublished sites', async () => {
    const { token, root, base, organization } = await setup();
    for (const url of [`${root}/nope`, `${root}/install/nope`, `http://docs.test/sites/${organization.id}/nosuchsite`, 'https://unknown.example.org/docs', 'http://docs.test/', `${root}/space-2/install`]) {
      const res = await resolve(token, url);
      expect([url, res.status, res.body.error?.message]).toEqual([url, 404, 'No published content is at this URL for this visitor.']);
    }
    await t.http.as(token).post(`${base}/unpublish`);
    expect((await resolve(token, `${root}/install`)).status).toBe(404);
  });

  it('opens a share-link site with the key in the URL only', async () => {
    const { token, base, root } = await setup('share-link');
    const link = (await t.http.as(token).post(`${base}/share-links`, { name: 'Partner' })).body;
    const key = new URL(link.urls.published).searchParams.get('share')!;
    expect((await resolve(token, `${root}/install`)).status).toBe(404);
    expect((await resolve(token, `${root}/install?share=wrong`)).status).toBe(404);
    const res = await resolve(token, `${root}/install?share=${key}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ pathname: 'install', shareKey: key });
    const posted = await t.http.as(token).post('/v1/urls/published', { url: `${root}/install?share=${key}` });
    expect(posted.status).toBe(200);
    expect(posted.body).toEqual({ ...res.body, apiToken: expect.any(String) });
    expect((await resolve(token, `${root}/reference?share=${key}`)).body).toEqual({ target: 'content', redirect: `${root}/reference/endpoints?share=${key}` });
    await t.http.as(token).patch(`${base}/share-links/${link.id}`, { active: false });
    expect((await resolve(token, `${root}/install?share=${key}`)).status).toBe(404);
  });

  it('opens a visitor-auth site with a visitor token; without one, a 404 or (redirectOnError) its fallback URL', async () => {
    const { token, base, root } = await setup('visitor-auth');
    const key = (await t.http.as(token).get(`${base}/publishing/auth`)).body.privateKey;
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const jwt = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setIssuedAt(now).setExpirationTime(now + 600).sign(new TextEncoder().encode(key));
    const forged = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setIssuedAt(now).setExpirationTime(now + 600).sign(new TextEncoder().encode('not the key'));

    const missing = await resolve(token, `${root}/install`);
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toMatch(/^This URL is of a site for authenticated visitors/);
    expect((await resolve(token, `${root}/install`, { visitorAuthToken: forged })).status).toBe(404);
    const opened = await resolve(token, `${root}/install`, { visitorAuthToken: jwt });
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ pathname: 'install', contextId: expect.any(String) });
    const posted = await t.http.as(token).post('/v1/urls/published', { url: `${root}/install`, visitor: { jwtToken: jwt } });
    expect(posted.body).toMatchObject({ pathname: 'install', contextId: opened.body.contextId });

    // No fallback URL: still a 404 with redirectOnError.
    expect((await resolve(token, `${root}/install`, { redirectOnError: true })).status).toBe(404);
    const auth = await t.http.as(token).patch(`${base}/publishing/auth`, { backend: 'custom', fallbackURL: 'https://login.example.com/start' });
    expect(auth.status).toBe(200);
    const redirected = await resolve(token, `${root}/install`, { redirectOnError: true });
    expect(redirected.body).toEqual({ target: 'external', redirect: `https://login.example.com/start?location=${encodeURIComponent(`${new URL(root).pathname}/install`)}` });
    expect((await t.http.as(token).post('/v1/urls/published', { url: `${root}/install`, redirectOnError: true })).body.target).toBe('external');
  });

  it('needs a bearer token, but no membership: published content is for its audience', async () => {
    const { root } = await setup();
    const outsider = await createUser(t);
    expect((await resolve(outsider.token, `${root}/install`)).status).toBe(200);
    expect((await t.http.as(undefined).get('/v1/urls/published', { query: { url: `${root}/install` } })).status).toBe(401);
    expect((await t.http.as(undefined).post('/v1/urls/published', { url: `${root}/install` })).status).toBe(401);
  });

  it.each([
    [{}, 'url'],
    [{ url: '' }, 'url'],
    [{ url: 'not a url' }, 'url must be an absolute URL'],
    [{ url: 'ftp://docs.test/x' }, 'url must be an http or https URL'],
    [{ url: `http://docs.test/${'a'.repeat(2048)}` }, 'url must be shorter than or equal to 2048 characters'],
    [{ url: 'http://docs.test/', redirectOnError: 'maybe' }, 'redirectOnError'],
  ])('refuses the query %j with 400', async (query, message) => {
    const { token } = await setup();
    const res = await t.http.as(token).get('/v1/urls/published', { query: query as Record<string, string> });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain(message);
  });

  it.each([
    [{}, 'url'],
    [{ url: 5 }, 'url must be a string'],
    [{ url: 'http://docs.test/', extra: 1 }, 'property extra should not exist'],
    [{ url: 'http://docs.test/', visitor: { jwtToken: 5 } }, 'visitor.jwtToken must be a string'],
    [{ url: 'http://docs.test/', visitor: { unknown: 'x' } }, 'visitor.unknown: property unknown should not exist'],
    [{ url: 'http://docs.test/', redirectOnError: 'yes' }, 'redirectOnError must be a boolean'],
  ])('refuses the body %j with 400', async (body, message) => {
    const { token } = await setup();
    const res = await t.http.as(token).post('/v1/urls/published', body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain(message);
  });
});
