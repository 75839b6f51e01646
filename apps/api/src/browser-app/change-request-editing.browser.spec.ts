import type { Page } from 'playwright-core';
import { TestUser } from '@docs/identity/testing';
import { Browser, launchChromium, TestApp } from '@docs/platform/testing';
import { eventually, openSignedIn, seriousViolations as axe, startAppInBrowser } from './app-in-browser';
import { create, drag, row, status } from './tree-in-browser';

/**
 * Editing a change request's page tree and a locked space's in the app, in Debian's Chromium, by
 * role and accessible name: a change request's pages made, renamed, moved (keys and drag), hidden
 * and deleted in it, the space untouched; a locked space's tree and editor writing into the
 * person's open change request and saying so, the tree then showing that change request's pages
 * (a renamed page as renamed, a new one opened); title and place conflicts resolved either way.
 */
describe("editing a change request's pages in the browser app (Debian Chromium, playwright-core)", () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  let phone: Browser;
  let organizationId: string;
  let admin: TestUser;
  let writer: TestUser;

  beforeAll(async () => {
    const app = await startAppInBrowser({ roles: { writer: 'edit' } });
    ({ t, base, organizationId } = app);
    ({ admin, writer } = app.people);
    browser = await launchChromium();
    phone = await launchChromium({ viewport: { width: 390, height: 844 } });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await phone?.close();
    await t.close();
  });

  const as = (who: TestUser) => t.http.as(who.token);
  const open = (on: Browser, path: string): Promise<Page> => openSignedIn(on, base, writer.user.email, path);

  /** The shape of a page tree as titles (`[title, [children]]` for a page with pages under it), and which are hidden. */
  const shapeOf = async (content: string) => {
    const shape = (pages: { title: string; hidden?: boolean; pages?: unknown[] }[]): unknown[] =>
      pages.map((p) => {
        const title = p.hidden ? `${p.title} (hidden)` : p.title;
        return p.pages?.length ? [title, shape(p.pages as never)] : title;
      });
    return shape((await as(admin).get(`${content}/pages`)).body.pages);
  };

  async function space(title: string, pages: string[], editMode: 'live' | 'locked' = 'live') {
    const created = (await as(admin).post(`/v1/orgs/${organizationId}/spaces`, { title })).body;
    const ids: Record<string, string> = {};
    for (const page of pages) ids[page] = (await as(admin).post(`/v1/spaces/${created.id}/content/pages`, { title: page, markdown: `${page}.` })).body.id;
    if (editMode === 'locked') await as(admin).patch(`/v1/spaces/${created.id}`, { editMode });
    return { spaceId: created.id as string, ids, content: `/v1/spaces/${created.id}/content` };
  }

  it("makes, renames, moves (keys and drag), hides and deletes a change request's pages in it, the space untouched", async () => {
    const { spaceId, content: spaceContent } = await space('Guidebook', ['Install', 'Configure', 'Upgrade']);
    const cr = (await as(writer).post(`/v1/spaces/${spaceId}/change-requests`, { subject: 'Rework the guide' })).body;
    const content = `/v1/spaces/${spaceId}/change-requests/${cr.id}/content`;
    const page = await open(browser, `/s/${spaceId}/~/changes/${cr.number}`);
    const tree = page.getByRole('tree', { name: 'Pages of the change request' });
    await row(tree, 'Install').waitFor();

    await create(page, 'New page', 'Troubleshoot');
    await page.waitForURL(`${base}/s/${spaceId}/~/changes/${cr.number}/troubleshoot`);
    await page.getByRole('heading', { level: 2, name: 'Troubleshoot' }).waitFor();
    await create(page, 'New group', 'Guides');
    await row(tree, 'Guides, group').waitFor();
    await create(page, 'New link', 'Status', 'https://status.example.com');
    await row(tree, 'Status, link').waitFor();
    expect(await shapeOf(content)).toEqual(['Install', 'Configure', 'Upgrade', 'Troubleshoot', 'Guides', 'Status']);
    expect(await axe(page)).toEqual([]);

    // By keyboard: rename in place, up, into the page above.
    await row(tree, 'Configure').focus();
    await page.keyboard.press('F2');
    await page.getByRole('textbox', { name: 'New title for Configure' }).fill('Configuration');
    await page.keyboard.press('Enter');
    await status(page, 'Renamed to “Configuration”.');
    await page.keyboard.press('Alt+ArrowUp');
    await status(page, 'Moved “Configuration” up.');
    await row(tree, 'Install').focus();
    await page.keyboard.press('Alt+ArrowRight');
    await status(page, 'Moved “Install” into “Configuration”.');
    expect(await shapeOf(content)).toEqual([['Configuration', ['Install']], 'Upgrade', 'Troubleshoot', 'Guides', 'Status']);

    // By drag: into the group. From the menu: hide.
    await drag(page, row(tree, 'Upgrade'), row(tree, 'Guides, group'), 'middle');
    await status(page, 'Moved “Upgrade” into “Guides”.');
    await row(tree, 'Status, link').focus();
    await page.keyboard.press('Shift+F10');
    await page.getByRole('menu', { name: 'Actions for Status' }).getByRole('menuitem', { name: 'Hide' }).press('Enter');
    await row(tree, 'Status, hidden, link').waitFor();

    // Delete the page on screen: confirmed (it leaves the change request), and the overview shows.
    await row(tree, 'Troubleshoot').focus();
    await page.keyboard.press('Delete');
    await page.getByRole('dialog', { name: 'Delete “Troubleshoot”?' }).getByText('This page leaves the change request.').waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${base}/s/${spaceId}/~/changes/${cr.number}`);
    await row(tree, 'Troubleshoot').waitFor({ state: 'detached' });
    expect(await shapeOf(content)).toEqual([['Configuration', ['Install']], ['Guides', ['Upgrade']], 'Status (hidden)']);
    expect(await shapeOf(spaceContent)).toEqual(['Install', 'Configure', 'Upgrade']);

    // The overview lists what changed, per page.
    const changes = page.getByRole('region', { name: 'Changes' });
    await changes.getByRole('article', { name: 'Configuration' }).getByText('Title: “Configure” → “Configuration”.').waitFor();
    expect(await axe(page)).toEqual([]);
    await page.close();
  }, 180_000);

  it("writes a locked space's tree and pages into the person's open change request, on a phone-sized screen, and says where they went", async () => {
    const { spaceId, ids, content: spaceContent } = await space('Locked manual', ['Install', 'Configure'], 'locked');
    // The writer already has a change request open here: the edits go there, none is opened.
    const mine = (await as(writer).post(`/v1/spaces/${spaceId}/change-requests`, { subject: 'Earlier work' })).body;
    const content = `/v1/spaces/${spaceId}/change-requests/${mine.id}/content`;
    const page = await open(phone, `/s/${spaceId}/install`);
    const tree = page.getByRole('tree', { name: 'Pages' });
    await row(tree, 'Configure').waitFor();

    await row(tree, 'Configure').focus();
    await page.keyboard.press('Shift+F10');
    await page.getByRole('menu', { name: 'Actions for Configure' }).getByRole('menuitem', { name: 'Rename' }).press('Enter');
    await page.getByRole('textbox', { name: 'New title for Configure' }).fill('Settings');
    await page.keyboard.press('Enter');
    const where = page.getByRole('status').filter({ hasText: 'Your changes go to change request #1 Earlier work.' });
    await where.waitFor();
    await where.getByRole('link', { name: 'change request #1 Earlier work' }).waitFor();
    // The message shows once the change request is known, the outcome once the rename is written.
    await status(page, 'Renamed to “Settings”.');
    // The tree shows the change request's pages from then on: the page as renamed.
    await row(tree, 'Settings').waitFor();
    expect(await shapeOf(content)).toEqual(['Install', 'Settings']);
    expect(await shapeOf(spaceContent)).toEqual(['Install', 'Configure']);
    await page.getByRole('region', { name: 'Change requests' }).getByRole('link', { name: '#1 Earlier work' }).waitFor();

    // A new page goes there too; so does the editor's first change.
    await create(page, 'New page', 'Upgrade');
    await eventually('the new page is in the change request', async () => JSON.stringify(await shapeOf(content)) === JSON.stringify(['Install', 'Settings', 'Upgrade']));
    // It opens, from the change request (the space has no such page).
    await page.waitForURL(`${base}/s/${spaceId}/upgrade`);
    await page.getByRole('heading', { level: 1, name: 'Upgrade' }).waitFor();
    await row(tree, 'Upgrade').waitFor();
    await row(tree, 'Install').getByRole('link', { name: 'Install' }).click();
    await page.waitForURL(`${base}/s/${spaceId}/install`);
    const editor = page.getByRole('textbox', { name: 'Page content' });
    await editor.getByText('Install.').click();
    await page.keyboard.press('End');
    await page.keyboard.type(' Then reboot.');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(/^Saved at /).waitFor();
    expect((await as(admin).get(`${content}/page/${ids.Install}`, { query: { format: 'markdown' } })).body.markdown).toBe('Install. Then reboot.\n');
    expect((await as(admin).get(`${spaceContent}/page/${ids.Install}`, { query: { format: 'markdown' } })).body.markdown).toBe('Install.\n');
    expect((await as(admin).get(`/v1/spaces/${spaceId}`)).body.changeRequests).toBe(1);
    expect(await axe(page)).toEqual([]);

    await where.getByRole('link', { name: 'change request #1 Earlier work' }).click();
    await page.waitForURL(`${base}/s/${spaceId}/~/changes/1/install`);
    await page.getByRole('tree', { name: 'Pages of the change request' }).getByRole('treeitem', { name: 'Settings' }).waitFor();
    await page.close();
  }, 180_000);

  it("resolves title and place conflicts either way: the change request's version kept, the space's taken", async () => {
    const { spaceId, ids, content: spaceContent } = await space('Conflicted', ['Guides', 'Reference', 'Install', 'FAQ']);
    const cr = (await as(writer).post(`/v1/spaces/${spaceId}/change-requests`, { subject: 'Reshape' })).body;
    const content = `/v1/spaces/${spaceId}/change-requests/${cr.id}/content`;
    await as(writer).patch(`${content}/page/${ids.Install}`, { title: 'Install it' });
    await as(writer).post(`${content}/page/${ids.FAQ}/move`, { parent: ids.Guides });
    await as(admin).patch(`${spaceContent}/page/${ids.Install}`, { title: 'Installing' });
    await as(admin).post(`${spaceContent}/page/${ids.FAQ}/move`, { parent: ids.Reference });

    const page = await open(browser, `/s/${spaceId}/~/changes/${cr.number}`);
    await page.getByRole('button', { name: 'Update from the space' }).click();
    const conflicts = page.getByRole('region', { name: 'Conflicts with the space' });
    await conflicts.getByText(/here “Install it”.*, in the space “Installing”/).waitFor();
    await conflicts.getByText(/here “FAQ” at guides\/faq, in the space “FAQ” at reference\/faq/).waitFor();
    expect(await axe(page)).toEqual([]);

    await conflicts.getByRole('button', { name: "Keep the change request's version of Install it" }).click();
    await conflicts.getByRole('button', { name: "Keep the change request's version of Install it" }).waitFor({ state: 'detached' });
    await conflicts.getByRole('button', { name: "Take the space's version of FAQ" }).click();
    await conflicts.waitFor({ state: 'detached' });
    expect((await as(admin).get(`/v1/spaces/${spaceId}/change-requests/${cr.id}`)).body.conflicts).toEqual([]);

    // Merged (by an admin: merging takes the review level): the space has the title kept and the place taken.
    expect((await as(admin).post(`/v1/spaces/${spaceId}/change-requests/${cr.id}/merge`)).body.result).toBe('merge');
    expect(await shapeOf(spaceContent)).toEqual(['Guides', ['Reference', ['FAQ']], 'Install it']);
    await page.close();
  }, 180_000);
});
