import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';
import { EmbeddedPostgresServer, findWorkspaceRoot } from '@docs/platform';
import { Browser, launchChromium } from '@docs/platform/testing';
import type { Page } from 'playwright-core';
import { api, freePort, median, percentile, signedInSession, spaceWithPages, start, TOKEN, untilUp } from './bench-kit';
import { lighthouse, LighthouseReport } from './lighthouse';
import { longPage, prose, SAMPLE_PAGE } from './sample-pages';

/**
 * The browser app (`npm run bench:app`), issue 30's figures, on the real api serving the built
 * app (production settings, LOG_LEVEL=warn), a person signed in with a session, Debian's Chromium:
 * 1. the JavaScript a fresh browser downloads to open a page for editing (the transfer sizes
 *    Chromium reports, and the same files gzipped at level 9);
 * 2. Lighthouse 12.2.3 (mobile) on the space screen with a page open: performance, accessibility;
 * 3. typing in a page of 5,000 words and 20 code blocks: from each keydown's timestamp to the end
 *    of the frame that follows it (requestAnimationFrame, then a task), in the page;
 * 4. opening a space of 1,000 pages (50 sections of 20, and all at the top level): from the
 *    navigation's start to the frame after the tree's last row is in the document, once with an
 *    empty cache and then with the app's files cached.
 */
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const TREE_OPENS = Number(process.env.BENCH_TREE_OPENS ?? 7);
const KEYSTROKES = Number(process.env.BENCH_KEYSTROKES ?? 300);
/** Between two keys: a fast typist's pace (about 12 keys a second). */
const KEY_DELAY_MS = 80;

const TARGETS = { performance: 90, accessibility: 95, scriptKb: 300, typingP95Ms: 50, treeMs: 1000 };

/** The app's builder (plain CommonJS, shared with `npm start`). */
function ensureAppBuild(): Promise<boolean> {
  const builder = require(join(findWorkspaceRoot(), 'tools/app-build/build-app.js')) as { ensureAppBuild(options: { say: (line: string) => void }): Promise<boolean> };
  return builder.ensureAppBuild({ say: (line) => process.stderr.write(`${line}\n`) });
}

interface ScriptDownload {
  url: string;
  /** Bytes on the wire (the body as encoded), as Chromium reports them. */
  transferred: number;
  /** The file as served, decoded. */
  bytes: number;
  gzip: number;
}

/** 1. The scripts a browser with an empty cache loads until the page's editor shows and the network is idle. */
async function scriptsToEdit(browser: Browser, url: string): Promise<ScriptDownload[]> {
  const page = await browser.context.newPage();
  const finished: Promise<ScriptDownload>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    finished.push(
      (async () => {
        const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
        const body = await response!.body();
        return { url: request.url(), transferred: sizes.responseBodySize, bytes: body.length, gzip: gzipSync(body, { level: 9 }).length };
      })(),
    );
  });
  await page.goto(url);
  await editorOf(page).waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  const scripts = await Promise.all(finished);
  await page.close();
  return scripts;
}

const editorOf = (page: Page) => page.getByRole('textbox', { name: 'Page content' });

/**
 * 3. In the page, before any of its scripts: each keydown's latency to the end of the next frame
 * (the frame that paints what the key did), in `window.__keyLatencies`.
 */
const KEY_LATENCY_SCRIPT = `
  window.__keyLatencies = [];
  addEventListener('keydown', (event) => {
    const pressed = event.timeStamp;
    requestAnimationFrame(() => setTimeout(() => window.__keyLatencies.push(performance.now() - pressed), 0));
  }, true);
`;

/** 3. Types `count` keys in prose (two thirds, in a paragraph mid-page) and in a code block (the rest). */
async function typingLatencies(browser: Browser, url: string, count: number): Promise<number[]> {
  const page = await browser.context.newPage();
  await page.addInitScript(KEY_LATENCY_SCRIPT);
  await page.goto(url);
  const editor = editorOf(page);
  await editor.locator('pre').nth(19).waitFor({ timeout: 60_000 });
  const text = (n: number) => prose(Math.ceil(n / 4), 3).slice(0, n);
  await editor.locator('p').nth(20).click();
  await page.keyboard.press('End');
  const inProse = Math.round((count * 2) / 3);
  await page.keyboard.type(` ${text(inProse - 1)}`, { delay: KEY_DELAY_MS });
  await editor.locator('pre').nth(10).click();
  await page.keyboard.press('End');
  await page.keyboard.type(` ${text(count - inProse - 1)}`, { delay: KEY_DELAY_MS });
  const latencies = await inPage<number[]>(page, '__keyLatencies', (value) => value.length >= count);
  await page.close();
  return latencies;
}

