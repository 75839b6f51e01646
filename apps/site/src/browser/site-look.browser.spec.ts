import type { Page } from 'playwright-core';
import { Browser, launchChromium, seriousViolations, TestApp } from '@docs/platform/testing';
import { createOrganization, createPage, createSection, createSite, createSiteTestApp, createSpace, listenSite, SiteClient } from '../testing/site-test-app';

const LOGO = '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="32"><rect width="120" height="32" fill="#ff6600"/></svg>';

/**
 * A customized site in Chromium: colours chosen without a thought for contrast (a pale yellow
 * primary, an orange tint) still read (axe: no serious or critical violation, light and dark),
 * the site opens dark, its header button and footer links lead where they say.
 */
describe('a customized site in a browser (Debian Chromium, playwright-core, axe-core)', () => {
  let t: TestApp & { site: SiteClient };
  let server: Awaited<ReturnType<typeof listenSite>>;
  let browser: Browser;
  let base: string;

  beforeAll(async () => {
    t = await createSiteTestApp();
    server = await listenSite(t);
    const origin = server.origin;

    const org = await createOrganization(t);
    const token = org.members.admin.token;
    const guides = await createSpace(t, token, org.organization.id, { title: 'Guides' });
    await createPage(t, token, guides.id, { title: 'Welcome', markdown: 'Read the [install guide](install.md).\n\n{% hint style="info" %}\nA hint.\n{% endhint %}\n\n```js\nconst x = 1;\n```' });
    const install = await createPage(t, token, guides.id, { title: 'Install', markdown: 'Run the installer.\n\n## Requirements\n\nNode 20.' });
    const site = await createSite(t, token, org.organization.id, { title: 'Acme Docs' });
    const siteApi = `/v1/orgs/${org.organization.id}/sites/${site.id}`;
    await createSection(t, token, siteApi, guides.id, { title: 'Guides' });
    const defaults = (await t.http.as(token).get(`${siteApi}/customization`)).body;
    const put = await t.http.as(token).put(`${siteApi}/customization`, {
      ...defaults,
      title: 'Acme Handbook',
      styling: { ...defaults.styling, primaryColor: { light: '#ffdd00', dark: '#221100' }, tint: { color: { light: '#ff6600', dark: '#ff6600' } }, corners: 'circular', font: 'Lato' },
      favicon: { emoji: '📙' },
      header: {
        ...defaults.header,
        logo: { light: 'https://cdn.example.com/logo.svg', dark: 'https://cdn.example.com/logo-dark.svg' },
        links: [
          { title: 'Status', to: { kind: 'url', url: 'https://status.example.com' }, links: [] },
          { title: 'Get started', style: 'button-primary', to: { kind: 'page', page: install.id }, links: [] },
          { title: 'More', to: null, links: [{ title: 'Install', to: { kind: 'page', page: install.id } }] },
        ],
      },
      footer: { groups: [{ title: 'Company', links: [{ title: 'Install', to: { kind: 'page', page: install.id } }] }], copyright: '© Acme 2026' },
      themes: { default: 'dark', toggeable: true },
    });
    if (put.status !== 200) throw new Error(put.text);
    await t.http.as(token).post(`${siteApi}/publish`);
    base = `${origin}/sites/${org.organization.id}/${site.id}`;

    browser = await launchChromium({ bypassCSP: true });
    // The logo's host, answered here: the test does not reach the network.
    await browser.context.route('https://cdn.example.com/**', (route) => route.fulfill({ status: 200, contentType: 'image/svg+xml', body: LOGO }));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await t?.close();
  });

  const open = async (url: string, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> => {
    const page = await browser.context.newPage();
    await page.emulateMedia({ colorScheme });
    const response = await page.goto(url);
    expect(response?.status()).toBe(200);
    return page;
  };

  it('opens dark whatever the system says, and the toggle still switches and remembers', async () => {
    const page = await open(base, 'light');
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe('dark');
    expect(await page.locator('img.site-logo.only-dark').isVisible()).toBe(true);
    expect(await page.locator('img.site-logo.only-light').isVisible()).toBe(false);
    await page.locator('.theme-toggle').click();
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe('light');
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe('light');
    expect(await page.locator('img.site-logo.only-light').isVisible()).toBe(true);
    await page.evaluate(() => localStorage.removeItem('theme'));
    await page.close();
  });

  it('follows its header button, its header menu and its footer links', async () => {
    const page = await open(base);
    await page.locator('.header-links a.button.primary', { hasText: 'Get started' }).click();
    await page.waitForURL(`${base}/install`);
    expect(await page.locator('h1').textContent()).toBe('Install');
    await page.locator('.header-links summary', { hasText: 'More' }).click();
    expect(await page.locator('.header-links .menu-list a').textContent()).toBe('Install');
    await page.goto(base);
    await page.locator('.site-footer a', { hasText: 'Install' }).click();
    await page.waitForURL(`${base}/install`);
    expect(await page.locator('.footer-copyright').textContent()).toBe('© Acme 2026');
    await page.close();
  });

  it('has no serious or critical accessibility violation (axe-core) in light and dark mode: its colours were made readable', async () => {
    for (const theme of ['light', 'dark'] as const) {
      for (const url of [base, `${base}/install`]) {
        const page = await open(url);
        await page.evaluate((chosen) => {
          localStorage.setItem('theme', chosen);
          document.documentElement.setAttribute('data-theme', chosen);
        }, theme);
        const accent = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--accent').trim());
        expect(accent).not.toBe(theme === 'light' ? '#ffdd00' : '#221100');
        expect({ url, theme, violations: await seriousViolations(page) }).toEqual({ url, theme, violations: [] });
        await page.close();
      }
    }
    const page = await open(base);
    await page.evaluate(() => localStorage.removeItem('theme'));
    await page.close();
  });
});
