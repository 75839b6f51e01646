import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, BrowserContextOptions } from 'playwright-core';

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
