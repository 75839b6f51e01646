import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { TEST_PASSWORD } from '@docs/identity/testing';
import type { Browser } from '@docs/platform/testing';

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

let axeSource: string | undefined;

/**
 * The serious and critical accessibility violations axe-core finds on the page as it is now
 * (`id: targets`), to expect empty. axe is evaluated through the driver, which the page's CSP
 * does not stop (a script tag it would).
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  axeSource ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(axeSource);
  const results = await page.evaluate(() => (globalThis as any).axe.run((globalThis as any).document, { resultTypes: ['violations'] }));
  return results.violations
    .filter((violation: { impact: string }) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation: { id: string; nodes: { target: string[] }[] }) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

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
