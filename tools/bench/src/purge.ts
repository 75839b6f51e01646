import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { NestFactory } from '@nestjs/core';
import autocannon from 'autocannon';
import { ContentJobsModule, SpacePurger } from '@docs/content';
import { makeZip, ZipEntries } from '@docs/content/testing';
import { composeApp, EmbeddedPostgresServer, JobWorkerModule, loadConfig } from '@docs/platform';
import { Client } from 'pg';
import { api, freePort, median, start, TOKEN, untilUp } from './bench-kit';

/**
 * The space purge (issue 20), written to docs/performance.md: a space of 10,000 pages (one zip
 * import) and 1,000 files (one upload each, so 1,000 revisions too), with a change request, is
 * deleted, aged past 7 days and purged, while a load generator reads a page of another space
 * through the api. For each round: the purge's time and what it removed, and the p50/p99 latency
 * of the other space's reads during the purge against the same reads with nothing else running
 * (idle), in the same session. BENCH_PURGE_ROUNDS (default 3), BENCH_PURGE_PAGES (10000),
 * BENCH_PURGE_FILES (1000), BENCH_CONNECTIONS (4: reads at a steady rate, not a saturated server),
 * BENCH_PURGE_PAUSE (the purge's pause ratio; unset: its default, PURGE_PAUSE_RATIO).
 * Run: npm run bench:purge
 */
const ROUNDS = Number(process.env.BENCH_PURGE_ROUNDS ?? 3);
const PAGES = Number(process.env.BENCH_PURGE_PAGES ?? 10_000);
const FILES = Number(process.env.BENCH_PURGE_FILES ?? 1_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 4);
const IDLE_SECONDS = 10;
/** The purge's pause after each statement, as a share of the statement's time (SpacePurger's default when unset). */
const PAUSE = process.env.BENCH_PURGE_PAUSE === undefined ? undefined : Number(process.env.BENCH_PURGE_PAUSE);

/** A tree of markdown files: folders of 100 pages, each page linking to the next. */
function docs(pages: number): ZipEntries {
  const entries: ZipEntries = {};
  const perFolder = 100;
  for (let i = 0; i < pages; i++) {
    const folder = `part-${String(Math.floor(i / perFolder)).padStart(3, '0')}`;
    const next = `page-${(i % perFolder) + 1}.md`;
    entries[`${folder}/page-${i % perFolder}.md`] =
      `# Page ${i}\n\nText of page ${i}, with a [link](${next}) and some words.\n\n## Details\n\n${'Lorem ipsum dolor sit amet. '.repeat(6)}\n`;
  }
  return entries;
}

async function raw(base: string, path: string, data: Buffer, type: string): Promise<any> {
  const res = await fetch(`${base}${path}`, { method: 'POST', headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': type }, body: data }).catch((error: Error) => {
    throw new Error(`POST ${path}: ${error.message} (${String((error.cause as Error)?.message ?? error.cause)})`);
  });
  if (!res.ok) throw new Error(`POST ${path} -> ${res.status} ${await res.text()}`);
  return res.json();
}

/** The big space: pages by one import, files by one upload each, a change request with edits. */
async function bigSpace(base: string, organizationId: string): Promise<{ id: string; seconds: number }> {
  const started = Date.now();
  const space = await api<{ id: string }>(base, 'POST', `/v1/orgs/${organizationId}/spaces`, { title: 'Doomed' });
  await raw(base, `/v1/spaces/${space.id}/content/import`, await makeZip(docs(PAGES)), 'application/zip');
  process.stderr.write(`imported ${PAGES} pages in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  for (let i = 0; i < FILES; i += 10) {
    await Promise.all(
      Array.from({ length: Math.min(10, FILES - i) }, (_, k) => raw(base, `/v1/spaces/${space.id}/content/files?name=file-${i + k}.bin`, randomBytes(4096), 'application/octet-stream')),
    );
  }
  process.stderr.write(`uploaded ${FILES} files after ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  const cr = await api<{ id: string }>(base, 'POST', `/v1/spaces/${space.id}/change-requests`, { subject: 'Edits' });
  const tree = await api<{ pages: { id: string }[] }>(base, 'GET', `/v1/spaces/${space.id}/content/pages`);
  for (const page of tree.pages.slice(0, 5)) await api(base, 'PATCH', `/v1/spaces/${space.id}/change-requests/${cr.id}/content/page/${page.id}`, { markdown: 'Edited.' });
  return { id: space.id, seconds: (Date.now() - started) / 1000 };
}

interface Latency {
  p50: number;
  p99: number;
  requests: number;
}

/** Percentiles of response times (ms). */
function latency(samples: number[]): Latency {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] * 10) / 10;
  return { p50: at(0.5), p99: at(0.99), requests: sorted.length };
}

/**
 * Reads `url` with CONNECTIONS connections without a break: `IDLE_SECONDS` with nothing else, then
 * while `work()` runs, then `IDLE_SECONDS` again. Each response's time is filed by when it ended,
 * so the idle windows sit right before and after the purge (this machine's load drifts).
 */
