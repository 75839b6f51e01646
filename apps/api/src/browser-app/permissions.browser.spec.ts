import type { Page } from 'playwright-core';
import { Browser, launchChromium } from '@docs/platform/testing';
import { AppInBrowser, openSignedIn, seriousViolations, startAppInBrowser } from './app-in-browser';

/**
 * What a person sees follows what the API says they may do (the `permissions` it returns, never
 * the role's name), in Debian's Chromium, by role and accessible name: a reader finds a site and
 * its settings to read, with none of the controls that change it; an admin finds them all.
 */
describe('controls by permission in the browser app (Debian Chromium, playwright-core)', () => {
  let app: AppInBrowser<'reader'>;
  let reader: Browser;
  let admin: Browser;
  let sitePath: string;

  beforeAll(async () => {
    app = await startAppInBrowser({ roles: { reader: 'read' } });
    const api = app.t.http.as(app.people.admin.token);
    const space = await api.post(`/v1/orgs/${app.organizationId}/spaces`, { title: 'Handbook' });
    await api.post(`/v1/spaces/${space.body.id}/content/pages`, { title: 'Welcome', markdown: 'Hello.' });
    const site = await api.post(`/v1/orgs/${app.organizationId}/sites`, { title: 'Handbook site', spaces: [space.body.id] });
    await api.post(`/v1/orgs/${app.organizationId}/sites/${site.body.id}/sections`, { spaceId: space.body.id, title: 'Guides' });
    await api.patch(`/v1/orgs/${app.organizationId}/sites/${site.body.id}`, { basename: 'handbook' });
    sitePath = `/o/${app.organizationId}/sites/${site.body.id}`;
    reader = await launchChromium();
    admin = await launchChromium();
  }, 90_000);
  afterAll(async () => {
    await reader?.close();
    await admin?.close();
    await app?.t.close();
  });

  const open = (browser: Browser, who: 'reader' | 'admin', path: string) => openSignedIn(browser, app.base, app.people[who].user.email, path);
  /** The controls that change a site, by name: none of them for who may not. */
  const siteControls = (page: Page) => [
    page.getByRole('button', { name: 'Publish', exact: true }),
    page.getByRole('button', { name: 'Add section' }),
    page.getByRole('button', { name: /^Add variant/ }),
    page.getByRole('button', { name: /^Delete section/ }),
    page.getByRole('button', { name: 'Save settings' }),
    page.getByRole('button', { name: 'New share link' }),
    page.getByRole('heading', { name: 'Share links' }),
  ];

  it('shows a reader the site, its structure and settings to read, and no control that changes it', async () => {
    const page = await open(reader, 'reader', `/o/${app.organizationId}`);
    await page.getByRole('link', { name: 'Handbook site' }).waitFor();
    await expect(page.getByRole('button', { name: 'New site' }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'New space' }).count()).resolves.toBe(0);

    await page.getByRole('link', { name: 'Handbook site' }).click();
    await page.getByRole('heading', { level: 1, name: 'Handbook site' }).waitFor();
    await page.getByRole('heading', { level: 3, name: 'Guides' }).waitFor();
    const settings = page.getByRole('region', { name: 'Settings' });
    await settings.getByRole('definition').filter({ hasText: 'Public' }).waitFor();
    await expect(settings.getByRole('definition').allTextContents()).resolves.toEqual(['Handbook site', 'handbook', 'Public']);
    await expect(page.getByRole('textbox').count()).resolves.toBe(0);
    for (const control of siteControls(page)) await expect(control.count()).resolves.toBe(0);
    // What a reader may do is there: the preview.
    await page.getByRole('button', { name: 'Preview' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // The organization's settings: members read, nobody invited.
    await page.goto(`${app.base}/o/${app.organizationId}/settings/members`);
    await page.getByRole('heading', { level: 1, name: 'Members' }).waitFor();
    await page.getByText(app.people.admin.user.email).first().waitFor();
    await expect(page.getByRole('button', { name: 'Invite' }).count()).resolves.toBe(0);
    await expect(page.getByRole('combobox').count()).resolves.toBe(0);
    await page.close();
  }, 90_000);

  it('shows an admin every control of the same site', async () => {
    const page = await open(admin, 'admin', sitePath);
    await page.getByRole('heading', { level: 1, name: 'Handbook site' }).waitFor();
    for (const control of siteControls(page)) await control.first().waitFor();
    await page.close();
  }, 60_000);
});