/**
 * 4. In the page: the times (from the navigation's start) of the ends of the frames after the
 * rows with these ids are in the document: the last row in view (`__treeOnScreenAt`) and the
 * tree's last row (`__treeWholeAt`).
 */
const treeShownScript = (lastInView: string, last: string) => `
  (() => {
    const marks = { __treeOnScreenAt: ${JSON.stringify(lastInView)}, __treeWholeAt: ${JSON.stringify(last)} };
    const watcher = new MutationObserver(() => {
      for (const [mark, id] of Object.entries(marks)) {
        if (!document.querySelector('[role=tree] [data-node="' + id + '"]')) continue;
        delete marks[mark];
        requestAnimationFrame(() => setTimeout(() => (window[mark] = performance.now()), 0));
      }
      if (Object.keys(marks).length === 0) watcher.disconnect();
    });
    watcher.observe(document, { childList: true, subtree: true });
  })();
`;

/** 4. One opening of the space: ms from the navigation's start to its tree on screen, and to the whole tree in the document. */
async function treeShownMs(page: Page, url: string): Promise<{ onScreen: number; whole: number }> {
  await page.goto(url, { waitUntil: 'commit' });
  const whole = await inPage<number>(page, '__treeWholeAt', (value) => value !== undefined);
  return { onScreen: await inPage<number>(page, '__treeOnScreenAt', (value) => value !== undefined), whole };
}

/** 4. The id of the last row of the space's tree that is in view once the whole tree is there. */
async function lastRowInView(browser: Browser, url: string, lastRow: string): Promise<string> {
  const page = await browser.context.newPage();
  await page.goto(url);
  await page.locator(`[role=tree] [data-node="${lastRow}"]`).waitFor({ state: 'attached', timeout: 60_000 });
  const id = (await page.evaluate(() => {
    const { document, innerHeight } = globalThis as any;
    const inView = [...document.querySelectorAll('[role=tree] [role=treeitem]')].filter((row: any) => {
      const box = row.getBoundingClientRect();
      return box.bottom > 0 && box.top < innerHeight;
    });
    return inView[inView.length - 1]?.getAttribute('data-node');
  })) as string | undefined;
  await page.close();
  if (!id) throw new Error(`no row of the tree at ${url} is in view`);
  return id;
}

/**
 * A global the page's measuring script sets, once `ready` holds (polled in Node: the app's CSP
 * rightly refuses the string evaluation that waitForFunction uses).
 */
async function inPage<T>(page: Page, name: string, ready: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const value = (await page.evaluate((global) => (globalThis as any)[global], name)) as T;
    if (value !== undefined && ready(value)) return value;
    if (Date.now() > deadline) throw new Error(`${name} was not set in the page within 60 s`);
    await sleep(25);
  }
}

