import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { dataUrl, makeZip, ZipEntries } from '@docs/content/testing';
import { EmbeddedPostgresServer, findWorkspaceRoot } from '@docs/platform';
import { freePort, TOKEN } from './bench-kit';

/**
 * Import figures (issue 10), written to docs/performance.md: generated GitBook-style zips (20
 * folders with a README each, SUMMARY.md, a heading, paragraphs, a code block, a hint, a table and
 * links to two other pages per page) imported over HTTP into an empty space by a running api:
 * 100, 1,000, 5,000 and 9,000 pages sent as the raw body (`Content-Type: application/zip`, streamed to a
 * temporary file), 1,000 pages as a JSON `data:` URL, and 1,000 pages with 40 MB of images. For
 * each, the time of the request and the api's peak resident memory during it (VmHWM, reset before
 * each import through /proc/<pid>/clear_refs) and its largest live heap (after a full garbage
 * collection, from `--trace-gc`), each row in a fresh api process. BENCH_IMPORT_PAGES=100,1000 picks the page counts;
 * BENCH_API_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") is passed to the api.
 * Run: npm run bench:import
 */
function generateDocs(pages: number, imageBytes = 0): ZipEntries {
  const folders = 20;
  const perFolder = Math.ceil(pages / folders) - 1;
  const entries: ZipEntries = {};
  const summary = ['# Table of contents', ''];
  for (let f = 0; f < folders; f++) {
    const folder = `section-${f}`;
    entries[`${folder}/README.md`] = `# Section ${f}\n\nOverview of section ${f}.\n`;
    summary.push(`* [Section ${f}](${folder}/README.md)`);
    for (let p = 0; p < perFolder; p++) {
      const next = `../section-${(f + 1) % folders}/page-${p}.md#details`;
      entries[`${folder}/page-${p}.md`] =
        `# Page ${f}.${p}\n\nSome text about **page ${p}** of section ${f}, with a [link](${next}) and [another](page-${(p + 1) % perFolder}.md).\n\n` +
        `## Details\n\n{% hint style="info" %}\nA hint.\n{% endhint %}\n\n\`\`\`js\nconsole.log(${p});\n\`\`\`\n\n| a | b |\n| --- | --- |\n| ${f} | ${p} |\n\n` +
        `${'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(8)}\n`;
      summary.push(`  * [Page ${f}.${p}](${folder}/page-${p}.md)`);
    }
  }
  entries['SUMMARY.md'] = `${summary.join('\n')}\n`;
  // Incompressible images (stored as they are): the archive grows, the pages do not.
  for (let i = 0; imageBytes > 0 && i < 40; i++) entries[`.gitbook/assets/image-${i}.png`] = { data: randomBytes(imageBytes / 40), compress: false };
  return entries;
}

const status = (pid: number, field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
/** Resets the process's peak RSS to its current RSS (Linux: "5" in clear_refs), so VmHWM is the peak of what follows. */
const resetPeak = (pid: number) => writeFileSync(`/proc/${pid}/clear_refs`, '5');

async function request(base: string, method: string, path: string, body?: unknown, raw?: { data: Buffer; type: string }): Promise<{ status: number; json: any }> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': raw?.type ?? 'application/json' },
    body: raw ? raw.data : body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: await res.json().catch(() => undefined) };
}

interface Case {
  pages: number;
  as: 'raw body' | 'data: URL';
  imageBytes?: number;
}

/** A fresh api on the database, warmed by a first small import (code paths loaded, caches filled). */
async function startApi(root: string, databaseUrl: string): Promise<{ child: ChildProcess; base: string; organizationId: string; heap: LiveHeap }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const nodeArgs = (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, ['--trace-gc', ...nodeArgs, '-r', join(root, 'tools/register.js'), join(root, 'apps/api/src/main.ts')], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), BOOTSTRAP_TOKEN: TOKEN, LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '1000000' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const heap = new LiveHeap(child);
  for (let i = 0; i < 300 && (await request(base, 'GET', '/v1/user').catch(() => ({ status: 0 }))).status !== 200; i++) await sleep(200);
  const organizationId = (await request(base, 'GET', '/v1/orgs')).json.items[0].id;
  const warm = await request(base, 'POST', `/v1/orgs/${organizationId}/spaces`, { title: 'Warm-up' });
  await request(base, 'POST', `/v1/spaces/${warm.json.id}/content/import`, undefined, { data: await makeZip(generateDocs(40)), type: 'application/zip' });
  return { child, base, organizationId, heap };
}

