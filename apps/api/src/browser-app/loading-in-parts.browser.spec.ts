import type { Page } from 'playwright-core';
import { makeZip } from '@docs/content/testing';
import { Browser, launchChromium, TestApp } from '@docs/platform/testing';
import { eventually, isFocused, openSignedIn, startAppInBrowser } from './app-in-browser';


/** The app's scripts the page has requested so far, by file name. */
function scriptsOf(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname.split('/').pop()!);
  });
  return scripts;
}

/**
 * The app loads in parts (Debian Chromium, playwright-core): the editor's code comes with the
 * first page opened, never with the screens that do not show one; the markdown converter with the
 * first paste; a part that cannot be loaded says so; a tree of hundreds of pages shows its top
 * first and every row soon after, all within the keys' reach.
 */
describe('the browser app in parts (Debian Chromium, playwright-core)', () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  let organizationId: string;
  let token: string;
  let email: string;

  beforeAll(async () => {
    const app = await startAppInBrowser();
    ({ t, base, organizationId } = app);
    token = app.people.admin.token;
    email = app.people.admin.user.email;
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await t.close();
  });

  const api = () => t.http.as(token);
  const editorOf = (page: Page) => page.getByRole('textbox', { name: 'Page content' });

  it("downloads the editor's code to open a page, not before; the markdown converter with the first paste", async () => {
    const space = await api().post(`/v1/orgs/${organizationId}/spaces`, { title: 'Parts' });
    await api().post(`/v1/spaces/${space.body.id}/content/pages`, { title: 'Notes', markdown: 'First line.' });
    const page = await openSignedIn(browser, base, email, `/o/${organizationId}`);
    const scripts = scriptsOf(page);
    await page.reload();
    await page.getByRole('link', { name: 'Parts' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(scripts.some((name) => name.startsWith('index-'))).toBe(true);
    expect(scripts.filter((name) => name.startsWith('editor-') || name.startsWith('markdown-to-document-'))).toEqual([]);

    await page.getByRole('link', { name: 'Parts' }).click();
    await editorOf(page).getByText('First line.').waitFor();
    expect(scripts.some((name) => name.startsWith('editor-'))).toBe(true);
    expect(scripts.some((name) => name.startsWith('markdown-to-document-'))).toBe(false);

    // A paste of markdown, as the clipboard gives it to the page: the converter loads, then reads it.
    await editorOf(page).getByText('First line.').click();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await editorOf(page).evaluate((element) => {
      const { DataTransfer, ClipboardEvent } = globalThis as any;
      const data = new DataTransfer();
      data.setData('text/plain', '## Pasted heading\n\n- one\n- two\n');
      element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    await editorOf(page).getByRole('heading', { name: 'Pasted heading' }).waitFor();
    await expect(editorOf(page).getByRole('listitem').allTextContents()).resolves.toEqual(['one', 'two']);
    expect(scripts.some((name) => name.startsWith('markdown-to-document-'))).toBe(true);
    await page.close();
  }, 90_000);

  it("says so when the editor's code cannot be loaded", async () => {
    const space = await api().post(`/v1/orgs/${organizationId}/spaces`, { title: 'Offline' });
    await api().post(`/v1/spaces/${space.body.id}/content/pages`, { title: 'Plan', markdown: 'A plan.' });
    const page = await browser.context.newPage();
    await page.route(/\/assets\/(editor|page-editor-panel)-[\w-]+\.js$/, (route) => route.abort());
    await page.goto(`${base}/s/${space.body.id}/plan`);
    await page.getByRole('alert').filter({ hasText: 'This part of the app could not be loaded' }).waitFor();
    await expect(page.getByRole('alert').textContent()).resolves.toContain('reload the page to try again');
    // The rest of the screen is there: the space's tree.
    await page.getByRole('tree', { name: 'Pages' }).getByRole('treeitem', { name: 'Plan' }).waitFor();
    await page.unroute(/\/assets\/(editor|page-editor-panel)-[\w-]+\.js$/);
    await page.reload();
    await editorOf(page).getByText('A plan.').waitFor();
    await page.close();
  }, 60_000);

  it('shows every row of a tree of 300 pages (its top first, the rest a slice a frame); the keys reach the last', async () => {
    const space = await api().post(`/v1/orgs/${organizationId}/spaces`, { title: 'Many pages' });
    const files = Object.fromEntries(Array.from({ length: 300 }, (_, n) => [`page-${String(n).padStart(3, '0')}.md`, `# Page ${n}\n\nAbout ${n}.\n`]));
    const imported = await api().post(`/v1/spaces/${space.body.id}/content/import`, undefined, { raw: await makeZip(files), headers: { 'Content-Type': 'application/zip' } });
    expect(imported.status).toBeLessThan(300);
    const page = await openSignedIn(browser, base, email, `/s/${space.body.id}`);
    const tree = page.getByRole('tree', { name: 'Pages' });
    const rows = tree.getByRole('treeitem');
    await tree.getByRole('treeitem', { name: 'Page 299', exact: true }).waitFor({ state: 'attached' });
    await expect(rows.count()).resolves.toBe(300);
    await expect(rows.last().getAttribute('aria-posinset')).resolves.toBe('300');

    const first = tree.getByRole('treeitem', { name: 'Page 0', exact: true });
    await first.focus();
    await page.keyboard.press('End');
    await eventually('the last row has the focus', () => tree.getByRole('treeitem', { name: 'Page 299', exact: true }).evaluate(isFocused));
    await page.keyboard.press('Home');
    await eventually('the first row has the focus', () => first.evaluate(isFocused));
    await page.close();
  }, 90_000);
});