async function readAround<T>(url: string, work: () => Promise<T>): Promise<{ result: T; idle: Latency; during: Latency }> {
  const idle: number[] = [];
  const during: number[] = [];
  let bucket: number[] | undefined = idle;
  let failures = 0;
  const instance = autocannon({ url, connections: CONNECTIONS, duration: 3600, headers: { Authorization: `Bearer ${TOKEN}` } }, () => undefined);
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    if (statusCode !== 200) failures++;
    bucket?.push(responseTime);
  });
  await sleep(IDLE_SECONDS * 1000);
  bucket = during;
  const result = await work();
  bucket = idle;
  await sleep(IDLE_SECONDS * 1000);
  bucket = undefined;
  instance.stop();
  if (failures > 0) throw new Error(`${failures} failed reads`);
  return { result, idle: latency(idle), during: latency(during) };
}


async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-purge-'));
  const database = await EmbeddedPostgresServer.start({ dataDir: join(dataDir, 'pg'), port: await freePort() });
  const children: ChildProcess[] = [];
  try {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const child = start('apps/api/src/main.ts', {
      DATABASE_URL: database.url,
      PORT: String(port),
      BOOTSTRAP_TOKEN: TOKEN,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '1000000',
      IMPORT_MAX_BYTES: String(200 * 1024 * 1024),
    });
    children.push(child);
    await untilUp(`${base}/v1/user`);
    const organizationId = (await api<{ items: { id: string }[] }>(base, 'GET', '/v1/orgs')).items[0].id;
    // The space read meanwhile: another space of the same organization, 100 pages.
    const other = await api<{ id: string }>(base, 'POST', `/v1/orgs/${organizationId}/spaces`, { title: 'Read meanwhile' });
    await raw(base, `/v1/spaces/${other.id}/content/import`, await makeZip(docs(100)), 'application/zip');
    const page = (await api<{ pages: { id: string }[] }>(base, 'GET', `/v1/spaces/${other.id}/content/pages`)).pages[0];
    const readUrl = `${base}/v1/spaces/${other.id}/content/page/${page.id}`;
    // The purge runs here, as the worker's job does (the same SpacePurger, in a process of its own).
    const config = { ...loadConfig({ DATABASE_URL: database.url }), logLevel: 'silent' as const };
    const purgerApp = await NestFactory.createApplicationContext(composeApp({ config, databaseUrl: database.url, runtime: 'worker' }, [JobWorkerModule, ContentJobsModule]), { logger: false });
    const purger = purgerApp.get(SpacePurger);
    const sql = new Client({ connectionString: database.url });
    sql.on('error', () => undefined); // the server stops at the end
    await sql.connect();
    await readAround(readUrl, () => sleep(1000)); // warm-up

    const rows: string[] = [];
    const ratios: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const doomed = await bigSpace(base, organizationId);
      const deleted = await fetch(`${base}/v1/spaces/${doomed.id}`, { method: 'DELETE', headers: { Authorization: `Bearer ${TOKEN}` } });
      if (deleted.status !== 205) throw new Error(`DELETE space -> ${deleted.status}`);
      await sql.query(`UPDATE spaces SET deleted_at = now() - interval '8 days' WHERE id = $1`, [doomed.id]);
      const [{ rows: sizes }] = [await sql.query(`SELECT (SELECT count(*) FROM revisions WHERE space_id = $1) AS revisions, (SELECT count(*) FROM head_pages WHERE head_key = $1) AS pages`, [doomed.id])];
      await sql.query('VACUUM ANALYZE');
      await sleep(2000);
      const { result, idle, during } = await readAround(readUrl, () => purger.purge(doomed.id, PAUSE === undefined ? {} : { pauseRatio: PAUSE }));
      const report = result!;
      const ratio = during.p99 / idle.p99;
      ratios.push(ratio);
      process.stderr.write(`round ${round}: built in ${doomed.seconds.toFixed(0)} s; purge ${report.ms} ms; reads idle p99 ${idle.p99} ms, during ${during.p99} ms\n`);
      rows.push(
        `| ${round} | ${sizes[0].pages} pages, ${FILES} files, ${sizes[0].revisions} revisions | ${(report.ms / 1000).toFixed(1)} s | ${report.pageNodes} nodes, ${report.fileEntries} file entries, ${report.blobs} blobs, ${report.headPages} head rows | ${idle.p50} / ${idle.p99} ms | ${during.p50} / ${during.p99} ms (${during.requests} reads) | ${ratio.toFixed(2)} |`,
      );
    }
    await sql.end();
    await purgerApp.close();
    process.stdout.write(
      [
        `${ROUNDS} rounds, purge pause ratio ${PAUSE ?? 'default'}; reads: GET a page of another space, ${CONNECTIONS} connections without a break; idle: the ${IDLE_SECONDS} s before and the ${IDLE_SECONDS} s after the purge; during: while it ran.`,
        '',
        '| round | purged space | purge time | removed | reads idle p50 / p99 | reads during p50 / p99 | p99 during / idle |',
        '|---|---|---:|---|---:|---:|---:|',
        ...rows,
        '',
        `median p99 ratio: ${median(ratios).toFixed(2)} (target: at most 1.5)`,
        '',
      ].join('\n'),
    );
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exitCode = 1;
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
