import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { TEST_PASSWORD, TEST_IDP_CERTIFICATE } from '@docs/identity/testing';
import { Browser, launchChromium, TestApp } from '@docs/platform/testing';
import { isFocused, startAppInBrowser } from './app-in-browser';


/**
 * A person in a browser (Debian's Chromium): opens a `urls.app`, signs in on the page it gets,
 * lands where they were going, signs out from the Account menu; with the keyboard alone, and
 * with controls found by role and name, as a screen reader finds them.
 */
describe('signing in from a browser (Debian Chromium, playwright-core)', () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;
  let spaceUrl: string;
  let email: string;

  beforeAll(async () => {
    const app = await startAppInBrowser({ roles: { writer: 'edit' } });
    ({ t, base } = app);
    const { people: members } = app;
    const organization = { id: app.organizationId };
    email = members.writer.user.email;
    const space = await t.http.as(members.admin.token).post(`/v1/orgs/${organization.id}/spaces`, { title: 'Field guide' });
    spaceUrl = space.body.urls.app;
    const provider = await t.http.as(members.admin.token).post(`/v1/orgs/${organization.id}/saml`, { label: 'Acme SSO' });
    await t.http.as(members.admin.token).patch(`/v1/orgs/${organization.id}/saml/${provider.body.id}`, {
      entityID: 'https://idp.acme.test/metadata',
      ssoURL: 'https://idp.acme.test/sso',
      certificate: TEST_IDP_CERTIFICATE,
    });
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await t.close();
  });

  async function noAccessibilityViolations(page: Page): Promise<void> {
    await page.addScriptTag({ content: readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8') });
    const results = await page.evaluate(() => (globalThis as any).axe.run((globalThis as any).document, { resultTypes: ['violations'] }));
    expect(results.violations.map((violation: { id: string; impact: string }) => `${violation.id} (${violation.impact})`)).toEqual([]);
  }

  it('sends a browser without a session to the sign-in page, and back where it was going once signed in, with the keyboard only', async () => {
    const page = await browser.context.newPage();
    await page.goto(spaceUrl);
    expect(new URL(page.url()).pathname).toBe('/auth/sign-in');
    expect(page.url()).toContain(`next=${encodeURIComponent(new URL(spaceUrl).pathname)}`);
    await expect(page.getByRole('heading', { name: 'Sign in' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('link', { name: 'Forgot password?' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('link', { name: 'Sign in with Acme SSO' }).getAttribute('href')).resolves.toMatch(/\/sso\/saml\/[^/]+\/start\?next=/);

    // The email field has the focus: type, Tab to the password, Enter submits.
    await expect(page.getByRole('textbox', { name: 'Email' }).evaluate(isFocused)).resolves.toBe(true);
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Password').evaluate(isFocused)).resolves.toBe(true);
    await page.keyboard.type('not my password');
    await page.keyboard.press('Enter');
    await page.waitForLoadState();
    await expect(page.getByRole('alert').textContent()).resolves.toBe('The email or the password is wrong.');

    await page.getByLabel('Password').fill(TEST_PASSWORD);
    await page.getByLabel('Password').press('Enter');
    await page.waitForURL(spaceUrl);
    // The app, on the space the link named.
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('heading', { name: 'Field guide' }).waitFor();
    const cookies = await browser.context.cookies(base);
    expect(cookies.find((cookie) => cookie.name === 'docs_session')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });

    // The Account menu, from the keyboard: the button opens it on the first action, Escape closes it.
    const account = page.getByRole('button', { name: 'Account' });
    await account.focus();
    await page.keyboard.press('Enter');
    await expect(account.getAttribute('aria-expanded')).resolves.toBe('true');
    // Its first entry has the focus: the person's API tokens, then the sign-out buttons.
    await expect(page.getByRole('link', { name: 'API tokens' }).evaluate(isFocused)).resolves.toBe(true);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Sign out', exact: true }).evaluate(isFocused)).resolves.toBe(true);
    await page.keyboard.press('Escape');
    await expect(account.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(account.evaluate(isFocused)).resolves.toBe(true);
    await page.keyboard.press('Enter');
    // The menu opens on the next render: Tab goes to "Sign out" once its first entry has the focus.
    await page.waitForFunction(() => (globalThis as any).document.activeElement?.textContent === 'API tokens');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Sign out', exact: true }).evaluate(isFocused)).resolves.toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${base}/auth/sign-in`);

    // The session is over: the app sends the browser to the sign-in page again.
    await page.goto(spaceUrl);
    expect(new URL(page.url()).pathname).toBe('/auth/sign-in');
    await page.close();
  }, 60_000);

  it('has no accessibility violation (axe-core) on the sign-in page, the forgot-password page and the app', async () => {
    // axe is injected as an inline script, which the pages' Content Security Policy rightly refuses.
    const audit = await launchChromium({ bypassCSP: true });
    const page = await audit.context.newPage();
    await page.goto(`${base}/auth/sign-in`);
    await noAccessibilityViolations(page);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(`${base}/auth/forgot-password`);
    await expect(page.getByRole('button', { name: 'Send link' }).isVisible()).resolves.toBe(true);
    await noAccessibilityViolations(page);
    await page.goto(`${base}/auth/sign-in`);
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByLabel('Password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // The one organization opens straight away.
    await page.waitForURL(/\/o\/[^/]+$/);
    await page.getByRole('tree', { name: 'Collections and spaces' }).waitFor();
    await noAccessibilityViolations(page);
    await audit.close();
  }, 60_000);
});
