import type { TestApp } from '@docs/platform/testing';
import { createOrganization, createPage, createSection, createSite, createSiteTestApp, createSpace, signVisitorToken, SiteClient } from '../testing/site-test-app';

/** A customization as an admin would send it (not produced by our code). */
function branded(pageId: string) {
  return {
    title: 'Acme Handbook',
    styling: {
      theme: 'clean',
      primaryColor: { light: '#ffcc00', dark: '#332200' },
      tint: { color: { light: '#ff6600', dark: '#ff6600' } },
      infoColor: { light: '#787878', dark: '#787878' },
      successColor: { light: '#00C950', dark: '#00C950' },
      warningColor: { light: '#FE9A00', dark: '#FE9A00' },
      dangerColor: { light: '#FB2C36', dark: '#FB2C36' },
      corners: 'straight',
      depth: 'subtle',
      links: 'default',
      font: 'OpenSans',
      monospaceFont: { id: 'brand-mono', custom: true, fontFamily: 'Brand Mono', fontFaces: [{ weight: 400, sources: [{ url: 'https://cdn.example.com/mono.woff2', format: 'woff2' }] }] },
      background: 'plain',
      icons: 'regular',
      sidebar: { background: 'default', list: 'default' },
      search: 'prominent',
    },
    internationalization: { locale: 'en' },
    favicon: { icon: { light: 'https://cdn.example.com/icon.png', dark: 'https://cdn.example.com/icon-dark.png' } },
    header: {
      preset: 'default',
      logo: { light: 'https://cdn.example.com/logo.svg', dark: 'https://cdn.example.com/logo-dark.svg' },
      links: [
        { title: 'Status', to: { kind: 'url', url: 'https://status.example.com' }, links: [] },
        { title: 'Install', style: 'button-primary', to: { kind: 'page', page: pageId }, links: [] },
        { title: 'Beta', to: { kind: 'url', url: 'https://beta.example.com' }, links: [], condition: 'visitor.claims.beta == true' },
        { title: 'Evil', to: { kind: 'url', url: 'javascript:alert(1)' }, links: [] },
      ],
    },
    footer: { groups: [{ title: 'Company', links: [{ title: 'About', to: { kind: 'url', url: 'https://example.com/about' } }] }], copyright: '© Acme 2026' },
    themes: { default: 'dark', toggeable: false },
    pdf: { enabled: true },
    feedback: { enabled: false },
    ai: { mode: 'none' },
    advancedCustomization: { enabled: false },
    trademark: { enabled: true },
    externalLinks: { target: 'self' },
    pagination: { enabled: false },
    pageActions: { externalAI: false, markdown: false, mcp: false },
    git: { showEditLink: false },
    privacyPolicy: {},
    socialPreview: {},
    insights: { trackingCookie: false },
  };
}