/**
 * The api's live heap, from its `--trace-gc` lines: what a full collection (Mark-Compact) leaves.
 * Peak RSS also counts garbage V8 lets pile up before it collects (its heap limit grows with the
 * heap), so the largest live heap is the figure that shows what an import holds.
 */
class LiveHeap {
  private largest = 0;

  constructor(child: ChildProcess) {
    let pending = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      const lines = (pending + chunk.toString('utf8')).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const live = /Mark-Compact [\d.]+ \([\d.]+\) -> ([\d.]+) \(/.exec(line);
        if (live) this.largest = Math.max(this.largest, Number(live[1]));
      }
    });
  }

  /** The largest live heap since the last reset, in MB (0: no full collection ran). */
  takeLargest(): number {
    const largest = this.largest;
    this.largest = 0;
    return largest;
  }
}

async function stopApi(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(10_000)]);
}

async function main(): Promise<void> {
  const root = findWorkspaceRoot();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-import-pg-'));
  const database = await EmbeddedPostgresServer.start({ dataDir: join(dataDir, 'pg'), port: await freePort() });
  let child: ChildProcess | undefined;
  try {
    const counts = (process.env.BENCH_IMPORT_PAGES ?? '100,1000,5000,9000').split(',').map(Number);
    const cases: Case[] = [
      ...counts.map((pages): Case => ({ pages, as: 'raw body' })),
      { pages: 1000, as: 'raw body', imageBytes: 40 * 1024 * 1024 },
      { pages: 1000, as: 'data: URL' },
    ];
    const lines = [
      '| pages | sent as | zip bytes | request time | api RSS before | api peak RSS during | growth | largest live heap during | pages read back |',
      '|---:|---|---:|---:|---:|---:|---:|---:|---:|',
    ];
    for (const { pages, as, imageBytes } of cases) {
      // Each row in a fresh api: a process keeps the heap an earlier import grew, which would hide the next one's growth.
      const api = await startApi(root, database.url);
      child = api.child;
      const pid = child.pid as number;
      const zip = await makeZip(generateDocs(pages, imageBytes));
      const space = (await request(api.base, 'POST', `/v1/orgs/${api.organizationId}/spaces`, { title: `Import ${pages}` })).json;
      const before = status(pid, 'VmRSS');
      api.heap.takeLargest();
      resetPeak(pid);
      const started = Date.now();
      const path = `/v1/spaces/${space.id}/content/import`;
      const res =
        as === 'raw body'
          ? await request(api.base, 'POST', path, undefined, { data: zip, type: 'application/zip' })
          : await request(api.base, 'POST', path, { source: 'zip', url: dataUrl(zip, 'application/zip') });
      const elapsed = Date.now() - started;
      if (res.status !== 201) throw new Error(`import of ${pages} pages -> ${res.status} ${JSON.stringify(res.json)}`);
      const peak = status(pid, 'VmHWM');
      const liveDuring = api.heap.takeLargest();
      const tree = (await request(api.base, 'GET', `/v1/spaces/${space.id}/content/pages`)).json.pages as { pages: unknown[] }[];
      const count = tree.reduce((sum, page) => sum + 1 + page.pages.length, 0);
      const what = imageBytes ? `${as} + ${imageBytes / 1024 / 1024} MB images` : as;
      lines.push(`| ${pages} | ${what} | ${zip.length} | ${(elapsed / 1000).toFixed(1)} s | ${before.toFixed(0)} MB | ${peak.toFixed(0)} MB | +${(peak - before).toFixed(0)} MB | ${liveDuring ? `${liveDuring.toFixed(0)} MB` : 'no full GC'} | ${count} |`);
      process.stderr.write(`${lines[lines.length - 1]}\n`);
      await stopApi(child);
      child = undefined;
    }
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    if (child) await stopApi(child);
    await database.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
