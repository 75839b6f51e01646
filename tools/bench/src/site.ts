import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { markdownToDocument } from '@docs/document-model';
import { dereferenceSpec } from '@docs/openapi-hosting';
import { EmbeddedPostgresServer, findWorkspaceRoot } from '@docs/platform';

/** The renderer, loaded by path and without its types (they bring the DOM's into this project's type check). */
function renderer(): { EMPTY_DOCUMENT_CONTEXT: unknown; renderDocument: (document: unknown, context: unknown) => unknown } {
  return require(join(findWorkspaceRoot(), 'libs/site-renderer/src/index.ts'));
}
import { api, freePort, LoadResult, measureLoad, median, start, TOKEN, untilUp } from './bench-kit';
import { lighthouse, LighthouseReport } from './lighthouse';
import { longPage, prose, SAMPLE_PAGE } from './sample-pages';

/**
 * The published sites (`npm run bench:site`), as issue 21 asks:
 * 1. warm pages: the site server answering a page from its render cache (one prepared statement
 *    per request for freshness) against node:http writing the very same bytes from memory, in
 *    the same session; several rounds, medians, ratios; and the 304 of a revalidation;
 * 2. cold renders of a 5,000-word page with 20 code blocks (its first request: tree, body,
 *    highlighting, rendering, compression), for ten such pages;
 * 3. Lighthouse 12.2.3 on a sample page with Debian's Chromium, mobile and desktop;
 * 4. pages with an OpenAPI block of a large hosted spec (processed by a worker): cold, warm, and
 *    the dereferencing alone;
 * 5. (issue 32) a page of a customized site, warm and in Lighthouse; the 301 of a redirect's
 *    source and of a moved page's old URL.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

/**
 * A large OpenAPI 3.0 spec (JSON): `paths` paths with a GET and a POST each, over `schemas`
 * component schemas that refer to one another (what a real API's spec looks like to the
 * dereferencer), about 0.5 MB for 200 paths.
 */
function largeSpec(paths: number, schemas: number): string {
  const components: Record<string, unknown> = {};
  for (let i = 0; i < schemas; i++) {
    components[`Model${i}`] = {
      type: 'object',
      description: prose(20, i),
      required: ['id'],
      properties: {
        id: { type: 'string', format: 'uuid' },
        name: { type: 'string', description: prose(8, i + 1) },
        createdAt: { type: 'string', format: 'date-time' },
        status: { type: 'string', enum: ['active', 'archived', 'deleted'] },
        ...(i > 0 ? { parent: { $ref: `#/components/schemas/Model${i - 1}` } } : {}),
        ...(i > 1 ? { related: { type: 'array', items: { $ref: `#/components/schemas/Model${(i * 7) % i}` } } } : {}),
      },
    };
  }
  const document: Record<string, any> = { openapi: '3.0.3', info: { title: 'Bench API', version: '1' }, servers: [{ url: 'https://api.example.com/v1' }], paths: {}, components: { schemas: components } };
  for (let i = 0; i < paths; i++) {
    const model = { $ref: `#/components/schemas/Model${i % schemas}` };
    document.paths[`/resources${i}/{id}`] = {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      get: {
        summary: `Get resource ${i}`,
        description: prose(40, i),
        parameters: [{ name: 'expand', in: 'query', schema: { type: 'array', items: { type: 'string' } } }],
        responses: { '200': { description: 'The resource.', content: { 'application/json': { schema: model } } }, '404': { description: 'Not found.' } },
      },
      post: {
        summary: `Update resource ${i}`,
        requestBody: { required: true, content: { 'application/json': { schema: model } } },
        responses: { '200': { description: 'The resource as updated.', content: { 'application/json': { schema: model } } } },
      },
    };
  }
  return JSON.stringify(document);
}

type Measurement = LoadResult;

/** The two scenarios a page view's cost is read from (by name: the list grows). */
const WARM = 'site server: a warm page (200)';
const UNRECORDED = 'site server, SITE_INSIGHTS=off: the same page, no view recorded';
const DISTINCT = 'site server: a warm page (200), each view from a new visitor (a new event each)';

/** `redirects`: the URL answers a 301 (a redirect's row, a moved page), which is what is measured, not an error; so is the 304 of an `If-None-Match`. */
function measure(url: string, pid: number, pgDataDir: string, headers: Record<string, string> = {}, redirects = false, distinctVisitors = false): Promise<Measurement> {
  return measureLoad(url, { connections: CONNECTIONS, seconds: SECONDS, headers, cpu: { pid, pgDataDir }, expect3xx: Boolean(headers['If-None-Match']) || redirects, distinctVisitors });
}


