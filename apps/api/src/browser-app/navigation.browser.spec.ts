import { Browser, launchChromium, TestApp } from '@docs/platform/testing';
import { eventually, isFocused, openSignedIn, seriousViolations, startAppInBrowser } from './app-in-browser';
import { create, drag, row, status } from './tree-in-browser';

/**
 * Finding one's way in the app, in Debian's Chromium, by role and accessible name and mostly by
 * keyboard: the organization's collections and spaces (make, rename, nest, order by keys and by
 * drag, delete and restore), a space's pages (pages, groups, links; rename, order and nest by keys
 * and by drag, hide, delete), search of a space opening a page at its section, a space's history
 * read as it was; axe-core on every screen; 390 px wide in dark mode.
 */
describe('finding your way in the browser app (Debian Chromium, playwright-core)', () => {
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
  const topLevelSpaces = async () => ((await api().get(`/v1/orgs/${organizationId}/spaces`)).body.items as { title: string; parent?: string }[]).filter((s) => !s.parent).map((s) => s.title);
  const pageTitles = async (spaceId: string) => {
    const shape = (pages: { title: string; pages?: unknown[] }[]): unknown[] => pages.map((p) => (p.pages?.length ? [p.title, shape(p.pages as never)] : p.title));
    return shape((await api().get(`/v1/spaces/${spaceId}/content/pages`)).body.pages);
  };

  it('makes, renames, nests and orders collections and spaces by keyboard and by drag; deletes a space and restores it', async () => {
    await api().post(`/v1/orgs/${organizationId}/spaces`, { title: 'Alpha' });
    await api().post(`/v1/orgs/${organizationId}/spaces`, { title: 'Beta' });
    const page = await openSignedIn(browser, base, email, `/o/${organizationId}`);
    const tree = page.getByRole('tree', { name: 'Collections and spaces' });

    await create(page, 'New collection', 'Guides');
    await page.waitForURL(/\/c\/[^/]+$/);
    const guides = new URL(page.url()).pathname.split('/')[2];
    await create(page, 'New space', 'Handbook');
    await page.waitForURL(/\/s\/[^/]+$/);
    const handbook = new URL(page.url()).pathname.split('/')[2];
    await page.getByRole('link', { name: 'All spaces' }).press('Enter');
    await page.waitForURL(`${base}/o/${organizationId}`);
    expect(await topLevelSpaces()).toEqual(['Alpha', 'Beta', 'Handbook']);

    // Rename in place: F2, type, Enter; the row keeps the focus.
    await row(tree, 'Handbook').focus();
    await page.keyboard.press('F2');
    await page.getByRole('textbox', { name: 'New title for Handbook' }).fill('Team handbook');
    await page.keyboard.press('Enter');
    await status(page, 'Renamed to “Team handbook”.');
    expect((await api().get(`/v1/spaces/${handbook}`)).body.title).toBe('Team handbook');
    await expect(row(tree, 'Team handbook').evaluate(isFocused)).resolves.toBe(true);

    // Into the collection above with Alt+Right; out of it from its menu (Shift+F10).
    await page.keyboard.press('Alt+ArrowRight');
    await status(page, 'Moved “Team handbook” into “Guides”.');
    expect((await api().get(`/v1/spaces/${handbook}`)).body.parent).toBe(guides);
    await expect(row(tree, 'Team handbook').getAttribute('aria-level')).resolves.toBe('2');
    await expect(row(tree, 'Team handbook').evaluate(isFocused)).resolves.toBe(true);
    await page.keyboard.press('Shift+F10');
    const menu = page.getByRole('menu', { name: 'Actions for Team handbook' });
    await expect(menu.getByRole('menuitem').allTextContents()).resolves.toEqual(['Rename', 'Move out of “Guides”', 'Delete']);
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await status(page, 'Moved “Team handbook” out of “Guides”.');
    expect((await api().get(`/v1/spaces/${handbook}`)).body.parent).toBeUndefined();
    expect(await topLevelSpaces()).toEqual(['Alpha', 'Beta', 'Team handbook']);

    // Order by keyboard (Alt+Up) and by drag, a line above the row it goes before.
    await row(tree, 'Beta').focus();
    await page.keyboard.press('Alt+ArrowUp');
    await status(page, 'Moved “Beta” up.');
    expect(await topLevelSpaces()).toEqual(['Beta', 'Alpha', 'Team handbook']);
    await drag(page, row(tree, 'Team handbook'), row(tree, 'Beta'), 'top');
    await status(page, 'Moved “Team handbook” before “Beta”.');
    expect(await topLevelSpaces()).toEqual(['Team handbook', 'Beta', 'Alpha']);
    // Into a collection by drag: a box around it.
    await drag(page, row(tree, 'Alpha'), row(tree, 'Guides, collection'), 'middle');
    await status(page, 'Moved “Alpha” into “Guides”.');
    expect(await topLevelSpaces()).toEqual(['Team handbook', 'Beta']);
    await row(tree, 'Alpha').waitFor();

    // Delete (confirmed), then restore from "Deleted".
    await row(tree, 'Beta').focus();
    await page.keyboard.press('Delete');
    const dialog = page.getByRole('dialog', { name: 'Delete “Beta”?' });
    await dialog.getByText('It can be restored for 7 days').waitFor();
    await expect(dialog.getByRole('button', { name: 'Cancel' }).evaluate(isFocused)).resolves.toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await row(tree, 'Beta').waitFor({ state: 'detached' });
    expect(await topLevelSpaces()).toEqual(['Team handbook']);
    const deleted = page.getByRole('region', { name: 'Deleted' });
    await deleted.getByText('Beta').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await deleted.getByRole('button', { name: 'Restore Beta' }).press('Enter');
    await status(page, 'Restored “Beta”.');
    await expect(row(tree, 'Beta').evaluate(isFocused)).resolves.toBe(true);
    expect(await topLevelSpaces()).toEqual(['Team handbook', 'Beta']);
    await page.close();
  }, 120_000);

  it("makes a space's pages, groups and links; renames, orders and nests them by keyboard and by drag; hides and deletes", async () => {
    const spaceId = (await api().post(`/v1/orgs/${organizationId}/spaces`, { title: 'Manual' })).body.id;
    const page = await openSignedIn(browser, base, email, `/s/${spaceId}`);
    const tree = page.getByRole('tree', { name: 'Pages' });

    await create(page, 'New page', 'Install');
    await page.waitForURL(`${base}/s/${spaceId}/install`);
    await create(page, 'New page', 'Configure');
    await page.waitForURL(`${base}/s/${spaceId}/configure`);
    await create(page, 'New group', 'Guides');
    await row(tree, 'Guides, group').waitFor();
    await create(page, 'New link', 'Status', 'https://status.example.com');
    await row(tree, 'Status, link').waitFor();
    expect(await pageTitles(spaceId)).toEqual(['Install', 'Configure', 'Guides', 'Status']);
    expect(await seriousViolations(page)).toEqual([]);

    // By keyboard: up, into the page above, out again.
    await row(tree, 'Configure').focus();
    await page.keyboard.press('Alt+ArrowUp');
    await status(page, 'Moved “Configure” up.');
    expect(await pageTitles(spaceId)).toEqual(['Configure', 'Install', 'Guides', 'Status']);
    await row(tree, 'Install').focus();
    await page.keyboard.press('Alt+ArrowRight');
    await status(page, 'Moved “Install” into “Configure”.');
    expect(await pageTitles(spaceId)).toEqual([['Configure', ['Install']], 'Guides', 'Status']);
    await expect(row(tree, 'Install').getAttribute('aria-level')).resolves.toBe('2');
    await page.keyboard.press('Alt+ArrowLeft');
    await status(page, 'Moved “Install” out of “Configure”.');
    expect(await pageTitles(spaceId)).toEqual(['Configure', 'Install', 'Guides', 'Status']);

    // By drag: into the group, then after a page in it. The page on screen follows to its new path.
    await drag(page, row(tree, 'Install'), row(tree, 'Guides, group'), 'middle');
    await status(page, 'Moved “Install” into “Guides”.');
    await drag(page, row(tree, 'Configure'), row(tree, 'Install'), 'bottom');
    await status(page, 'Moved “Configure” after “Install”.');
    expect(await pageTitles(spaceId)).toEqual([['Guides', ['Install', 'Configure']], 'Status']);
    await page.waitForURL(`${base}/s/${spaceId}/guides/configure`);
    await page.getByRole('heading', { level: 1, name: 'Configure' }).waitFor();

    // From the menu: rename, hide.
    await row(tree, 'Install').focus();
    await page.keyboard.press('Shift+F10');
    await page.getByRole('menu', { name: 'Actions for Install' }).getByRole('menuitem', { name: 'Rename' }).press('Enter');
    await page.getByRole('textbox', { name: 'New title for Install' }).fill('Installation');
    await page.keyboard.press('Enter');
    await status(page, 'Renamed to “Installation”.');
    await page.keyboard.press('Shift+F10');
    await page.getByRole('menu', { name: 'Actions for Installation' }).getByRole('menuitem', { name: 'Hide' }).press('Enter');
    await row(tree, 'Installation, hidden').waitFor();
    const guides = (await api().get(`/v1/spaces/${spaceId}/content/pages`)).body.pages[0];
    expect([guides.pages[0].title, guides.pages[0].hidden]).toEqual(['Installation', true]);

    // Delete the page on screen: confirmed, and the space opens on its first page.
    await row(tree, 'Configure').focus();
    await page.keyboard.press('Delete');
    await page.getByRole('dialog', { name: 'Delete “Configure”?' }).getByText('This page leaves the space.').waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${base}/s/${spaceId}`);
    await row(tree, 'Configure').waitFor({ state: 'detached' });
    expect(await pageTitles(spaceId)).toEqual([['Guides', ['Installation']], 'Status']);
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  }, 120_000);

  it('searches a space by keyboard and opens a result at its section', async () => {
    const spaceId = (await api().post(`/v1/orgs/${organizationId}/spaces`, { title: 'Operations' })).body.id;
    await api().post(`/v1/spaces/${spaceId}/content/pages`, { title: 'Welcome', markdown: 'Start here.' });
    const filler = Array.from({ length: 60 }, (_, i) => `Paragraph ${i} about the servers and their upkeep.`).join('\n\n');
    await api().post(`/v1/spaces/${spaceId}/content/pages`, { title: 'Deploy', markdown: `${filler}\n\n## Requirements\n\nA zebrafish licence is needed.\n\n${filler}` });
    const page = await openSignedIn(browser, base, email, `/s/${spaceId}`);
    await page.getByRole('heading', { level: 1, name: 'Welcome' }).waitFor();

    const search = page.getByRole('search', { name: 'Search this space' });
    await search.getByRole('searchbox', { name: 'Search this space' }).fill('zebrafish');
    await status(page, '1 page matches “zebrafish”.');
    const results = search.getByRole('list', { name: 'Results for “zebrafish”' });
    await expect(results.getByRole('link').allTextContents()).resolves.toEqual(['Deploy', 'Requirements']);
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('ArrowDown');
    await expect(results.getByRole('link', { name: 'Deploy' }).evaluate(isFocused)).resolves.toBe(true);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${base}/s/${spaceId}/deploy#requirements`);
    await page.getByRole('heading', { level: 1, name: 'Deploy' }).waitFor();
    // The section's heading is on screen, the page scrolled to it.
    // `## ` is the first heading level under the page's title (GitBook's conventions).
    const heading = page.getByRole('heading', { name: 'Requirements' });
    await eventually('the section is scrolled into view', async () => {
      const box = await heading.boundingBox();
      const [scrolled, height] = (await page.evaluate('[window.scrollY, window.innerHeight]')) as number[];
      return box !== null && scrolled > 0 && box.y >= 0 && box.y + box.height <= height;
    });
    // The address of a section, opened afresh, opens there too.
    await page.goto(`${base}/s/${spaceId}/deploy#requirements`);
    await page.getByRole('heading', { level: 1, name: 'Deploy' }).waitFor();
    await eventually('the section is scrolled into view on a first load', async () => {
      const box = await heading.boundingBox();
      const [scrolled, height] = (await page.evaluate('[window.scrollY, window.innerHeight]')) as number[];
      return box !== null && scrolled > 0 && box.y >= 0 && box.y + box.height <= height;
    });
    await search.getByRole('searchbox', { name: 'Search this space' }).fill('zebrafish');
    // Escape goes back to the field, a second one clears it.
    await search.getByRole('link', { name: 'Deploy' }).focus();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(search.getByRole('searchbox').inputValue()).resolves.toBe('');
    await page.close();
  }, 120_000);

  it("reads a space's history: each revision with its pages as they were, read-only", async () => {
    const spaceId = (await api().post(`/v1/orgs/${organizationId}/spaces`, { title: 'Plans' })).body.id;
    const created = await api().post(`/v1/spaces/${spaceId}/content/pages`, { title: 'Plan', markdown: 'First version.' });
    await api().patch(`/v1/spaces/${spaceId}/content/page/${created.body.id}`, { markdown: 'Second version.' });
    const current = (await api().get(`/v1/spaces/${spaceId}`)).body.revision;
    const page = await openSignedIn(browser, base, email, `/s/${spaceId}/plan`);

    await page.getByRole('link', { name: 'History' }).press('Enter');
    await page.waitForURL(`${base}/s/${spaceId}/~/revisions/${current}`);
    await page.getByRole('heading', { level: 1, name: /^Revision of / }).waitFor();
    await page.getByText('Current', { exact: true }).waitFor();
    const content = page.getByRole('textbox', { name: 'Page content' });
    await content.getByText('Second version.').waitFor();
    await expect(content.getAttribute('contenteditable')).resolves.toBe('false');
    await page.getByRole('tree', { name: 'Pages at this revision' }).getByRole('treeitem', { name: 'Plan' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Previous revision' }).press('Enter');
    await content.getByText('First version.').waitFor();
    await page.getByRole('link', { name: 'Previous revision' }).press('Enter');
    await page.getByText('The space had no page at this revision.').waitFor();
    await page.getByText('The first revision of this space.').waitFor();
    await page.close();
  }, 120_000);

  it('reads from 390 px wide in dark mode, without a serious accessibility violation', async () => {
    const narrow = await launchChromium({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
    try {
      const spaceId = (await api().post(`/v1/orgs/${organizationId}/spaces`, { title: 'Pocket guide' })).body.id;
      await api().post(`/v1/spaces/${spaceId}/content/pages`, { title: 'A page with a rather long title that has to wrap', markdown: '## Section\n\nText.' });
      const page = await openSignedIn(narrow, base, email, `/o/${organizationId}`);
      const overflow = () => page.evaluate(`document.documentElement.scrollWidth - window.innerWidth`);
      await page.getByRole('tree', { name: 'Collections and spaces' }).waitFor();
      await expect(page.evaluate(`matchMedia('(prefers-color-scheme: dark)').matches`)).resolves.toBe(true);
      expect(await overflow()).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto(`${base}/s/${spaceId}`);
      const tree = page.getByRole('tree', { name: 'Pages' });
      await row(tree, 'A page with a rather long title that has to wrap').focus();
      await page.keyboard.press('Shift+F10');
      await page.getByRole('menu', { name: /^Actions for A page/ }).waitFor();
      expect(await overflow()).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(row(tree, 'A page with a rather long title that has to wrap').evaluate(isFocused)).resolves.toBe(true);
      await page.getByRole('searchbox', { name: 'Search this space' }).fill('section');
      await status(page, '1 page matches “section”.');
      expect(await overflow()).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page)).toEqual([]);
      await page.close();
    } finally {
      await narrow.close();
    }
  }, 120_000);
});
