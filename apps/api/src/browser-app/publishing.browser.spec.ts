import { ChildProcess, spawn } from 'node:child_process';
import type { Locator, Page } from 'playwright-core';
import { findWorkspaceRoot } from '@docs/platform';
import { Browser, freePort, launchChromium, TestApp } from '@docs/platform/testing';
import { eventually, isFocused, openSignedIn, seriousViolations, startAppInBrowser } from './app-in-browser';

/**
 * Publishing in the browser app, in Debian's Chromium, by role and accessible name: a site made
 * from a space, a variant and a section added, its visibility set, a share link made, published,
 * its live page opened, unpublished (the live page gone); a change request's page previewed as the
 * site renders it; one journey by keyboard alone; the site screen at 390 px; axe-core on every
 * screen. The published sites' server runs as `npm start` runs it (a process of its own, on the
 * test's database), so live URLs and previews are the real ones.
 */
describe('publishing in the browser app (Debian Chromium, playwright-core)', () => {
  let t: TestApp;
  let base: string;
  let published: string;
  let siteServer: ChildProcess;
  let browser: Browser;
  let organizationId: string;
  let token: string;
  let email: string;
  let handbookId: string;

  beforeAll(async () => {
    const sitePort = await freePort();
    published = `http://127.0.0.1:${sitePort}`;
    // The site server checks preview tokens against the real clock.
    const app = await startAppInBrowser({ env: { PUBLISHED_URL: published }, beforeListen: (created) => created.clock.set(new Date()) });
    ({ t, base, organizationId } = app);
    token = app.people.admin.token;
    email = app.people.admin.user.email;
    siteServer = spawn(process.execPath, ['-r', './tools/register.js', 'apps/site/src/main.ts'], {
      cwd: findWorkspaceRoot(),
      env: {
        ...process.env,
        DATABASE_URL: t.database.url,
        RUN_MIGRATIONS: 'false',
        HOST: '127.0.0.1',
        PORT: String(await freePort()),
        SITE_PORT: String(sitePort),
        PUBLISHED_URL: published,
        PUBLIC_URL: base,
        APP_URL: base,
        // Every request reads the site: an unpublish shows on the very next one.
        SITE_FRESHNESS: 'strict',
        ENCRYPTION_KEY: t.config.encryption.key!,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await eventually('the site server answers', async () => (await fetch(`${published}/~site/health`).catch(() => undefined))?.status === 200, 90_000);

    const handbook = await api().post(`/v1/orgs/${organizationId}/spaces`, { title: 'Handbook' });
    handbookId = handbook.body.id;
    await api().post(`/v1/spaces/${handbookId}/content/pages`, { title: 'Introduction', markdown: 'Welcome to the handbook.' });
    await api().post(`/v1/spaces/${handbookId}/content/pages`, { title: 'Setup', markdown: 'Install it, then start it.' });
    for (const title of ['Handbook v2', 'API reference']) {
      const space = await api().post(`/v1/orgs/${organizationId}/spaces`, { title });
      await api().post(`/v1/spaces/${space.body.id}/content/pages`, { title: `${title} home`, markdown: `About ${title}.` });
    }
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    if (siteServer && siteServer.exitCode === null) {
      const exited = new Promise((resolve) => siteServer.once('exit', resolve));
      siteServer.kill('SIGTERM');
      await exited;
    }
    await t?.close();
  });

  const api = () => t.http.as(token);
  const status = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).waitFor();
  const siteIdOf = (page: Page) => new URL(page.url()).pathname.split('/')[4];

  /** Presses Tab until `target` has the focus (the keyboard's way there), at most `max` times. */
  async function tabTo(page: Page, target: Locator, max = 80): Promise<void> {
    for (let i = 0; i < max; i++) {
      if (await target.evaluate(isFocused).catch(() => false)) return;
      await page.keyboard.press('Tab');
    }
    throw new Error(`Tab never reached ${target}`);
  }

  it('makes a site from a space, adds a variant and a section, sets its visibility, makes a share link, publishes, opens the live page, unpublishes', async () => {
    const page = await openSignedIn(browser, base, email, `/o/${organizationId}`);
    await page.getByRole('button', { name: 'New site' }).click();
    const form = page.getByRole('form', { name: 'New site' });
    await form.getByRole('textbox', { name: 'Title' }).fill('Handbook site');
    await form.getByRole('checkbox', { name: 'Handbook', exact: true }).check();
    await form.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/o\/[^/]+\/sites\/[^/]+$/);
    await page.getByRole('heading', { level: 1, name: 'Handbook site' }).waitFor();
    const siteBase = `/v1/orgs/${organizationId}/sites/${siteIdOf(page)}`;
    const structure = async () => (await api().get(`${siteBase}/structure`)).body;
    expect((await structure()).structure.map((s: any) => s.space.title)).toEqual(['Handbook']);
    expect(await seriousViolations(page)).toEqual([]);

    // A variant beside it, then a section (the first section takes the variants in).
    await page.getByRole('button', { name: 'Add variant' }).click();
    await page.getByRole('form', { name: 'Add variant' }).getByRole('combobox', { name: 'Space' }).selectOption({ label: 'Handbook v2' });
    await page.getByRole('form', { name: 'Add variant' }).getByRole('button', { name: 'Add' }).click();
    await page.getByRole('list', { name: 'Variants' }).getByRole('button', { name: 'Remove variant Handbook v2' }).waitFor();
    expect((await structure()).structure.map((s: any) => [s.space.title, s.default])).toEqual([
      ['Handbook', true],
      ['Handbook v2', false],
    ]);
    await page.getByRole('button', { name: 'Move up Handbook v2' }).click();
    await status(page, 'Handbook v2 moved up.');
    await page.getByRole('button', { name: 'Make default variant Handbook v2' }).click();
    await status(page, 'Handbook v2 is the default variant.');
    expect((await structure()).structure.map((s: any) => [s.space.title, s.default])).toEqual([
      ['Handbook v2', true],
      ['Handbook', false],
    ]);
    await page.getByRole('button', { name: 'Make default variant Handbook' }).click();
    await status(page, 'Handbook is the default variant.');
    await page.getByRole('button', { name: 'Add section' }).click();
    const sectionForm = page.getByRole('form', { name: 'Add section' });
    await sectionForm.getByRole('combobox', { name: 'Space' }).selectOption({ label: 'API reference' });
    await sectionForm.getByRole('textbox', { name: 'Section title' }).fill('Reference');
    await sectionForm.getByRole('button', { name: 'Add' }).click();
    await page.getByRole('heading', { level: 3, name: /^Reference/ }).waitFor();
    const sections = await structure();
    expect(sections.type).toBe('sections');
    expect(sections.structure.map((s: any) => [s.title, s.siteSpaces.map((v: any) => v.space.title)])).toEqual([['Reference', ['Handbook v2', 'Handbook', 'API reference']]]);
    // A second section, then both in a group (a menu on the site), then one out of it again.
    await page.getByRole('button', { name: 'Add section' }).click();
    await sectionForm.getByRole('combobox', { name: 'Space' }).selectOption({ label: 'Handbook v2' });
    await sectionForm.getByRole('textbox', { name: 'Section title' }).fill('Guides');
    await sectionForm.getByRole('button', { name: 'Add' }).click();
    await page.getByRole('heading', { level: 3, name: /^Guides/ }).waitFor();
    await page.getByRole('button', { name: 'New group' }).click();
    const groupForm = page.getByRole('form', { name: 'New group' });
    await groupForm.getByRole('textbox', { name: 'Group title' }).fill('Docs');
    await groupForm.getByRole('checkbox', { name: 'Reference' }).check();
    await groupForm.getByRole('checkbox', { name: 'Guides' }).check();
    await groupForm.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('list', { name: 'Sections of Docs' }).waitFor();
    const grouped = (await structure()).structure;
    expect(grouped.map((item: any) => [item.object, item.title, item.children?.map((c: any) => c.title)])).toEqual([['site-section-group', 'Docs', ['Reference', 'Guides']]]);
    await page.getByRole('button', { name: 'Remove from group Guides' }).click();
    await status(page, 'Guides left its group.');
    expect((await structure()).structure.map((item: any) => item.title)).toEqual(['Docs', 'Guides']);
    expect(await seriousViolations(page)).toEqual([]);

    // Visibility: share links only.
    await page.getByRole('radio', { name: 'Share link' }).check();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await status(page, 'Settings saved.');
    expect((await api().get(siteBase)).body.visibility).toBe('share-link');

    await page.getByRole('button', { name: 'New share link' }).click();
    await page.getByRole('form', { name: 'New share link' }).getByRole('textbox', { name: 'Name' }).fill('Reviewers');
    await page.getByRole('form', { name: 'New share link' }).getByRole('button', { name: 'Create' }).click();
    const shareLink = page.getByRole('link', { name: 'Open share link Reviewers' });
    await shareLink.waitFor();
    expect((await api().get(`${siteBase}/share-links`)).body.items.map((l: any) => l.name)).toEqual(['Reviewers']);

    await page.getByRole('button', { name: 'Publish' }).click();
    await status(page, 'Published.');
    const live = page.getByRole('link', { name: 'Open the live site' });
    await live.waitFor();
    const liveUrl = (await live.getAttribute('href'))!;
    expect(liveUrl.startsWith(`${published}/sites/${organizationId}/`)).toBe(true);
    // Without the key the site is not there; the share link opens it.
    expect((await fetch(liveUrl)).status).toBe(404);
    const [shared] = await Promise.all([page.waitForEvent('popup'), shareLink.click()]);
    await shared.getByRole('heading', { level: 1, name: 'Introduction' }).waitFor();
    expect(await shared.title()).toContain('Introduction');
    await shared.close();

    // Public: the live URL, one click away, opens for anyone.
    await page.getByRole('radio', { name: 'Public' }).check();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByRole('status').filter({ hasText: 'Settings saved.' }).waitFor();
    await eventually('the site is public', async () => (await api().get(siteBase)).body.visibility === 'public');
    const [opened] = await Promise.all([page.waitForEvent('popup'), live.click()]);
    await opened.getByRole('heading', { level: 1, name: 'Introduction' }).waitFor();
    expect(await opened.title()).toContain('Introduction');
    expect(await (await fetch(liveUrl)).text()).toContain('Welcome to the handbook.');

    await page.getByRole('button', { name: 'Revoke share link Reviewers' }).click();
    await status(page, 'Reviewers revoked.');
    expect((await api().get(`${siteBase}/share-links`)).body.items).toEqual([]);

    await page.getByRole('button', { name: 'Unpublish' }).click();
    await status(page, 'Unpublished');
    // "Publish" exactly ("Unpublish" holds the word too), once the site is read again.
    await page.getByRole('button', { name: 'Publish', exact: true }).waitFor();
    expect(await live.count()).toBe(0);
    expect((await fetch(liveUrl)).status).toBe(404);
    expect((await opened.reload())?.status()).toBe(404);
    expect(await opened.title()).not.toContain('Introduction');
    await opened.close();

    // The organization lists it.
    await page.getByRole('link', { name: 'Organization' }).click();
    await page.getByRole('region', { name: 'Sites' }).getByRole('link', { name: 'Handbook site' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  }, 180_000);

  it("edits a variant's path and condition and a section's path and icon, previews each variant, deletes the site after a confirmation naming it", async () => {
    const spaces = (await api().get(`/v1/orgs/${organizationId}/spaces`)).body.items as { id: string; title: string }[];
    const spaceId = (title: string) => spaces.find((space) => space.title === title)!.id;
    const created = await api().post(`/v1/orgs/${organizationId}/sites`, { title: 'Versions', spaces: [handbookId] });
    const siteBase = `/v1/orgs/${organizationId}/sites/${created.body.id}`;
    await api().post(`${siteBase}/site-spaces`, { spaceId: spaceId('Handbook v2') });
    const siteSpaces = async () => (await api().get(`${siteBase}/site-spaces`)).body.items.map((s: any) => [s.space.title, s.path, s.condition ?? null]);
    const page = await openSignedIn(browser, base, email, `/o/${organizationId}/sites/${created.body.id}`);
    await page.getByRole('heading', { level: 1, name: 'Versions' }).waitFor();

    // A variant's path and condition.
    await page.getByRole('button', { name: 'Edit variant Handbook v2' }).click();
    const variantForm = page.getByRole('form', { name: 'Edit variant Handbook v2' });
    await variantForm.getByRole('textbox', { name: 'Path' }).fill('v2');
    await variantForm.getByRole('textbox', { name: 'Condition' }).fill('visitor.claims.beta == true');
    expect(await seriousViolations(page)).toEqual([]);
    // A claim the site does not declare: the API's refusal shows in the form, which stays open; nothing changes.
    await variantForm.getByRole('button', { name: 'Save' }).click();
    await variantForm.getByRole('alert').filter({ hasText: 'visitor.claims.beta is not a claim declared' }).waitFor();
    expect((await siteSpaces())[1]).toEqual(['Handbook v2', 'handbook-v2', null]);
    const schema = { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', additionalProperties: false, properties: { beta: { type: 'boolean', description: 'Beta tester' } } };
    expect((await api().put(`${siteBase}/adaptive-schema`, { jsonSchema: schema })).status).toBe(200);
    await variantForm.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('list', { name: 'Variants' }).getByText('visitor.claims.beta == true').waitFor();
    expect(await siteSpaces()).toEqual([
      ['Handbook', 'handbook', null],
      ['Handbook v2', 'v2', 'visitor.claims.beta == true'],
    ]);
    // A path another variant has: refused the same way.
    await page.getByRole('button', { name: 'Edit variant Handbook', exact: true }).click();
    const clashing = page.getByRole('form', { name: 'Edit variant Handbook', exact: true });
    await clashing.getByRole('textbox', { name: 'Path' }).fill('v2');
    await clashing.getByRole('button', { name: 'Save' }).click();
    await clashing.getByRole('alert').waitFor();
    await clashing.getByRole('button', { name: 'Cancel' }).click();
    expect((await siteSpaces())[0]).toEqual(['Handbook', 'handbook', null]);

    // Each variant previewed: the one readers land on, then the other.
    const variant = page.getByRole('combobox', { name: 'Variant' });
    await variant.selectOption({ label: 'Handbook v2' });
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    await page.frameLocator('iframe[title="Preview of Versions, Handbook v2"]').getByRole('heading', { level: 1, name: 'Handbook v2 home' }).waitFor({ timeout: 60_000 });
    await variant.selectOption({ label: 'Handbook (where readers land)' });
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    await page.frameLocator('iframe[title="Preview of Versions, Handbook"]').getByRole('heading', { level: 1, name: 'Introduction' }).waitFor({ timeout: 60_000 });

    // A section's path and icon.
    await api().post(`${siteBase}/sections`, { spaceId: spaceId('API reference'), title: 'Reference' });
    await page.reload();
    await page.getByRole('button', { name: 'Edit section Reference' }).click();
    const sectionForm = page.getByRole('form', { name: 'Edit section Reference' });
    await sectionForm.getByRole('textbox', { name: 'Path' }).fill('api');
    await sectionForm.getByRole('textbox', { name: 'Icon' }).fill('code');
    await sectionForm.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Icon: code').waitFor();
    const sections = (await api().get(`${siteBase}/sections`)).body.items.map((s: any) => [s.title, s.path, s.icon ?? null]);
    expect(sections).toEqual([['Reference', 'api', 'code']]);

    // Deleted, once the dialog naming it is confirmed.
    await page.getByRole('button', { name: 'Delete site' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete the site “Versions”?' });
    await dialog.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Delete site' }).click();
    await page.waitForURL(`${base}/o/${organizationId}`);
    const sites = page.getByRole('region', { name: 'Sites' });
    await sites.getByRole('button', { name: 'New site' }).waitFor();
    await eventually('the sites are listed, without Versions', async () => (await sites.getByText('Loading the sites').count()) === 0 && (await sites.getByRole('link', { name: 'Versions' }).count()) === 0);
    expect((await api().get(siteBase)).status).toBe(404);
    await page.close();
  }, 180_000);

  it('previews a change request’s page as the published site renders it, from its own screen', async () => {
    const space = (await api().post(`/v1/orgs/${organizationId}/spaces`, { title: 'Field notes' })).body.id as string;
    const intro = (await api().post(`/v1/spaces/${space}/content/pages`, { title: 'Introduction', markdown: 'Welcome to the notes.' })).body;
    await api().post(`/v1/spaces/${space}/content/pages`, { title: 'Setup', markdown: 'Install it, then start it.' });
    // Two sites publish the space: the screen asks which one.
    await api().post(`/v1/orgs/${organizationId}/sites`, { title: 'Preview site', spaces: [space] });
    await api().post(`/v1/orgs/${organizationId}/sites`, { title: 'Second site', spaces: [space] });
    const changeRequest = await api().post(`/v1/spaces/${space}/change-requests`, { subject: 'Friendlier welcome' });
    const edited = await api().patch(`/v1/spaces/${space}/change-requests/${changeRequest.body.number}/content/page/${intro.id}`, { markdown: 'Welcome to the new notes.' });
    expect(edited.status).toBe(200);

    // From the change request's screen, its "Preview" link.
    const page = await openSignedIn(browser, base, email, `/s/${space}/~/changes/${changeRequest.body.number}`);
    await page.getByRole('navigation', { name: 'Change request' }).getByRole('link', { name: 'Preview' }).click();
    await page.waitForURL(`${base}/s/${space}/~/changes/${changeRequest.body.number}/~/preview`);
    await page.getByRole('heading', { level: 1, name: /Preview of #\d+ Friendlier welcome/ }).waitFor();
    await page.getByRole('combobox', { name: 'Site' }).selectOption({ label: 'Preview site' });
    const frame = page.frameLocator('iframe[title="Preview of Introduction on Preview site"]');
    await frame.getByRole('heading', { level: 1, name: 'Introduction' }).waitFor({ timeout: 60_000 });
    await frame.getByText('Welcome to the new notes.').waitFor();
    expect(await frame.getByText('Welcome to the notes.').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    // The live content is untouched.
    expect((await api().get(`/v1/spaces/${space}/content/page/${intro.id}`, { query: { format: 'markdown' } })).body.markdown).toContain('Welcome to the notes.');

    // Another page, from the change request's tree: the app's address follows.
    await page.getByRole('tree', { name: 'Pages of the change request' }).getByRole('treeitem', { name: 'Setup' }).click();
    await page.waitForURL(`${base}/s/${space}/~/changes/${changeRequest.body.number}/~/preview/setup`);
    await page.frameLocator('iframe[title="Preview of Setup on Preview site"]').getByText('Install it, then start it.').waitFor({ timeout: 60_000 });
    await page.close();
  }, 120_000);

  it('makes a site and publishes it with the keyboard alone, and opens the live page from the keyboard', async () => {
    const page = await openSignedIn(browser, base, email, `/o/${organizationId}`);
    await page.getByRole('region', { name: 'Sites' }).waitFor();
    await tabTo(page, page.getByRole('button', { name: 'New site' }));
    await page.keyboard.press('Enter');
    const form = page.getByRole('form', { name: 'New site' });
    await eventually('the title field has the focus', () => form.getByRole('textbox', { name: 'Title' }).evaluate(isFocused));
    await page.keyboard.type('Keyboard site');
    await tabTo(page, form.getByRole('checkbox', { name: 'Handbook', exact: true }));
    await page.keyboard.press('Space');
    await tabTo(page, form.getByRole('button', { name: 'Create' }));
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/o\/[^/]+\/sites\/[^/]+$/);
    await page.getByRole('heading', { level: 1, name: 'Keyboard site' }).waitFor();

    const publish = page.getByRole('button', { name: 'Publish' });
    await tabTo(page, publish);
    await page.keyboard.press('Enter');
    await status(page, 'Published.');
    // The same button, now "Unpublish", keeps the focus.
    await expect(page.getByRole('button', { name: 'Unpublish' }).evaluate(isFocused)).resolves.toBe(true);
    const live = page.getByRole('link', { name: 'Open the live site' });
    await tabTo(page, live);
    const [opened] = await Promise.all([page.waitForEvent('popup'), page.keyboard.press('Enter')]);
    await opened.getByRole('heading', { level: 1, name: 'Introduction' }).waitFor();
    await opened.close();
    await page.close();
  }, 120_000);

  it('reads and works at 390 px wide in dark mode, without a serious accessibility violation', async () => {
    const narrow = await launchChromium({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
    try {
      const created = await api().post(`/v1/orgs/${organizationId}/sites`, { title: 'A site with a rather long title that has to wrap somewhere', spaces: [handbookId] });
      await api().post(`/v1/orgs/${organizationId}/sites/${created.body.id}/publish`);
      const page = await openSignedIn(narrow, base, email, `/o/${organizationId}/sites/${created.body.id}`);
      const overflow = () => page.evaluate(`document.documentElement.scrollWidth - window.innerWidth`);
      await page.getByRole('link', { name: 'Open the live site' }).waitFor();
      await page.getByRole('list', { name: 'Variants' }).waitFor();
      expect(await overflow()).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Preview' }).click();
      await page.frameLocator('iframe[title^="Preview of A site"]').getByRole('heading', { level: 1, name: 'Introduction' }).waitFor();
      await page.getByRole('button', { name: 'New share link' }).click();
      expect(await overflow()).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page)).toEqual([]);
      await page.close();
    } finally {
      await narrow.close();
    }
  }, 120_000);
});