async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-site-'));
  const pgDataDir = join(dataDir, 'pg');
  const database = await EmbeddedPostgresServer.start({ dataDir: pgDataDir, port: await freePort() });
  const children: ChildProcess[] = [];
  try {
    const apiPort = await freePort();
    const sitePort = await freePort();
    const barePort = await freePort();
    const apiBase = `http://127.0.0.1:${apiPort}`;
    const siteBase = `http://127.0.0.1:${sitePort}`;
    const env = { DATABASE_URL: database.url, BOOTSTRAP_TOKEN: TOKEN, LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '1000000', PUBLISHED_URL: siteBase, ENCRYPTION_KEY: 'bench-encryption-key-of-at-least-32-characters' };
    const apiProcess = start('apps/api/src/main.ts', { ...env, PORT: String(apiPort) });
    children.push(apiProcess);
    await untilUp(`${apiBase}/v1/user`);
    // e.g. BENCH_SITE_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the site server under load.
    const siteProcess = start(
      'apps/site/src/main.ts',
      { ...env, PORT: String(await freePort()), SITE_PORT: String(sitePort), RUN_MIGRATIONS: 'false' },
      process.env.BENCH_SITE_NODE_ARGS?.split(' ').filter(Boolean) ?? [],
    );
    children.push(siteProcess);
    await untilUp(`${siteBase}/~site/health`);
    // The same site from a server that records no insights: what a recorded page view costs.
    const quietPort = await freePort();
    const quietBase = `http://127.0.0.1:${quietPort}`;
    const quietProcess = start('apps/site/src/main.ts', { ...env, PUBLISHED_URL: quietBase, PORT: String(await freePort()), SITE_PORT: String(quietPort), RUN_MIGRATIONS: 'false', SITE_INSIGHTS: 'off' });
    children.push(quietProcess);
    await untilUp(`${quietBase}/~site/health`);

    const { items } = await api<{ items: { id: string }[] }>(apiBase, 'GET', '/v1/orgs');
    const org = items[0].id;
    const space = await api<{ id: string }>(apiBase, 'POST', `/v1/orgs/${org}/spaces`, { title: 'Handbook' });
    await api(apiBase, 'POST', `/v1/spaces/${space.id}/content/pages`, { title: 'Installation', description: 'Install the platform and start it in a few minutes.', markdown: SAMPLE_PAGE });
    for (const title of ['Configuration', 'Publishing', 'Access control', 'Search', 'Troubleshooting']) {
      await api(apiBase, 'POST', `/v1/spaces/${space.id}/content/pages`, { title, description: `About ${title.toLowerCase()}.`, markdown: prose(300, title.length) });
    }
    const long: { path: string }[] = [];
    for (let i = 0; i < 10; i++) long.push(await api<{ path: string }>(apiBase, 'POST', `/v1/spaces/${space.id}/content/pages`, { title: `Long page ${i + 1}`, markdown: longPage(i + 1) }));
    const site = await api<{ id: string; urls: { published: string } }>(apiBase, 'POST', `/v1/orgs/${org}/sites`, { title: 'Handbook', spaces: [space.id] });
    const published = await api<{ urls: { published: string } }>(apiBase, 'POST', `/v1/orgs/${org}/sites/${site.id}/publish`);
    const home = published.urls.published;
    // A redirect's row (to the installation page) and a moved page (Troubleshooting renamed: its old URL answers a 301).
    const handbookPages = await api<{ pages: { id: string; title: string }[] }>(apiBase, 'GET', `/v1/spaces/${space.id}/content/pages`);
    const siteSpaceId = (await api<{ items: { id: string }[] }>(apiBase, 'GET', `/v1/orgs/${org}/sites/${site.id}/site-spaces`)).items[0].id;
    const installation = handbookPages.pages.find((p) => p.title === 'Installation')!;
    await api(apiBase, 'POST', `/v1/orgs/${org}/sites/${site.id}/redirects`, { source: '/setup/install', destination: { kind: 'site-page', siteSpaceId, pageId: installation.id } });
    await api(apiBase, 'PATCH', `/v1/spaces/${space.id}/content/page/${handbookPages.pages.find((p) => p.title === 'Troubleshooting')!.id}`, { slug: 'problems' });
    // The same space in a customized site: colours, tint, fonts, corners, logo, favicon, header links and buttons, footer, theme.
    const branded = await api<{ id: string }>(apiBase, 'POST', `/v1/orgs/${org}/sites`, { title: 'Branded handbook', spaces: [space.id] });
    const defaults = await api<Record<string, any>>(apiBase, 'GET', `/v1/orgs/${org}/sites/${branded.id}/customization`);
    await api(apiBase, 'PUT', `/v1/orgs/${org}/sites/${branded.id}/customization`, {
      ...defaults,
      title: 'Acme Handbook',
      styling: { ...defaults.styling, primaryColor: { light: '#ff6600', dark: '#ffaa55' }, tint: { color: { light: '#ff6600', dark: '#ff6600' } }, corners: 'straight', font: 'OpenSans' },
      favicon: { emoji: '📙' },
      header: {
        ...defaults.header,
        links: [
          { title: 'Status', to: { kind: 'url', url: 'https://status.example.com' }, links: [] },
          { title: 'Install', style: 'button-primary', to: { kind: 'page', page: installation.id }, links: [] },
        ],
      },
      footer: { groups: [{ title: 'Company', links: [{ title: 'About', to: { kind: 'url', url: 'https://example.com/about' } }] }], copyright: '© Acme' },
      themes: { default: 'dark', toggeable: true },
    });
    const brandedHome = (await api<{ urls: { published: string } }>(apiBase, 'POST', `/v1/orgs/${org}/sites/${branded.id}/publish`)).urls.published;

    // 2. Cold renders first (nothing of these pages is in memory yet): the first one also loads
    //    Shiki's grammars of the ten languages.
    const cold: number[] = [];
    // BENCH_COLD=0 leaves them out (a profile of warm requests only).
    for (const page of process.env.BENCH_COLD === '0' ? [] : long) {
      const startedAt = performance.now();
      const res = await fetch(`${home}/${page.path}`);
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${page.path}: ${res.status}`);
      cold.push(performance.now() - startedAt);
    }
    // The renderer alone (no database, no HTTP): the same document, after a first render.
    const { EMPTY_DOCUMENT_CONTEXT, renderDocument } = renderer();
    const longDocument = markdownToDocument(longPage(1));
    renderDocument(longDocument, EMPTY_DOCUMENT_CONTEXT);
    const renders: number[] = [];
    for (let i = 0; i < 10; i++) {
      const startedAt = performance.now();
      renderDocument(longDocument, EMPTY_DOCUMENT_CONTEXT);
      renders.push(performance.now() - startedAt);
    }
    const warmLong = performance.now();
    await (await fetch(`${home}/${long[1].path}`)).arrayBuffer();
    const warmLongMs = performance.now() - warmLong;
    const longBytes = (await (await fetch(`${home}/${long[1].path}`, { headers: { 'Accept-Encoding': 'identity' } })).arrayBuffer()).byteLength;

    // 1. Warm pages against the same bytes from memory.
    const sample = await fetch(home, { headers: { 'Accept-Encoding': 'identity' } });
    const body = Buffer.from(await sample.arrayBuffer());
    const etag = sample.headers.get('etag')!;
    const bodyFile = join(dataDir, 'page.html');
    writeFileSync(bodyFile, body);
    // Its headers as sent (node:http adds Date, Connection and Keep-Alive itself).
    const sentHeaders = Object.fromEntries([...sample.headers].filter(([name]) => !['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(name)));
    const bare = start('tools/bench/src/bare-bytes-server.ts', { PORT: String(barePort), BODY_FILE: bodyFile, HEADERS: JSON.stringify(sentHeaders) });
    children.push(bare);
    await untilUp(`http://127.0.0.1:${barePort}/`);
    // The recorded and unrecorded page side by side in each round: the machine drifts between scenarios.
    const scenarios: { name: string; url: string; pid: number; headers: Record<string, string>; redirects?: boolean; distinctVisitors?: boolean }[] = [
      { name: 'node:http, the same bytes from memory', url: `http://127.0.0.1:${barePort}/`, pid: bare.pid!, headers: {} },
      { name: WARM, url: home, pid: siteProcess.pid!, headers: {} },
      { name: UNRECORDED, url: home.replace(siteBase, quietBase), pid: quietProcess.pid!, headers: {} },
      { name: 'site server: a warm page revalidated (304)', url: home, pid: siteProcess.pid!, headers: { 'If-None-Match': etag } },
      { name: 'site server: a customized page (200)', url: brandedHome, pid: siteProcess.pid!, headers: {} },
      { name: "site server: a redirect's source (301)", url: `${home}/setup/install`, pid: siteProcess.pid!, headers: {}, redirects: true },
      { name: "site server: a moved page's old URL (301)", url: `${home}/troubleshooting`, pid: siteProcess.pid!, headers: {}, redirects: true },
      // Last in a round, then a pause: its rows are still being written when the load stops.
      { name: DISTINCT, url: home, pid: siteProcess.pid!, headers: {}, distinctVisitors: true },
    ];
    for (const scenario of scenarios.slice(4, -1)) {
      const res = await fetch(scenario.url, { redirect: 'manual' });
      await res.arrayBuffer();
      if (res.status !== (scenario.redirects ? 301 : 200)) throw new Error(`${scenario.name}: ${res.status}`);
    }
    await measure(home, siteProcess.pid!, pgDataDir); // warm-up: JIT, prepared statements on every pooled connection
    await measure(home.replace(siteBase, quietBase), quietProcess.pid!, pgDataDir);
    await measure(scenarios[0].url, bare.pid!, pgDataDir);
    const results = new Map<string, Measurement[]>();
    for (let round = 1; round <= ROUNDS; round++) {
      for (const scenario of scenarios) {
        const r = await measure(scenario.url, scenario.pid, pgDataDir, scenario.headers, scenario.redirects, scenario.distinctVisitors);
        results.set(scenario.name, [...(results.get(scenario.name) ?? []), r]);
        process.stderr.write(`round ${round}: ${scenario.name}: ${Math.round(r.rps)} req/s, p99 ${r.p99} ms, CPU/request ${Math.round(r.serverUs)} µs + db ${Math.round(r.databaseUs)} µs\n`);
        if (scenario.distinctVisitors) await sleep(3000);
      }
    }
    const of = (name: string, value: (m: Measurement) => number) => median(results.get(name)!.map(value));
    const bareRps = of(scenarios[0].name, (m) => m.rps);

    // How soon a change shows: from the answer of an edit to the first page showing it (polled).
    const pages = await api<{ pages: { id: string; title: string }[] }>(apiBase, 'GET', `/v1/spaces/${space.id}/content/pages`);
    const target = pages.pages.find((p) => p.title === 'Configuration')!;
    const visibleAfter: number[] = [];
    let onFirstRequest = 0;
    for (let i = 0; i < 10; i++) {
      const marker = `marker-${i}-${Date.now()}`;
      await api(apiBase, 'PATCH', `/v1/spaces/${space.id}/content/page/${target.id}`, { markdown: `${prose(50, i)} ${marker}` });
      const editedAt = performance.now();
      for (let attempt = 1; ; attempt++) {
        const text = await (await fetch(`${home}/configuration`)).text();
        if (text.includes(marker)) {
          if (attempt === 1) onFirstRequest++;
          break;
        }
        if (performance.now() - editedAt > 5000) throw new Error('the change did not show within 5 s');
      }
      visibleAfter.push(performance.now() - editedAt);
    }

    // 4. OpenAPI blocks (BENCH_OPENAPI=0 leaves them out): a large spec hosted and processed by
    //    the worker; ten pages with an operation block of it each. The first page's first request
    //    reads the version's files and dereferences them; the nine others render with the
    //    document in memory; then the same pages warm (versions kept under notifications).
    const openApiLines: string[] = [];
    if (process.env.BENCH_OPENAPI !== '0') {
      const worker = start('apps/worker/src/main.ts', { ...env, PORT: String(await freePort()), WORKER_METRICS_PORT: String(await freePort()), RUN_MIGRATIONS: 'false' });
      children.push(worker);
      const specText = largeSpec(200, 60);
      await api(apiBase, 'PUT', `/v1/orgs/${org}/openapi/bench`, { source: { text: specText } });
      const processedBy = performance.now() + 120_000;
      for (;;) {
        const spec = await api<{ processingState: string; lastVersion?: string }>(apiBase, 'GET', `/v1/orgs/${org}/openapi/bench`);
        if (spec.processingState === 'complete' && spec.lastVersion) break;
        if (performance.now() > processedBy) throw new Error('the worker did not process the spec within 120 s');
        await sleep(200);
      }
      const apiSpace = await api<{ id: string }>(apiBase, 'POST', `/v1/orgs/${org}/spaces`, { title: 'API reference' });
      const apiPages: { path: string }[] = [];
      for (let i = 0; i < 10; i++) {
        const block = { object: 'block', type: 'openapi-operation', isVoid: true, data: { ref: { kind: 'openapi', spec: 'bench' }, path: `/resources${i * 7}/{id}`, method: 'get' } };
        const intro = { object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: prose(60, i), marks: [] }] }] };
        apiPages.push(await api<{ path: string }>(apiBase, 'POST', `/v1/spaces/${apiSpace.id}/content/pages`, { title: `Resource ${i * 7}`, document: { object: 'document', data: {}, nodes: [intro, block] } }));
      }
      const apiSite = await api<{ id: string }>(apiBase, 'POST', `/v1/orgs/${org}/sites`, { title: 'API', spaces: [apiSpace.id] });
      const apiHome = (await api<{ urls: { published: string } }>(apiBase, 'POST', `/v1/orgs/${org}/sites/${apiSite.id}/publish`)).urls.published;
      const timed = async (url: string) => {
        const startedAt = performance.now();
        const res = await fetch(url);
        const text = await res.text();
        if (res.status !== 200 || !text.includes('openapi-operation')) throw new Error(`${url}: ${res.status}, no operation rendered`);
        return performance.now() - startedAt;
      };
      const coldFirst = await timed(`${apiHome}/${apiPages[0].path}`);
      const coldOthers: number[] = [];
      for (const page of apiPages.slice(1)) coldOthers.push(await timed(`${apiHome}/${page.path}`));
      const warm: number[] = [];
      for (let i = 0; i < 50; i++) warm.push(await timed(`${apiHome}/${apiPages[i % 10].path}`));
      const warmLoad = await measure(`${apiHome}/${apiPages[1].path}`, siteProcess.pid!, pgDataDir);
      // The dereferencing alone, in this process: its time and the heap the document holds.
      const parsed = JSON.parse(specText);
      await dereferenceSpec('openapi.json', [['openapi.json', parsed]]);
      const dereferencing: number[] = [];
      const heapBefore = process.memoryUsage().heapUsed;
      const kept: unknown[] = [];
      for (let i = 0; i < 5; i++) {
        const startedAt = performance.now();
        kept.push(await dereferenceSpec('openapi.json', [['openapi.json', parsed]]));
        dereferencing.push(performance.now() - startedAt);
      }
      const heapPerDocument = (process.memoryUsage().heapUsed - heapBefore) / kept.length;
      openApiLines.push(
        `OpenAPI blocks: a spec of ${(specText.length / 1024).toFixed(0)} KB (200 paths with a GET and a POST, 60 component schemas referring to one another), processed by the worker; ten pages with one operation block each.`,
        `First request of the first page (the version's files read and dereferenced, then the page rendered): ${Math.round(coldFirst)} ms; first requests of the nine others (document in memory, page rendered): median ${Math.round(median(coldOthers))} ms, slowest ${Math.round(Math.max(...coldOthers))} ms; warm (50 requests, one connection): median ${median(warm).toFixed(1)} ms.`,
        `Warm under load (${CONNECTIONS} connections, ${SECONDS} s, SITE_FRESHNESS=${process.env.SITE_FRESHNESS ?? 'notify'}): ${Math.round(warmLoad.rps)} req/s, p99 ${warmLoad.p99} ms, CPU ${Math.round(warmLoad.serverUs)} µs + db ${Math.round(warmLoad.databaseUs)} µs per request, ${warmLoad.errors} errors.`,
        `dereferenceSpec alone on that spec: median ${median(dereferencing).toFixed(0)} ms of 5; each dereferenced document holds about ${(heapPerDocument / 1024 / 1024).toFixed(1)} MB of heap (${(heapPerDocument / specText.length).toFixed(1)}× its file's bytes).`,
        '',
      );
    }

    // 3. Lighthouse on the sample page (BENCH_LIGHTHOUSE=0 leaves it out while iterating).
    const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
    const scores: Record<'mobile' | 'desktop', LighthouseReport> | undefined =
      process.env.BENCH_LIGHTHOUSE === '0' ? undefined : { mobile: await lighthouse(home, 'mobile', dataDir, { categories: [...categories] }), desktop: await lighthouse(home, 'desktop', dataDir, { categories: [...categories] }) };
    const brandedScores: Record<'mobile' | 'desktop', LighthouseReport> | undefined =
      process.env.BENCH_LIGHTHOUSE === '0'
        ? undefined
        : { mobile: await lighthouse(brandedHome, 'mobile', dataDir, { categories: [...categories] }), desktop: await lighthouse(brandedHome, 'desktop', dataDir, { categories: [...categories] }) };

    const lines = [
      `Warm pages: ${ROUNDS} rounds of ${SECONDS} s, ${CONNECTIONS} connections, medians; the sample page is ${body.length} bytes (${home.replace(siteBase, '')}).`,
      '',
      'Per round, the ratio of req/s to node:http measured just before; CPU: µs per request of the server process + the database.',
      '',
      '| scenario | req/s | vs node:http | ratio per round | p99 ms | CPU µs/req (server + db) | errors |',
      '|---|---:|---:|---|---:|---:|---:|',
      ...scenarios.map((s) => {
        const rps = of(s.name, (m) => m.rps);
        const perRound = results.get(s.name)!.map((m, i) => (m.rps / results.get(scenarios[0].name)![i].rps).toFixed(2)).join(', ');
        const cpu = `${Math.round(of(s.name, (m) => m.serverUs))} + ${Math.round(of(s.name, (m) => m.databaseUs))}`;
        return `| ${s.name} | ${Math.round(rps)} | ${(rps / bareRps).toFixed(2)} | ${perRound} | ${of(s.name, (m) => m.p99)} | ${cpu} | ${results.get(s.name)!.reduce((sum, m) => sum + m.errors, 0)} |`;
      }),
      '',
      `A page view recorded (insights: the view handed to the batch writer, written off the request path): the warm page's time per request is ${(of(UNRECORDED, (m) => m.rps) / of(WARM, (m) => m.rps)).toFixed(3)}× the same page's from a server with SITE_INSIGHTS=off (per round: ${results
        .get(WARM)!
        .map((m, i) => (results.get(UNRECORDED)![i].rps / m.rps).toFixed(3))
        .join(', ')}; CPU per request ${Math.round(of(WARM, (m) => m.serverUs))} against ${Math.round(of(UNRECORDED, (m) => m.serverUs))} µs; target ≤ 1.05×); ${of(WARM, (m) => m.errors)} errors. Every view from a new visitor (each a row): ${(of(UNRECORDED, (m) => m.rps) / of(DISTINCT, (m) => m.rps)).toFixed(3)}× (per round: ${results
        .get(DISTINCT)!
        .map((m, i) => (results.get(UNRECORDED)![i].rps / m.rps).toFixed(3))
        .join(', ')}; CPU per request ${Math.round(of(DISTINCT, (m) => m.serverUs))} + db ${Math.round(of(DISTINCT, (m) => m.databaseUs))} µs).`,
      '',
      `A change shows (SITE_FRESHNESS=${process.env.SITE_FRESHNESS ?? 'notify'}): on the first request sent after the edit's answer in ${onFirstRequest} of 10 edits; from that answer to the first response showing it, median ${median(visibleAfter).toFixed(1)} ms, slowest ${Math.max(...visibleAfter).toFixed(1)} ms (that request renders the page anew).`,
      '',
      ...(cold.length > 0
        ? [
            `Cold renders of a 5,000-word page with 20 code blocks (10 languages), ${longBytes} bytes of HTML, each page's first request:`,
            `first page (grammars loaded) ${Math.round(cold[0])} ms; the nine others: median ${Math.round(median(cold.slice(1)))} ms, slowest ${Math.round(Math.max(...cold.slice(1)))} ms; the same page warm: ${warmLongMs.toFixed(1)} ms.`,
            `The renderer alone on that document (in the benchmark's process, grammars loaded): median ${median(renders).toFixed(1)} ms of 10 renders.`,
            '',
          ]
        : []),
      ...openApiLines,
      ...(scores
        ? [
            '| Lighthouse 12.2.3 (Debian Chromium) | performance | accessibility | best practices | SEO | audits below 0.9 |',
            '|---|---:|---:|---:|---:|---|',
            ...[...(['mobile', 'desktop'] as const).map((preset) => [preset, scores[preset]] as const), ...(brandedScores ? (['mobile', 'desktop'] as const).map((preset) => [`${preset}, customized site`, brandedScores[preset]] as const) : [])].map(([preset, s]) => {
              return `| ${preset} | ${s.scores.performance} | ${s.scores.accessibility} | ${s.scores['best-practices']} | ${s.scores.seo} | ${s.failed.map((audit) => `${audit.id} (${audit.score})`).join(', ') || 'none'} |`;
            }),
          ]
        : []),
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
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
