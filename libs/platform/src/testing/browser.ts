import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';

/** Debian's Chromium (`apt-get install chromium`; `.ci/run` installs it when missing), for browser tests of any project. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Flags for a machine without outside network: nothing phones home (component updates, sync,
 * background networking), no QUIC, no GPU, no first-run UI, and a sandbox-less headless process
 * (containers run as root).
 */
export const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

/** Chromium with a fresh profile (its own --user-data-dir, removed on close), driven by playwright-core. */
export async function launchChromium(options: BrowserContextOptions = {}): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  const profile = mkdtempSync(join(tmpdir(), 'chromium-profile-'));
  let context: BrowserContext;
  try {
    context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS, ...options });
  } catch (error) {
    rmSync(profile, { recursive: true, force: true });
    throw new Error(`Chromium could not start from ${CHROMIUM} (install it: apt-get install -y chromium): ${(error as Error).message}`);
  }
  // Every wait of a page (locators, navigations) may take a minute, not playwright's 30 s: under CI
  // the browser, the servers and the fuzz suites share two cores, and a first page pays cold starts.
  context.setDefaultTimeout(60_000);
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

let axeSource: string | undefined;

/**
 * The serious and critical accessibility violations axe-core finds on the page as it is now
 * (`id: targets`), to expect empty. axe is evaluated through the driver, which a page's CSP
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
