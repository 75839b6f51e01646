import type { Page } from 'playwright-core';
import { PasswordsService } from '@docs/identity';
import { createUser, TEST_PASSWORD } from '@docs/identity/testing';
import { Browser, launchChromium, TestApp } from '@docs/platform/testing';
import { isFocused, openSignedIn, seriousViolations, startAppInBrowser } from './app-in-browser';

/**
 * The organization-wide views in the browser app (Debian Chromium, by role and accessible name):
 * a reader searches every space from the organization screen by keyboard only (results by space,
 * a space closed to members never in them) and opens a page; the change requests of every space,
 * one status at a time; an admin makes an invite link, copies it and deletes it; a person signed
 * out opens a link, signs in, comes back to it and joins; 390 px wide in dark mode; axe-core on
 * every screen.
 */
describe('organization-wide views in the browser app (Debian Chromium, playwright-core)', () => {
  let t: TestApp;
  let base: string;
  let adminBrowser: Browser;
  let readerBrowser: Browser;
  let organizationId: string;
  let adminToken: string;
  let adminEmail: string;
  let readerEmail: string;
  let guidesId: string;

  beforeAll(async () => {
    // Invite links expire by the server's clock and the page shows them by the browser's: the same time here.
    const app = await startAppInBrowser({ roles: { writer: 'edit', reader: 'read' }, title: 'Acme Handbook', beforeListen: (started) => started.clock.set(new Date()) });
    ({ t, base, organizationId } = app);
    const members = app.people;
    adminToken = members.admin.token;
    adminEmail = members.admin.user.email;
    readerEmail = members.reader.user.email;

    const admin = t.http.as(adminToken);
    const space = async (title: string) => (await admin.post(`/v1/orgs/${organizationId}/spaces`, { title })).body.id as string;
    const page = async (spaceId: string, title: string, markdown: string) => {
      const res = await admin.post(`/v1/spaces/${spaceId}/content/pages`, { title, markdown });
      if (res.status !== 201) throw new Error(`${res.status} ${res.text}`);
    };
    guidesId = await space('Guides');
    const notesId = await space('Notes');
    const hrId = await space('HR');
    await page(guidesId, 'Kubernetes setup', 'Install it first.\n\n## Clusters\n\nOne kubernetes cluster per team.');
    await page(notesId, 'Meeting notes', 'We talked about kubernetes.');
    await page(hrId, 'Kubernetes salaries', 'Private.');
    await admin.patch(`/v1/spaces/${hrId}`, { defaultLevel: null });
    const writer = t.http.as(members.writer.token);
    const fixTypos = (await writer.post(`/v1/spaces/${guidesId}/change-requests`, { subject: 'Fix typos' })).body;
    await writer.patch(`/v1/spaces/${guidesId}/change-requests/${fixTypos.id}`, { status: 'open' });
    await writer.post(`/v1/spaces/${notesId}/change-requests`, { subject: 'Draft idea' });

    adminBrowser = await launchChromium({ permissions: ['clipboard-read', 'clipboard-write'] });
    readerBrowser = await launchChromium();
  }, 90_000);
  afterAll(async () => {
    for (const browser of [adminBrowser, readerBrowser]) await browser?.close();
    await t?.close();
  });

  const status = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text }).waitFor();
  const noSeriousViolations = async (page: Page) => expect(await seriousViolations(page)).toEqual([]);

  it('searches every space the reader can read, by keyboard only, results by space, and opens a page', async () => {
    const page = await openSignedIn(readerBrowser, base, readerEmail, `/o/${organizationId}`);
    await page.getByRole('heading', { level: 1, name: 'Acme Handbook' }).waitFor();
    const search = page.getByRole('search', { name: 'Search all spaces' });
    // Tab from the top of the page until the search field has the focus.
    const field = search.getByRole('searchbox', { name: 'Search all spaces' });
    for (let presses = 0; presses < 60 && !(await field.evaluate(isFocused)); presses++) await page.keyboard.press('Tab');
    expect(await field.evaluate(isFocused)).toBe(true);
    await page.keyboard.type('kubernetes');
    await status(page, '2 spaces have pages matching “kubernetes”.');
    const guides = search.getByRole('region', { name: 'Guides' });
    await guides.getByRole('link', { name: 'Kubernetes setup' }).waitFor();
    await guides.getByRole('link', { name: 'Clusters' }).waitFor();
    await search.getByRole('region', { name: 'Notes' }).getByRole('link', { name: 'Meeting notes' }).waitFor();
    expect(await search.getByRole('region', { name: 'HR' }).count()).toBe(0);
    expect(await search.getByText('Kubernetes salaries').count()).toBe(0);
    await noSeriousViolations(page);

    // Down into the results, the first is Guides' page; Enter opens it.
    await page.keyboard.press('ArrowDown');
    expect(await guides.getByRole('link', { name: 'Kubernetes setup' }).evaluate(isFocused)).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${base}/s/${guidesId}/kubernetes-setup`);
    await page.getByRole('heading', { name: 'Kubernetes setup' }).first().waitFor();
    await page.close();
  }, 120_000);

  it('lists the change requests of every space, open ones first, and each status on demand', async () => {
    const page = await openSignedIn(readerBrowser, base, readerEmail, `/o/${organizationId}`);
    await page.getByRole('link', { name: 'Change requests' }).click();
    await page.waitForURL(`${base}/o/${organizationId}/change-requests`);
    await page.getByRole('heading', { level: 1, name: 'Change requests in Acme Handbook' }).waitFor();
    const list = page.getByRole('list', { name: 'Change requests' });
    await list.getByRole('listitem').filter({ hasText: 'in Guides' }).getByRole('link', { name: '#1 Fix typos' }).waitFor();
    expect(await list.getByText('Draft idea').count()).toBe(0);
    await noSeriousViolations(page);

    await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Draft' });
    await list.getByRole('listitem').filter({ hasText: 'in Notes' }).getByRole('link', { name: '#1 Draft idea' }).waitFor();
    await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Merged' });
    await status(page, 'No change request is merged.');
    await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Open for review' });
    await page.getByRole('link', { name: '#1 Fix typos' }).click();
    await page.waitForURL(`${base}/s/${guidesId}/~/changes/1`);
    await page.close();
  }, 120_000);

  it('makes an invite link, copies it; a person signed out opens it, signs in, comes back and joins; a deleted link stops working', async () => {
    const page = await openSignedIn(adminBrowser, base, adminEmail, `/o/${organizationId}/settings/members`);
    const section = page.getByRole('region', { name: 'Invite links' });
    await section.getByText('No invite link.').waitFor();
    await section.getByRole('combobox', { name: 'Role of people joining' }).selectOption({ label: 'Editor' });
    await section.getByRole('button', { name: 'Create link' }).click();
    await status(page, 'A new link lets people join as Editor: copy it and send it to them.');
    const item = section.getByRole('listitem').filter({ hasText: 'Joins as Editor' });
    await item.getByRole('button', { name: 'Copy link' }).click();
    await status(page, 'Copied link.');
    // The members screen's own "Invite" is still the one button of that name.
    expect(await page.getByRole('button', { name: 'Invite' }).count()).toBe(1);
    const link = (await page.evaluate(() => (globalThis as any).navigator.clipboard.readText())) as string;
    expect(link).toMatch(new RegExp(`^${base}/join/${organizationId}/\\w+$`));
    expect(await item.locator('code').textContent()).toBe(link);
    await noSeriousViolations(page);

    // Someone signed out: the sign-in page first, then back to the link, then Join.
    const newcomer = await createUser(t, 'newcomer');
    await t.get(PasswordsService).set(newcomer.user.id, TEST_PASSWORD, 'cli');
    const outsiderBrowser = await launchChromium();
    try {
      const joining = await outsiderBrowser.context.newPage();
      await joining.goto(link);
      expect(new URL(joining.url()).pathname).toBe('/auth/sign-in');
      await joining.getByRole('textbox', { name: 'Email' }).fill(newcomer.user.email);
      await joining.getByLabel('Password').fill(TEST_PASSWORD);
      await joining.getByRole('button', { name: 'Sign in' }).click();
      await joining.waitForURL(link);
      await joining.getByRole('heading', { level: 1, name: 'Join Acme Handbook' }).waitFor();
      await joining.getByText('This link lets you join as Editor.').waitFor();
      await noSeriousViolations(joining);
      await joining.getByRole('button', { name: 'Join' }).click();
      await joining.waitForURL(`${base}/o/${organizationId}`);
      await joining.getByRole('heading', { level: 1, name: 'Acme Handbook' }).waitFor();
      const member = (await t.http.as(adminToken).get(`/v1/orgs/${organizationId}/members/${newcomer.user.id}`)).body;
      expect(member.role).toBe('edit');

      // Opened again: they are a member now.
      await joining.goto(link);
      await joining.getByRole('heading', { level: 1, name: 'You are a member of Acme Handbook' }).waitFor();

      // The admin deletes the link: it stops working.
      await item.getByRole('button', { name: 'Delete link' }).click();
      await item.getByRole('button', { name: 'Yes, delete' }).click();
      await status(page, 'The link for Editor is deleted.');
      await section.getByText('No invite link.').waitFor();
      const reader = await openSignedIn(readerBrowser, base, readerEmail, new URL(link).pathname);
      await reader.getByRole('heading', { level: 1, name: 'This invite link does not work' }).waitFor();
      await noSeriousViolations(reader);
      await reader.close();
    } finally {
      await outsiderBrowser.close();
    }
    await page.close();
  }, 180_000);

  it('reads at 390 px wide in dark mode: search results and the change requests fit', async () => {
    const narrow = await launchChromium({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
    try {
      const page = await openSignedIn(narrow, base, readerEmail, `/o/${organizationId}`);
      await page.getByRole('searchbox', { name: 'Search all spaces' }).fill('kubernetes');
      await page.getByRole('region', { name: 'Guides' }).getByRole('link', { name: 'Kubernetes setup' }).waitFor();
      const fits = async () => {
        const widths = await page.evaluate(() => {
          const root = (globalThis as any).document.documentElement;
          return { scroll: root.scrollWidth as number, client: root.clientWidth as number };
        });
        expect(widths.scroll).toBeLessThanOrEqual(widths.client);
      };
      await fits();
      await noSeriousViolations(page);
      await page.goto(`${base}/o/${organizationId}/change-requests`);
      await page.getByRole('link', { name: '#1 Fix typos' }).waitFor();
      await fits();
      await noSeriousViolations(page);
    } finally {
      await narrow.close();
    }
  }, 120_000);
});