/** Each audit that scored below 0.9 in some run, once, with its lowest score. */
function belowThreshold(reports: LighthouseReport[]): string {
  const lowest = new Map<string, number>();
  for (const { failed } of reports) for (const audit of failed) lowest.set(audit.id, Math.min(audit.score, lowest.get(audit.id) ?? 1));
  return [...lowest].map(([id, score]) => `${id} (${score})`).join(', ');
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const spread = (values: number[], digits = 0) => `${Math.min(...values).toFixed(digits)} to ${Math.max(...values).toFixed(digits)}`;

async function main(): Promise<void> {
  await ensureAppBuild();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-app-'));
  const database = await EmbeddedPostgresServer.start({ dataDir: join(dataDir, 'pg'), port: await freePort() });
  const children: ChildProcess[] = [];
  const browsers: Browser[] = [];
  try {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    children.push(start('apps/api/src/main.ts', { DATABASE_URL: database.url, BOOTSTRAP_TOKEN: TOKEN, LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '1000000', PORT: String(port), PUBLIC_URL: base, APP_URL: base }));
    await untilUp(`${base}/v1/user`);
    const session = await signedInSession(base, database.url);
    const cookie = { ...session, url: base };

    const organizationId = (await api<{ items: { id: string }[] }>(base, 'GET', '/v1/orgs')).items[0].id;
    const handbook = await api<{ id: string }>(base, 'POST', `/v1/orgs/${organizationId}/spaces`, { title: 'Handbook' });
    const installation = await api<{ path: string }>(base, 'POST', `/v1/spaces/${handbook.id}/content/pages`, { title: 'Installation', description: 'Install the platform and start it in a few minutes.', markdown: SAMPLE_PAGE });
    for (const title of ['Configuration', 'Publishing', 'Access control', 'Search', 'Troubleshooting']) {
      await api(base, 'POST', `/v1/spaces/${handbook.id}/content/pages`, { title, description: `About ${title.toLowerCase()}.`, markdown: prose(300, title.length) });
    }
    const editingUrl = `${base}/s/${handbook.id}/${installation.path}`;
    const longSpace = await api<{ id: string }>(base, 'POST', `/v1/orgs/${organizationId}/spaces`, { title: 'Long pages' });
    const long = await api<{ path: string }>(base, 'POST', `/v1/spaces/${longSpace.id}/content/pages`, { title: 'A long page', markdown: longPage(1) });
    // Two spaces of 1,000 pages: 50 sections of 20 (the sections collapsed), and all at the top level.
    const largeSpaces = [
      { name: '50 sections of 20', ...(await spaceWithPages(base, organizationId, '1,000 pages in sections', 3)) },
      { name: 'all at the top level', ...(await spaceWithPages(base, organizationId, '1,000 pages at the top level', 3, true)) },
    ];

    // 1. JavaScript to open a page for editing, with an empty cache (a fresh profile each time).
    const downloads: ScriptDownload[][] = [];
    for (let i = 0; i < 2; i++) {
      const browser = await launchChromium();
      browsers.push(browser);
      await browser.context.addCookies([cookie]);
      downloads.push(await scriptsToEdit(browser, editingUrl));
      await browser.close();
      browsers.pop();
    }
    const scripts = downloads[downloads.length - 1];
    const transferred = scripts.reduce((sum, s) => sum + s.transferred, 0);
    const gzipped = scripts.reduce((sum, s) => sum + s.gzip, 0);

    const browser = await launchChromium();
    browsers.push(browser);
    await browser.context.addCookies([cookie]);

    // 4. The spaces of 1,000 pages: the first opening with an empty cache, then with the app's files cached.
    const trees: { name: string; rows: number; cold: { onScreen: number; whole: number }; warm: { onScreen: number; whole: number }[] }[] = [];
    for (const large of largeSpaces) {
      const { pages } = await api<{ pages: { id: string }[] }>(base, 'GET', `/v1/spaces/${large.spaceId}/content/pages`);
      const lastRow = pages[pages.length - 1].id;
      const url = `${base}/s/${large.spaceId}`;
      const treeBrowser = await launchChromium();
      browsers.push(treeBrowser);
      await treeBrowser.context.addCookies([cookie]);
      const lastInView = await lastRowInView(treeBrowser, url, lastRow);
      await treeBrowser.close();
      browsers.pop();
      const fresh = await launchChromium();
      browsers.push(fresh);
      await fresh.context.addCookies([cookie]);
      const treePage = await fresh.context.newPage();
      await treePage.addInitScript(treeShownScript(lastInView, lastRow));
      const cold = await treeShownMs(treePage, url);
      const warm: { onScreen: number; whole: number }[] = [];
      for (let i = 0; i < TREE_OPENS; i++) warm.push(await treeShownMs(treePage, url));
      const rows = (await treePage.getByRole('tree', { name: 'Pages' }).getByRole('treeitem').count()) as number;
      trees.push({ name: large.name, rows, cold, warm });
      await fresh.close();
      browsers.pop();
    }

    // 3. Typing in the long page.
    const latencies = await typingLatencies(browser, `${base}/s/${longSpace.id}/${long.path}`, KEYSTROKES);

    // 2. Lighthouse, mobile, on the space screen with the sample page open (BENCH_LIGHTHOUSE=0 leaves it out).
    const reports: LighthouseReport[] = [];
    for (let i = 0; i < (process.env.BENCH_LIGHTHOUSE === '0' ? 0 : LIGHTHOUSE_RUNS); i++) {
      // BENCH_REPORTS=<folder> keeps each run's report there.
      const outputDir = process.env.BENCH_REPORTS ?? dataDir;
      reports.push(await lighthouse(editingUrl, 'mobile', outputDir, { categories: ['performance', 'accessibility'], extraHeaders: { Cookie: `${session.name}=${session.value}` }, name: `lighthouse-app-${i}` }));
    }

    const performanceScores = reports.map((r) => r.scores.performance!);
    const accessibilityScores = reports.map((r) => r.scores.accessibility!);
    const verdict = (ok: boolean) => (ok ? 'met' : '**missed**');
    const p95 = percentile(latencies, 95);
    const rows = [
      '| figure | target | median | runs / spread | |',
      '|---|---:|---:|---|---|',
      ...(reports.length > 0
        ? [
            `| Lighthouse (mobile) performance, space screen | ≥ ${TARGETS.performance} | ${median(performanceScores)} | ${performanceScores.join(', ')} | ${verdict(median(performanceScores) >= TARGETS.performance)} |`,
            `| Lighthouse (mobile) accessibility, space screen | ≥ ${TARGETS.accessibility} | ${median(accessibilityScores)} | ${accessibilityScores.join(', ')} | ${verdict(median(accessibilityScores) >= TARGETS.accessibility)} |`,
          ]
        : []),
      `| JavaScript to open a page for editing, gzip (KB) | ≤ ${TARGETS.scriptKb} | ${kb(gzipped)} | ${scripts.length} files; ${kb(transferred)} KB on the wire, ${kb(scripts.reduce((sum, s) => sum + s.bytes, 0))} KB decoded | ${verdict(gzipped / 1024 <= TARGETS.scriptKb && transferred / 1024 <= TARGETS.scriptKb)} |`,
      `| typing, 5,000 words and 20 code blocks: key to paint p95 (ms) | ≤ ${TARGETS.typingP95Ms} | ${p95.toFixed(1)} | ${latencies.length} keys: p50 ${median(latencies).toFixed(1)}, p99 ${percentile(latencies, 99).toFixed(1)}, max ${Math.max(...latencies).toFixed(1)} | ${verdict(p95 <= TARGETS.typingP95Ms)} |`,
      ...trees.map((tree) => {
        const onScreen = median(tree.warm.map((open) => open.onScreen));
        const whole = tree.warm.map((open) => open.whole);
        return `| a space of 1,000 pages, ${tree.name}: its tree on screen (ms), app cached | ≤ ${TARGETS.treeMs} | ${onScreen.toFixed(0)} | ${TREE_OPENS} opens: ${spread(tree.warm.map((open) => open.onScreen))}; empty cache ${tree.cold.onScreen.toFixed(0)}; all ${tree.rows} rows in the document: median ${median(whole).toFixed(0)} (${spread(whole)}), empty cache ${tree.cold.whole.toFixed(0)} | ${verdict(onScreen <= TARGETS.treeMs && tree.cold.onScreen <= TARGETS.treeMs)} |`;
      }),
    ];
    const details = [
      '',
      `Scripts to edit a page (${scripts.length}): ${scripts.map((s) => `${new URL(s.url).pathname} ${kb(s.transferred)} KB on the wire, ${kb(s.gzip)} KB gzip`).join('; ')}.`,
      ...(reports.length > 0
        ? [
            `Lighthouse metrics (medians of ${reports.length}): ${Object.keys(reports[0].metrics)
              .map((id) => `${id} ${median(reports.map((r) => r.metrics[id])).toFixed(id === 'cumulative-layout-shift' ? 3 : 0)}`)
              .join(', ')}.`,
            `Audits below 0.9 (in any run, lowest score): ${belowThreshold(reports) || 'none'}.`,
          ]
        : []),
    ];
    process.stdout.write(`${[...rows, ...details].join('\n')}\n`);
  } finally {
    for (const browser of browsers) await browser.close();
    for (const child of children) child.kill('SIGTERM');
    await sleep(1000);
    await database.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
