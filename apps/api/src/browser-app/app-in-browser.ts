import type { Page } from 'playwright-core';
import { MemberRoleOrGuest, PasswordsService } from '@docs/identity';
import { createOrganization, TEST_PASSWORD, TestUser } from '@docs/identity/testing';
import { Browser, createTestApp, freePort, TestApp, TestDatabase } from '@docs/platform/testing';
import { ApiModule } from '../api.module';

/** The api serving the built app on a port of its own, an organization, and its people, each able to sign in with TEST_PASSWORD. */
export interface AppInBrowser<Names extends string> {
  t: TestApp;
  /** The app's origin (`http://127.0.0.1:<port>`), also its PUBLIC_URL and APP_URL. */
  base: string;
  organizationId: string;
  /** `admin`, and one person per role asked for. */
  people: Record<Names | 'admin', TestUser>;
}

export interface AppInBrowserOptions<Names extends string> {
  /** The people beside the admin, by name, with their roles: `{ writer: 'edit' }`. */
  roles?: Record<Names, MemberRoleOrGuest>;
  /** The organization's title (a random one otherwise). */
  title?: string;
  /** Environment beside PUBLIC_URL and APP_URL. */
  env?: Record<string, string>;
  /** A database shared with a worker the spec starts. */
  database?: TestDatabase;
  /** Runs before the api listens (the clock set to the real time, say). */
  beforeListen?: (t: TestApp) => void;
}

/**
 * What every browser spec starts from: the api (with the built app) listening on a free port, an
 * organization, its people with their passwords. Close it with `t.close()`.
 */
export async function startAppInBrowser<Names extends string = never>(options: AppInBrowserOptions<Names> = {}): Promise<AppInBrowser<Names>> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const t = await createTestApp({ imports: [ApiModule], database: options.database, env: { ...options.env, PUBLIC_URL: base, APP_URL: base } });
  options.beforeListen?.(t);
  await t.app.listen(port, '127.0.0.1');
  const { organization, members } = await createOrganization(t, options.roles, options.title);
  for (const person of Object.values<TestUser>(members)) await t.get(PasswordsService).set(person.user.id, TEST_PASSWORD, 'cli');
  return { t, base, organizationId: organization.id, people: members };
}

/** A page of the app at `path`, signing in first when the browser has no session yet. */
export async function openSignedIn(browser: Browser, base: string, email: string, path: string): Promise<Page> {
  const page = await browser.context.newPage();
  await page.goto(`${base}${path}`);
  if (new URL(page.url()).pathname === '/auth/sign-in') {
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByLabel('Password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${base}${path}`);
  }
  return page;
}

/** For `locator.evaluate`: whether the element has the focus (typed without the DOM's types, which the api does not load). */
export const isFocused = (element: unknown): boolean => element === (element as { ownerDocument: { activeElement: unknown } }).ownerDocument.activeElement;

export { seriousViolations } from '@docs/platform/testing';

/**
 * Waits until `check` holds (polled from the test: the app's CSP forbids the string evaluation
 * playwright's waitForFunction uses in the page). The default matches the pages' own waits
 * (`launchChromium`): under CI the browser shares two cores with the fuzz suites.
 */
export async function eventually(what: string, check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Still not so after ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