/** The site server renders a site's customization, per site space where overridden, and a change shows on the next request. */
describe('the published site: its customization', () => {
  let t: TestApp & { site: SiteClient };
  beforeAll(async () => {
    t = await createSiteTestApp();
  });
  afterAll(() => t.close());

  const setup = async () => {
    const org = await createOrganization(t);
    const token = org.members.admin.token;
    const guides = await createSpace(t, token, org.organization.id, { title: 'Guides' });
    const v1 = await createSpace(t, token, org.organization.id, { title: 'Version 1' });
    await createPage(t, token, guides.id, { title: 'Welcome', markdown: 'Hello.' });
    const install = await createPage(t, token, guides.id, { title: 'Install', markdown: 'Run it.' });
    await createPage(t, token, v1.id, { title: 'Old welcome', markdown: 'Version 1.' });
    const site = await createSite(t, token, org.organization.id, { title: 'Acme Docs' });
    const siteApi = `/v1/orgs/${org.organization.id}/sites/${site.id}`;
    const section = await createSection(t, token, siteApi, guides.id, { title: 'Guides' });
    const v1SiteSpace = (await t.http.as(token).post(`${siteApi}/site-spaces`, { spaceId: v1.id, sectionId: section.id })).body.id as string;
    await t.http.as(token).post(`${siteApi}/publish`);
    return { as: t.http.as(token), siteApi, base: `/sites/${org.organization.id}/${site.id}`, install, v1SiteSpace };
  };

  it('looks as it always did until customized', async () => {
    const { base } = await setup();
    const { document } = await t.site.page(`${base}/install`);
    expect(document.documentElement.hasAttribute('data-theme')).toBe(false);
    expect(document.querySelector('head style')).toBeNull();
    expect(document.querySelector('.site-footer')).toBeNull();
    expect(document.querySelector('.theme-toggle')).not.toBeNull();
    expect(document.querySelector('.site-title')!.textContent).toContain('Acme Docs');
    expect(document.querySelector('.page-meta a')!.textContent).toBe('View as Markdown');
    expect(Array.from(document.querySelectorAll('.page-actions button')).map((button) => button.textContent!.trim())).toEqual(['Copy page as Markdown', 'Copy MCP URL']);
    expect(document.querySelector('.page-feedback')).not.toBeNull();
  });

  it('renders title, logo, favicon, colours, fonts, corners, header links and buttons, footer, page actions, pagination and theme; a change shows on the next request', async () => {
    const { as, siteApi, base, install } = await setup();
    const before = await t.site.get(`${base}/install`);
    // A font URL that would close the page's <style> is no URL: refused, nothing changes.
    const sneaky = branded(install.id);
    sneaky.styling.monospaceFont.fontFaces[0].sources[0].url = 'https://cdn.example.com/x</style><script>alert(1)</script>';
    expect((await as.put(`${siteApi}/customization`, sneaky)).status).toBe(400);
    expect((await t.site.get(`${base}/install`)).headers.etag).toBe(before.headers.etag);
    expect((await as.put(`${siteApi}/customization`, branded(install.id))).status).toBe(200);

    const res = await t.site.page(`${base}/install`, { headers: { 'If-None-Match': String(before.headers.etag) } });
    expect(res.status).toBe(200);
    expect(res.headers.etag).not.toBe(before.headers.etag);
    const { document } = res;
    expect(document.title).toBe('Install | Acme Handbook');
    const html = document.documentElement;
    expect(html.getAttribute('data-theme')).toBe('dark');
    expect(html.hasAttribute('data-theme-fixed')).toBe(true);
    expect(document.querySelector('.theme-toggle')).toBeNull();

    expect(Array.from(document.querySelectorAll('img.site-logo')).map((img) => [img.getAttribute('src'), img.getAttribute('alt')])).toEqual([
      ['https://cdn.example.com/logo.svg', 'Acme Handbook'],
      ['https://cdn.example.com/logo-dark.svg', 'Acme Handbook'],
    ]);
    expect(Array.from(document.querySelectorAll('link[rel=icon]')).map((link) => [link.getAttribute('href'), link.getAttribute('media')])).toEqual([
      ['https://cdn.example.com/icon.png', '(prefers-color-scheme: light)'],
      ['https://cdn.example.com/icon-dark.png', '(prefers-color-scheme: dark)'],
    ]);

    const style = document.querySelector('head style')!.textContent!;
    // #ffcc00 does not read on white: darkened until it does; the tint is a wash of #ff6600.
    expect(style).toMatch(/:root\{--radius:0;--font:'Open Sans', system-ui[^;]*;--mono:'Brand Mono', ui-monospace[^;]*;--accent:#[0-9a-f]{6};--accent-soft:#[0-9a-f]{6};\}/);
    expect(style).toContain(`@font-face{font-family:'Brand Mono';font-weight:400;font-display:swap;src:url("https://cdn.example.com/mono.woff2") format('woff2')}`);

    expect(Array.from(document.querySelectorAll('.header-links a')).map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('class')])).toEqual([
      ['Status', 'https://status.example.com', 'header-link'],
      ['Install', `${base}/install`, 'button primary'],
      // The conditional link is for beta visitors only; a javascript: URL is no link.
      ['Evil', null, 'header-link'],
    ]);
    expect(Array.from(document.querySelectorAll('.site-footer .footer-group a')).map((a) => [a.textContent, a.getAttribute('href')])).toEqual([['About', 'https://example.com/about']]);
    expect(document.querySelector('.footer-copyright')!.textContent).toBe('© Acme 2026');
    expect(document.querySelector('.page-meta a')).toBeNull();
    // Page actions (markdown, MCP) and feedback turned off.
    expect(document.querySelector('.page-actions')).toBeNull();
    expect(document.querySelector('.page-feedback')).toBeNull();
    expect(document.querySelector('nav.pagination')).toBeNull();
    // The page as markdown is still served at its URL.
    expect((await t.site.get(`${base}/install.md`)).status).toBe(200);
  });

  it("shows a site space's overrides on its pages only, and the site's again once they are deleted", async () => {
    const { as, siteApi, base, install, v1SiteSpace } = await setup();
    await as.put(`${siteApi}/customization`, branded(install.id));
    const path = `${siteApi}/site-spaces/${v1SiteSpace}/customization`;
    expect((await as.patch(path, { title: 'Acme Legacy', themes: { default: 'light', toggeable: true }, footer: { copyright: '© Acme 2020' }, header: { logo: null } })).status).toBe(200);

    const legacy = (await t.site.page(`${base}/version-1`)).document;
    expect(legacy.title).toBe('Old welcome | Acme Legacy');
    expect(legacy.documentElement.hasAttribute('data-theme')).toBe(false);
    expect(legacy.querySelector('.theme-toggle')).not.toBeNull();
    expect(legacy.querySelector('.footer-copyright')!.textContent).toBe('© Acme 2020');
    // `header.logo: null` resets an override the site space did not have: the site's logo, named by the site space's title.
    expect(legacy.querySelector('img.site-logo')!.getAttribute('alt')).toBe('Acme Legacy');
    const current = (await t.site.page(`${base}/install`)).document;
    expect(current.querySelector('.footer-copyright')!.textContent).toBe('© Acme 2026');

    expect((await as.delete(path)).status).toBe(205);
    expect((await t.site.page(`${base}/version-1`)).document.querySelector('.footer-copyright')!.textContent).toBe('© Acme 2026');
  });

  it('shows a conditional header link to visitors whose claims meet it', async () => {
    const { as, siteApi, base, install } = await setup();
    const schema = await as.put(`${siteApi}/adaptive-schema`, { jsonSchema: { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', additionalProperties: false, properties: { beta: { type: 'boolean', description: 'Beta tester' } } } });
    expect(schema.status).toBe(200);
    await as.put(`${siteApi}/customization`, branded(install.id));
    const key = (await as.get(`${siteApi}/publishing/auth`)).body.privateKey as string;
    const links = async (cookie?: string) =>
      Array.from((await t.site.page(`${base}/install`, cookie ? { headers: { Cookie: cookie } } : {})).document.querySelectorAll('.header-links a')).map((a) => a.textContent);
    expect(await links()).toEqual(['Status', 'Install', 'Evil']);
    expect(await links(`site_visitor=${await signVisitorToken(t, { beta: true }, key)}`)).toEqual(['Status', 'Install', 'Beta', 'Evil']);
    expect(await links(`site_visitor=${await signVisitorToken(t, { beta: false }, key)}`)).toEqual(['Status', 'Install', 'Evil']);
  });
});
