import type { Page } from 'playwright-core';
import { Browser, launchChromium, seriousViolations, TestApp } from '@docs/platform/testing';
import { createOrganization, createPage, createSection, createSite, createSiteTestApp, createSpace, listenSite, SiteClient } from '../testing/site-test-app';

/** Every block of the content model, in markdown (GitBook's conventions) and in a JSON document. */
const RICH_MARKDOWN = [
  'An introduction with **bold**, *italic*, `code`, ~~struck~~ text and a [link](https://example.com).',
  '',
  '## Lists',
  '',
  '* one',
  '* two',
  '  1. nested',
  '',
  '- [x] done',
  '- [ ] to do',
  '',
  '> A quote.',
  '',
  '{% hint style="info" %}\nAn info hint.\n{% endhint %}',
  '',
  '{% hint style="warning" %}\nA warning hint.\n{% endhint %}',
  '',
  '{% hint style="danger" %}\nA danger hint.\n{% endhint %}',
  '',
  '{% hint style="success" %}\nA success hint.\n{% endhint %}',
  '',
  '## Code',
  '',
  '{% code title="app.js" lineNumbers="true" %}\n```js\nconst answer = 42;\nconsole.log(`answer: ${answer}`);\n```\n{% endcode %}',
  '',
  '## Tabs',
  '',
  '{% tabs %}\n{% tab title="JavaScript" %}\nJavaScript content.\n{% endtab %}\n\n{% tab title="Python" %}\nPython content.\n{% endtab %}\n{% endtabs %}',
  '',
  '## Steps',
  '',
  '{% stepper %}\n{% step %}\n### Install\n\nRun it.\n{% endstep %}\n\n{% step %}\n### Configure\n\nSet it.\n{% endstep %}\n{% endstepper %}',
  '',
  '<details>\n\n<summary>More details</summary>\n\nHidden until opened.\n\n</details>',
  '',
  '| Name | Value |\n| --- | --: |\n| a | 1 |\n| b | 2 |',
  '',
  '$$\nE = mc^2\n$$',
  '',
  'Inline math $$a^2 + b^2 = c^2$$ here.',
  '',
  '{% embed url="https://www.youtube.com/watch?v=dQw4w9WgXcQ" %}',
  '',
  '***',
  '',
  'Deploying to production is covered elsewhere.',
].join('\n');

