import type { TestApp } from '@docs/platform/testing';
import {
  createOrganization,
  createPage,
  createSection,
  createSite,
  createSiteTestApp,
  createSpace,
  setCookies,
  signVisitorToken,
  SiteClient,
  SiteResponse,
} from '../testing/site-test-app';

const SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  additionalProperties: false,
  properties: { beta: { type: 'boolean', description: 'Beta tester' } },
};

/**
 * Who reaches what on the published site: every visibility, share links, visitor tokens (valid,
 * expired, forged, claims that hide a section), hostname and proxy routing, and 404s that do not
 * tell an unknown site from one the visitor may not see.
 */
describe('the published site: access', () => {
  let t: TestApp & { site: SiteClient };
  beforeAll(async () => {
    t = await createSiteTestApp();
  });
  afterAll(() => t.close());

  /** A site of two sections (Guides, Beta) with a page each, in the given visibility, published. */
  const setup = async (visibility: string, options: { publish?: boolean } = {}) => {
    const org = await createOrganization(t, { reader: 'read' });
    const token = org.members.admin.token;
    const guides = await createSpace(t, token, org.organization.id, { title: 'Guides' });
    const beta = await createSpace(t, token, org.organization.id, { title: 'Beta' });
    await createPage(t, token, guides.id, { title: 'Welcome', markdown: 'Welcome to the guides.' });
    await createPage(t, token, guides.id, { title: 'Install', markdown: 'Install it.' });
    await createPage(t, token, beta.id, { title: 'Preview', markdown: 'Beta features.' });
    const site = await createSite(t, token, org.organization.id, { visibility });
    const api = `/v1/orgs/${org.organization.id}/sites/${site.id}`;
    await createSection(t, token, api, guides.id, { title: 'Guides' });
    const betaSection = await createSection(t, token, api, beta.id, { title: 'Beta' });
    await t.http.as(token).put(`${api}/adaptive-schema`, { jsonSchema: SCHEMA });
    await t.http.as(token).patch(`${api}/sections/${betaSection.id}`, { condition: 'visitor.claims.beta == true' });
    if (options.publish !== false) await t.http.as(token).post(`${api}/publish`);
    const key = (await t.http.as(token).get(`${api}/publishing/auth`)).body.privateKey as string;
    return { ...org, token, site, api, key, base: `/sites/${org.organization.id}/${site.id}` };
  };

  const sectionTabs = (res: { document: Document }) => Array.from(res.document.querySelectorAll('nav.section-tabs a')).map((a) => a.textContent);

  /** The parts of a 404 a visitor can compare. */
  const notFound = (res: SiteResponse) => ({ status: res.status, type: res.headers['content-type'], cache: res.headers['cache-control'], body: res.text });

  it('serves a public site to anyone, indexable, with the sections their conditions allow', async () => {
    const { base } = await setup('public');
    const res = await t.site.page(base);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, no-cache');
    expect(res.headers['x-robots-tag']).toBeUndefined();
    expect(res.document.querySelector('meta[name=robots]')).toBeNull();
    expect(res.document.querySelector('h1')!.textContent).toBe('Welcome');
    // One section is visible (Beta needs the beta claim): no tabs.
    expect(sectionTabs(res)).toEqual([]);
    expect((await t.site.get(`${base}/beta`)).status).toBe(404);
  });

  it('marks every page of an unlisted site noindex', async () => {
    const { base } = await setup('unlisted');
    const res = await t.site.page(`${base}/install`);
    expect(res.status).toBe(200);
    expect(res.headers['x-robots-tag']).toBe('noindex');
    expect(res.document.querySelector('meta[name=robots]')!.getAttribute('content')).toBe('noindex');
  });

  it('answers the same 404 for an unknown site, an unpublished one, a missing page and a section the visitor may not see', async () => {
    const published = await setup('public');
    const unpublished = await setup('public', { publish: false });
    const shared = await setup('share-link');
    const reference = notFound(await t.site.get(`/sites/${published.organization.id}/no-such-site`));
    expect(reference.status).toBe(404);
    expect(reference.cache).toBe('no-store');
    for (const path of [
      unpublished.base,
      `${unpublished.base}/install`,
      `/sites/no-such-org/${published.site.id}`,
      `/sites/${unpublished.organization.id}/${published.site.id}`,
      `${published.base}/no-such-page`,
      `${published.base}/beta`,
      `${published.base}/beta/preview`,
      shared.base,
      `${shared.base}/install`,
      `${shared.base}/sitemap.xml`,
      `${shared.base}?share=not-a-key`,
      '/',
      '/sites',
    ]) {
      expect({ path, ...notFound(await t.site.get(path)) }).toEqual({ path, ...reference });
    }
    // Unpublishing takes a site down at once.
    await t.http.as(published.token).post(`${published.api}/unpublish`);
    expect(notFound(await t.site.get(published.base))).toEqual(reference);
  });

  describe('share-link sites', () => {
    it('open with ?share=<key> of an active link, kept in an HttpOnly cookie; gone with the link', async () => {
      const { base, api, token } = await setup('share-link');
      const link = (await t.http.as(token).post(`${api}/share-links`, { name: 'Partner' })).body;
      const key = new URL(link.urls.published).searchParams.get('share')!;
      expect((await t.site.get(base)).status).toBe(404);

      const opened = await t.site.get(`${base}/install?share=${key}&x=1`);
      expect(opened.status).toBe(302);
      expect(opened.headers.location).toBe(`${base}/install?x=1`);
      const cookie = setCookies(opened).get('site_share')!;
      expect(cookie.value).toBe(key);
      expect(cookie.attributes).toContain('HttpOnly');
      expect(cookie.attributes).toContain('SameSite=Lax');
      expect(cookie.attributes).toContain(`Path=${base}`);

      const withCookie = { headers: { Cookie: `site_share=${key}` } };
      const page = await t.site.page(`${base}/install`, withCookie);
      expect(page.status).toBe(200);
      expect(page.document.querySelector('h1')!.textContent).toBe('Install');
      expect(page.headers['cache-control']).toBe('private, no-cache');
      expect(page.headers['x-robots-tag']).toBe('noindex');

      // Deactivated: a 404, and the cookie is dropped; active again: back.
      await t.http.as(token).patch(`${api}/share-links/${link.id}`, { active: false });
      const refused = await t.site.get(`${base}/install`, withCookie);
      expect(refused.status).toBe(404);
      expect(setCookies(refused).get('site_share')!.attributes).toContain('Max-Age=0');
      await t.http.as(token).patch(`${api}/share-links/${link.id}`, { active: true });
      expect((await t.site.get(`${base}/install`, withCookie)).status).toBe(200);
      // Deleted: gone for good.
      await t.http.as(token).delete(`${api}/share-links/${link.id}`);
      expect((await t.site.get(`${base}/install`, withCookie)).status).toBe(404);
    });

    it("refuses another site's key", async () => {
      const first = await setup('share-link');
      const second = await setup('share-link');
      const link = (await t.http.as(second.token).post(`${second.api}/share-links`, { name: 'x' })).body;
      const key = new URL(link.urls.published).searchParams.get('share')!;
      expect((await t.site.get(`${first.base}?share=${key}`)).status).toBe(404);
      expect((await t.site.get(first.base, { headers: { Cookie: `site_share=${key}` } })).status).toBe(404);
      expect((await t.site.get(second.base, { headers: { Cookie: `site_share=${key}` } })).status).toBe(200);
    });
  });

  describe('visitor-auth sites', () => {
    it('take a visitor JWT once in the query, then from a cookie until it expires; its claims open sections', async () => {
      const { base, key } = await setup('visitor-auth');
      const token = await signVisitorToken(t, { beta: true }, key, 600);
      const opened = await t.site.get(`${base}?jwt_token=${token}`);
      expect(opened.status).toBe(302);
      expect(opened.headers.location).toBe(base);
      const cookie = setCookies(opened).get('site_visitor')!;
      expect(cookie.value).toBe(token);
      expect(cookie.attributes).toContain('HttpOnly');
      expect(cookie.attributes).toContain('Max-Age=600');

      const page = await t.site.page(base, { headers: { Cookie: `site_visitor=${token}` } });
      expect(page.status).toBe(200);
      expect(page.headers['cache-control']).toBe('private, no-cache');
      expect(sectionTabs(page)).toEqual(['Guides', 'Beta']);
      expect((await t.site.page(`${base}/beta`, { headers: { Cookie: `site_visitor=${token}` } })).document.querySelector('h1')!.textContent).toBe('Preview');
    });

    it('hide the sections whose condition the claims do not satisfy', async () => {
      const { base, key } = await setup('visitor-auth');
      const token = await signVisitorToken(t, { beta: false }, key);
      const page = await t.site.page(base, { headers: { Cookie: `site_visitor=${token}` } });
      expect(page.status).toBe(200);
      expect(sectionTabs(page)).toEqual([]);
      expect(page.text).not.toContain('Beta');
      expect((await t.site.get(`${base}/beta`, { headers: { Cookie: `site_visitor=${token}` } })).status).toBe(404);
      // Search does not find what the section holds either.
      const search = JSON.parse((await t.site.get(`${base}/~site/search?q=beta`, { headers: { Cookie: `site_visitor=${token}` } })).text);
      expect(search.pages).toEqual([]);
    });

    it('answer a 401 page without a token, with an expired, forged or badly claimed one (and drop its cookie)', async () => {
      const { base, key, site } = await setup('visitor-auth');
      const missing = await t.site.page(base);
      expect(missing.status).toBe(401);
      expect(missing.document.title).toBe(`Sign in to read this site | ${site.title}`);
      expect(missing.headers['cache-control']).toBe('no-store');
      const tokens = {
        expired: await signVisitorToken(t, { beta: true }, key, -10),
        forged: await signVisitorToken(t, { beta: true }, 'not-the-site-key-at-all'),
        badClaims: await signVisitorToken(t, { beta: 'yes' }, key),
        garbage: 'not.a.jwt',
      };
      for (const [name, token] of Object.entries(tokens)) {
        const viaQuery = await t.site.get(`${base}?jwt_token=${token}`);
        expect({ name, status: viaQuery.status }).toEqual({ name, status: 401 });
        const viaCookie = await t.site.get(base, { headers: { Cookie: `site_visitor=${token}` } });
        expect({ name, status: viaCookie.status }).toEqual({ name, status: 401 });
        expect(setCookies(viaCookie).get('site_visitor')!.attributes).toContain('Max-Age=0');
      }
      // A token valid now expires with the clock.
      const token = await signVisitorToken(t, {}, key, 60);
      expect((await t.site.get(base, { headers: { Cookie: `site_visitor=${token}` } })).status).toBe(200);
      t.clock.advance(61_000);
      expect((await t.site.get(base, { headers: { Cookie: `site_visitor=${token}` } })).status).toBe(401);
    });

    it("send visitors without a valid token to the site's fallback URL, saying where they were going", async () => {
      const { base, api, token } = await setup('visitor-auth');
      await t.http.as(token).patch(`${api}/publishing/auth`, { backend: 'custom', fallbackURL: 'https://login.example.com/sso?app=docs' });
      const res = await t.site.get(`${base}/install`);
      expect(res.status).toBe(302);
      const location = new URL(String(res.headers.location));
      expect(location.origin + location.pathname).toBe('https://login.example.com/sso');
      expect(location.searchParams.get('app')).toBe('docs');
      expect(location.searchParams.get('location')).toBe(`${base}/install`);
    });

    it('stop accepting tokens signed with a key that was regenerated', async () => {
      const { base, key, api, token } = await setup('visitor-auth');
      const visitor = await signVisitorToken(t, {}, key);
      expect((await t.site.get(base, { headers: { Cookie: `site_visitor=${visitor}` } })).status).toBe(200);
      await t.http.as(token).post(`${api}/publishing/auth/regenerate`);
      expect((await t.site.get(base, { headers: { Cookie: `site_visitor=${visitor}` } })).status).toBe(401);
    });
  });

  it('let a token add claims on a public site, and ignore one that does not verify', async () => {
    const { base, key } = await setup('public');
    const beta = await signVisitorToken(t, { beta: true }, key);
    const page = await t.site.page(base, { headers: { Cookie: `site_visitor=${beta}` } });
    expect(sectionTabs(page)).toEqual(['Guides', 'Beta']);
    expect(page.headers['cache-control']).toBe('private, no-cache');
    const forged = await signVisitorToken(t, { beta: true }, 'another-key-entirely-and-long');
    const ignored = await t.site.page(base, { headers: { Cookie: `site_visitor=${forged}` } });
    expect(ignored.status).toBe(200);
    expect(sectionTabs(ignored)).toEqual([]);
  });

  describe('routing by host and path', () => {
    it("serves a site at its custom hostname (the Host header names it), canonical there, and nothing for other hosts", async () => {
      const { base, api, token } = await setup('public');
      expect((await t.http.as(token).patch(api, { hostname: 'docs.acme-example.com' })).status).toBe(200);
      const home = await t.site.page('/', { host: 'docs.acme-example.com' });
      expect(home.status).toBe(200);
      expect(home.document.querySelector('h1')!.textContent).toBe('Welcome');
      expect(home.document.querySelector('link[rel=canonical]')!.getAttribute('href')).toBe('https://docs.acme-example.com');
      expect(home.document.querySelector('a.site-title')!.getAttribute('href')).toBe('/');
      const install = await t.site.page('/install', { host: 'DOCS.acme-example.com:443' });
      expect(install.document.querySelector('link[rel=canonical]')!.getAttribute('href')).toBe('https://docs.acme-example.com/install');
      expect(install.document.querySelector('link[rel=stylesheet]')!.getAttribute('href')).toMatch(/^\/~site\/assets\/site\./);
      // Behind a reverse proxy that keeps its own Host.
      expect((await t.site.get('/install', { host: 'internal:8081', headers: { 'X-Forwarded-Host': 'docs.acme-example.com' } })).status).toBe(200);
      // Still reachable by path, canonical at the hostname.
      const byPath = await t.site.page(`${base}/install`);
      expect(byPath.document.querySelector('link[rel=canonical]')!.getAttribute('href')).toBe('https://docs.acme-example.com/install');
      expect((await t.site.get('/', { host: 'docs.other-example.com' })).status).toBe(404);
      // Unpublished: its hostname answers 404 too.
      await t.http.as(token).post(`${api}/unpublish`);
      expect((await t.site.get('/', { host: 'docs.acme-example.com' })).status).toBe(404);
    });

    it('serves a site through its proxy (host/path): links stay under the proxied path', async () => {
      const { api, token, organization, site } = await setup('public');
      expect((await t.http.as(token).patch(api, { proxy: 'www.acme-example.com/help' })).status).toBe(200);
      const page = await t.site.page('/help/install', { host: 'www.acme-example.com' });
      expect(page.status).toBe(200);
      expect(page.document.querySelector('h1')!.textContent).toBe('Install');
      expect(page.document.querySelector('a.site-title')!.getAttribute('href')).toBe('/help');
      expect(page.document.querySelector('link[rel=canonical]')!.getAttribute('href')).toBe('https://www.acme-example.com/help/install');
      expect(page.document.querySelector('link[rel=stylesheet]')!.getAttribute('href')).toMatch(/^\/help\/~site\/assets\//);
      expect((await t.site.get('/elsewhere/install', { host: 'www.acme-example.com' })).status).toBe(404);
      // A proxy that rewrites to the site's own URL and says where it was asked (X-Forwarded-Host).
      const rewritten = await t.site.page(`/sites/${organization.id}/${site.id}/install`, { host: 'site-server:8081', headers: { 'X-Forwarded-Host': 'www.acme-example.com' } });
      expect(rewritten.status).toBe(200);
      expect(rewritten.document.querySelector('a.site-title')!.getAttribute('href')).toBe('/help');
      expect(rewritten.document.querySelector('nav.page-tree a[aria-current=page]')!.getAttribute('href')).toBe('/help/install');
    });

    it('serves a site by basename as well as by id', async () => {
      const { api, token, organization } = await setup('public');
      await t.http.as(token).patch(api, { basename: 'handbook' });
      const page = await t.site.page(`/sites/${organization.id}/handbook/install`);
      expect(page.status).toBe(200);
      expect(page.document.querySelector('link[rel=canonical]')!.getAttribute('href')).toBe(`http://docs.test/sites/${organization.id}/handbook/install`);
    });

    it("serves an organization's sites under its subdomain of PUBLISHED_URL's host, by basename or id, canonical at their own URL", async () => {
      const { api, token, organization, site, base } = await setup('public');
      const subdomain = `acme-${organization.id.slice(0, 8).toLowerCase()}`;
      expect((await t.http.as(token).patch(`/v1/orgs/${organization.id}`, { subdomain })).status).toBe(200);
      await t.http.as(token).patch(api, { basename: 'handbook' });
      const page = await t.site.page('/handbook/install', { host: `${subdomain}.docs.test` });
      expect(page.status).toBe(200);
      expect(page.document.querySelector('h1')!.textContent).toBe('Install');
      expect(page.document.querySelector('a.site-title')!.getAttribute('href')).toBe('/handbook');
      expect(page.document.querySelector('link[rel=canonical]')!.getAttribute('href')).toBe(`http://docs.test/sites/${organization.id}/handbook/install`);
      expect((await t.site.get(`/${site.id}/install`, { host: `${subdomain}.docs.test` })).status).toBe(200);
      expect((await t.site.get('/nosuchsite/install', { host: `${subdomain}.docs.test` })).status).toBe(404);
      expect((await t.site.get('/handbook/install', { host: 'nobody-here.docs.test' })).status).toBe(404);
      // Another subdomain, or none: nothing there any more.
      await t.http.as(token).patch(`/v1/orgs/${organization.id}`, { subdomain: null });
      expect((await t.site.get('/handbook/install', { host: `${subdomain}.docs.test` })).status).toBe(404);
      expect((await t.site.get(`${base.replace(site.id, 'handbook')}/install`)).status).toBe(200);
    });

    it('serves the same server under another name (127.0.0.1, a container name) by path', async () => {
      const { base } = await setup('public');
      expect((await t.site.get(base, { host: '127.0.0.1:8081' })).status).toBe(200);
    });
  });

  it('answers its health check and its static files without a site', async () => {
    expect((await t.site.get('/~site/health', { host: 'anything.example.com' })).text).toBe('ok');
    const page = await t.site.page((await setup('public')).base);
    const css = page.document.querySelector('link[rel=stylesheet]')!.getAttribute('href')!;
    const asset = await t.site.get(css.slice(css.indexOf('/~site/')));
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-type']).toBe('text/css; charset=utf-8');
    const compressed = await t.site.get(css.slice(css.indexOf('/~site/')), { headers: { 'Accept-Encoding': 'br' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(Number(compressed.headers['content-length'])).toBeLessThan(asset.body.length / 2);
    expect((await t.site.get('/~site/assets/site.nope.css')).status).toBe(404);
  });

  it('answers only GET and HEAD', async () => {
    const { base } = await setup('public');
    const head = await t.site.get(base, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(Number(head.headers['content-length'])).toBeGreaterThan(1000);
    const post = await t.site.get(base, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
  });
});