describe('the published site in a browser (Debian Chromium, playwright-core)', () => {
  let t: TestApp & { site: SiteClient };
  let server: Awaited<ReturnType<typeof listenSite>>;
  let origin: string;
  let browser: Browser;
  let base: string;
  let shareBase: string;
  let shareKey: string;

  beforeAll(async () => {
    t = await createSiteTestApp();
    server = await listenSite(t);
    origin = server.origin;

    const org = await createOrganization(t);
    const token = org.members.admin.token;
    const guides = await createSpace(t, token, org.organization.id, { title: 'Guides' });
    const v1 = await createSpace(t, token, org.organization.id, { title: 'Version 1' });
    const api = await createSpace(t, token, org.organization.id, { title: 'API' });
    await createPage(t, token, guides.id, { title: 'Welcome', description: 'Everything about Acme.', markdown: RICH_MARKDOWN });
    const install = await createPage(t, token, guides.id, { title: 'Install', markdown: 'Run the installer.\n\n## Requirements\n\nNode 20.' });
    await createPage(t, token, guides.id, { title: 'Linux', parent: install.id, markdown: 'Install on Linux.' });
    await createPage(t, token, guides.id, { title: 'Deploy', markdown: 'How to deploy the platform.\n\n## Docker\n\nDeploy with Docker compose.' });
    await createPage(t, token, v1.id, { title: 'Old welcome', markdown: 'The first version.' });
    await createPage(t, token, api.id, { title: 'Reference', markdown: 'The API.' });
    const site = await createSite(t, token, org.organization.id, { title: 'Acme Docs' });
    const siteApi = `/v1/orgs/${org.organization.id}/sites/${site.id}`;
    const section = await createSection(t, token, siteApi, guides.id, { title: 'Guides' });
    await t.http.as(token).post(`${siteApi}/site-spaces`, { spaceId: v1.id, sectionId: section.id });
    await createSection(t, token, siteApi, api.id, { title: 'API' });
    await t.http.as(token).post(`${siteApi}/publish`);
    base = `${origin}/sites/${org.organization.id}/${site.id}`;

    const secret = await createSpace(t, token, org.organization.id, { title: 'Partners' });
    await createPage(t, token, secret.id, { title: 'Partner guide', markdown: 'For partners only.' });
    await createPage(t, token, secret.id, { title: 'Pricing', markdown: 'Partner pricing.' });
    const shared = await createSite(t, token, org.organization.id, { title: 'Partner Docs', visibility: 'share-link', spaces: [secret.id] });
    const sharedApi = `/v1/orgs/${org.organization.id}/sites/${shared.id}`;
    await t.http.as(token).post(`${sharedApi}/publish`);
    const link = (await t.http.as(token).post(`${sharedApi}/share-links`, { name: 'Partner' })).body;
    shareKey = new URL(link.urls.published).searchParams.get('share')!;
    shareBase = `${origin}/sites/${org.organization.id}/${shared.id}`;

    browser = await launchChromium({ bypassCSP: true });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await t?.close();
  });

  const open = async (url: string): Promise<Page> => {
    const page = await browser.context.newPage();
    const response = await page.goto(url);
    expect(response?.status()).toBe(200);
    return page;
  };

  it('opens a site and follows the sidebar', async () => {
    const page = await open(base);
    expect(await page.locator('h1').textContent()).toBe('Welcome');
    await page.locator('nav.page-tree a', { hasText: 'Install' }).click();
    await page.waitForURL(`${base}/install`);
    expect(await page.locator('h1').textContent()).toBe('Install');
    expect(await page.locator('nav.page-tree a[aria-current=page]').textContent()).toBe('Install');
    // The branch of the current page is open; its toggle closes it.
    const toggle = page.locator('nav.page-tree .tree-toggle').first();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await page.locator('nav.page-tree a', { hasText: 'Linux' }).click();
    await page.waitForURL(`${base}/install/linux`);
    expect(await page.locator('nav.breadcrumbs a').textContent()).toBe('Install');
    await page.locator('a[rel=next]').click();
    await page.waitForURL(`${base}/deploy`);
    await page.locator('.section-tabs a', { hasText: 'API' }).click();
    await page.waitForURL(`${base}/api`);
    expect(await page.locator('h1').textContent()).toBe('Reference');
    await page.close();
  });

  it('switches a variant', async () => {
    const page = await open(`${base}/install`);
    await page.locator('details.variants summary').click();
    await page.locator('details.variants a', { hasText: 'Version 1' }).click();
    await page.waitForURL(`${base}/version-1`);
    expect(await page.locator('h1').textContent()).toBe('Old welcome');
    expect(await page.locator('details.variants summary').textContent()).toBe('Variant: Version 1');
    await page.close();
  });

  it('switches tabs with the mouse and the arrow keys, and copies code', async () => {
    const page = await open(base);
    const tabs = page.locator('.tabs [role=tab]');
    const panels = page.locator('.tabs [role=tabpanel]');
    expect(await panels.nth(0).isVisible()).toBe(true);
    expect(await panels.nth(1).isVisible()).toBe(false);
    await tabs.nth(1).click();
    expect(await tabs.nth(1).getAttribute('aria-selected')).toBe('true');
    expect(await panels.nth(1).isVisible()).toBe(true);
    expect(await panels.nth(0).isVisible()).toBe(false);
    await page.keyboard.press('ArrowLeft');
    expect(await tabs.nth(0).getAttribute('aria-selected')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('JavaScript');
    // The copy button puts the code on the clipboard.
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    await page.locator('figure.code button.copy').click();
    await page.locator('figure.code button.copy', { hasText: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('const answer = 42;\nconsole.log(`answer: ${answer}`);');
    await page.close();
  });

  it('searches with the keyboard: Ctrl+K, type, arrows, Enter', async () => {
    const page = await open(base);
    await page.keyboard.press('Control+k');
    const input = page.locator('#search-dialog input');
    await input.waitFor({ state: 'visible' });
    expect(await page.evaluate(() => document.activeElement?.classList.contains('search-input'))).toBe(true);
    await page.keyboard.type('deploy');
    const options = page.locator('#search-results [role=option]');
    await options.first().waitFor();
    expect(await page.locator('#search-results mark').first().textContent()).toMatch(/^deploy/i);
    expect(await options.first().getAttribute('aria-selected')).toBe('true');
    const titles = await options.locator('.result-title').allTextContents();
    expect(titles[0]).toBe('Deploy');
    await page.keyboard.press('ArrowDown');
    expect(await options.nth(1).getAttribute('aria-selected')).toBe('true');
    expect(await input.getAttribute('aria-activedescendant')).toBe(await options.nth(1).getAttribute('id'));
    const target = await options.nth(1).getAttribute('href');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${origin}${target}`);
    // Escape closes it.
    await page.keyboard.press('Control+k');
    await input.waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');
    await input.waitFor({ state: 'hidden' });
    await page.close();
  });

  it('toggles dark mode, follows the system until then, and remembers the choice', async () => {
    const page = await open(base);
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(await background()).toBe('rgb(255, 255, 255)');
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await background()).toBe('rgb(13, 17, 23)');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.locator('.theme-toggle').click();
    expect(await page.locator('html').getAttribute('data-theme')).toBe('dark');
    expect(await background()).toBe('rgb(13, 17, 23)');
    expect(await page.locator('.theme-toggle').getAttribute('aria-label')).toBe('Switch to light mode');
    // Code tokens switch to their dark colours.
    const tokenColor = () => page.evaluate(() => getComputedStyle(document.querySelector('figure.code .line > span')!).color);
    expect(await tokenColor()).toBe('rgb(255, 123, 114)');
    await page.reload();
    expect(await page.locator('html').getAttribute('data-theme')).toBe('dark');
    await page.locator('.theme-toggle').click();
    expect(await background()).toBe('rgb(255, 255, 255)');
    await page.close();
  });

  it('opens a share link: the key is kept in a cookie and the address loses it', async () => {
    const page = await browser.context.newPage();
    expect((await page.goto(shareBase))?.status()).toBe(404);
    expect((await page.goto(`${shareBase}?share=${shareKey}`))?.status()).toBe(200);
    expect(page.url()).toBe(shareBase);
    expect(await page.locator('h1').textContent()).toBe('Partner guide');
    const cookie = (await browser.context.cookies(shareBase)).find((c) => c.name === 'site_share')!;
    expect(cookie.httpOnly).toBe(true);
    expect(await page.evaluate(() => document.cookie)).not.toContain(shareKey);
    await page.locator('nav.page-tree a', { hasText: 'Pricing' }).click();
    await page.waitForURL(`${shareBase}/pricing`);
    expect(await page.locator('h1').textContent()).toBe('Pricing');
    await page.close();
  });

  it('folds the sidebar into a menu on a phone', async () => {
    const page = await open(`${base}/install`);
    await page.setViewportSize({ width: 390, height: 800 });
    await page.locator('#sidebar').waitFor({ state: 'hidden' });
    await page.locator('.menu-button').click();
    await page.locator('#sidebar').waitFor({ state: 'visible' });
    expect(await page.locator('.menu-button').getAttribute('aria-expanded')).toBe('true');
    await page.close();
  });

  it('has no serious or critical accessibility violation (axe-core), in light and dark mode and with the search open', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const url of [base, `${base}/install`, `${shareBase}/missing-page`]) {
        const page = await browser.context.newPage();
        await page.emulateMedia({ colorScheme });
        await page.goto(url);
        expect({ url, colorScheme, violations: await seriousViolations(page) }).toEqual({ url, colorScheme, violations: [] });
        await page.close();
      }
    }
    const page = await open(base);
    await page.keyboard.press('Control+k');
    await page.keyboard.type('deploy');
    await page.locator('#search-results [role=option]').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });
});
