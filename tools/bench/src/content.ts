import { NestFactory } from '@nestjs/core';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { BlobStore, ContentCoreModule, ContentWriter, documentBytes, SpaceContentHead } from '@docs/content';
import { markdownToDocument } from '@docs/document-model';
import { composeApp, EmbeddedPostgresServer, loadConfig } from '@docs/platform';
import { DataSource } from 'typeorm';
import { api, freePort, LoadResult, measureLoad, median, start, TOKEN, untilUp } from './bench-kit';

/**
 * The content model's figures (issue 8), written to docs/performance.md:
 * 1. bytes stored by a revision that edits one page of a 10,000-page space (target: at most
 *    twice the page's bytes + 4 KB);
 * 2. latency of reading one page at 100 and at 10,000 pages (target: within 1.2x).
 * Spaces are seeded in one write each through the writer's own tree building (ContentWriter and
 * ContentDraft), 100 top-level pages with up to 99 children each. Run: npm run bench:content
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
/** A page body of about 1.5 KB, different for every page (so every page has its own blob). */
function body(n: number): string {
  const paragraph = `Page ${n} explains one part of the product in some detail, with enough words to look like real documentation.`;
  return [`# Section ${n}`, ...Array.from({ length: 12 }, (_, i) => `${paragraph} Paragraph ${i}.`)].join('\n\n');
}

/** Seeds `pages` pages (100 per level: top-level pages with up to 99 children each) in one write. */
async function seed(writer: ContentWriter, blobs: BlobStore, head: SpaceContentHead, pages: number): Promise<string[]> {
  const created: string[] = [];
  const tops = Math.min(100, pages);
  await writer.apply(head, { actor: null, message: `Seed ${pages} pages` }, async (draft, tx) => {
    // As an import writes: every body converted once, stored in bulk, handed to the indexers parsed.
    const documents = Array.from({ length: pages }, (_, n) => markdownToDocument(body(n)));
    const stored = await blobs.putMany(
      tx,
      documents.map((document) => documentBytes(document) as Buffer),
    );
    stored.forEach((blob, n) => draft.documents.remember(blob.hash, documents[n]));
    const fields = async (n: number) => ({
      type: 'document' as const,
      title: `Page ${n}`,
      emoji: null,
      description: null,
      hidden: false,
      noIndex: false,
      href: null,
      documentHash: stored[n].hash,
    });
    const topIds: string[] = [];
    for (let i = 0; i < tops; i++) topIds.push(await draft.createPage({ parent: null, fields: await fields(created.length + topIds.length) }));
    created.push(...topIds);
    for (let n = tops; n < pages; n++) {
      const parent = topIds[(n - tops) % tops];
      created.push(await draft.createPage({ parent, fields: await fields(n) }));
    }
    return async () => undefined;
  });
  return created;
}

interface Sizes {
  [table: string]: number;
}

async function tableSizes(dataSource: DataSource): Promise<Sizes> {
  const rows: { name: string; bytes: string }[] = await dataSource.query(
    `SELECT relname AS name, pg_total_relation_size(oid)::text AS bytes FROM pg_class
      WHERE relname IN ('page_nodes', 'content_blobs', 'revisions', 'head_pages') AND relkind = 'r'`,
  );
  return Object.fromEntries(rows.map((row) => [row.name, Number(row.bytes)]));
}

/** Throughput and latency of reading `url` with the bench token. */
function latency(url: string): Promise<LoadResult> {
  return measureLoad(url, { connections: CONNECTIONS, seconds: SECONDS, headers: { Authorization: `Bearer ${TOKEN}` } });
}


async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-content-pg-'));
  const database = await EmbeddedPostgresServer.start({ dataDir: join(dataDir, 'pg'), port: await freePort() });
  let child: ChildProcess | undefined;
  try {
    const apiPort = await freePort();
    const base = `http://127.0.0.1:${apiPort}`;
    child = start('apps/api/src/main.ts', { DATABASE_URL: database.url, PORT: String(apiPort), BOOTSTRAP_TOKEN: TOKEN, LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '1000000' });
    await untilUp(`${base}/v1/user`);
    const organizationId = (await api<{ items: { id: string }[] }>(base, 'GET', '/v1/orgs')).items[0].id;
    const small = await api<{ id: string }>(base, 'POST', `/v1/orgs/${organizationId}/spaces`, { title: 'Small' });
    const large = await api<{ id: string }>(base, 'POST', `/v1/orgs/${organizationId}/spaces`, { title: 'Large' });

    const config = { ...loadConfig({ DATABASE_URL: database.url }), logLevel: 'silent' as const };
    const app = await NestFactory.createApplicationContext(composeApp({ config, databaseUrl: database.url, runtime: 'cli' }, [ContentCoreModule]), {
      logger: false,
    });
    const lines: string[] = [];
    try {
      const writer = app.get(ContentWriter);
      const blobs = app.get(BlobStore);
      const dataSource = app.get(DataSource);
      let started = Date.now();
      const smallPages = await seed(writer, blobs, new SpaceContentHead(small.id, organizationId), 100);
      const smallSeedMs = Date.now() - started;
      started = Date.now();
      const largePages = await seed(writer, blobs, new SpaceContentHead(large.id, organizationId), 10_000);
      const largeSeedMs = Date.now() - started;
      process.stderr.write(`seeded 100 pages in ${smallSeedMs} ms, 10,000 pages in ${largeSeedMs} ms\n`);

      // 1. One edit of a page two levels down in the large space: what it stores.
      const target = largePages[largePages.length - 1];
      const beforeMax: { id: string }[] = await dataSource.query(`SELECT COALESCE(max(id), 0)::text AS id FROM page_nodes`);
      const beforeBlobs: { hash: string }[] = await dataSource.query(`SELECT hash FROM content_blobs`);
      const sizesBefore = await tableSizes(dataSource);
      const edited = `${body(99_999)}\n\nOne more sentence.`;
      await api(base, 'PATCH', `/v1/spaces/${large.id}/content/page/${target}`, { markdown: edited });
      const sizesAfter = await tableSizes(dataSource);
      const [nodes]: { count: string; bytes: string }[] = await dataSource.query(
        `SELECT count(*)::text AS count, COALESCE(sum(pg_column_size(n.*)), 0)::text AS bytes FROM page_nodes n WHERE id > $1`,
        [beforeMax[0].id],
      );
      const [newBlobs]: { count: string; bytes: string; data: string }[] = await dataSource.query(
        `SELECT count(*)::text AS count, COALESCE(sum(pg_column_size(b.*)), 0)::text AS bytes, COALESCE(sum(size), 0)::text AS data
           FROM content_blobs b WHERE NOT (hash = ANY($1::text[]))`,
        [beforeBlobs.map((b) => b.hash)],
      );
      const [revision]: { bytes: string }[] = await dataSource.query(
        `SELECT pg_column_size(r.*)::text AS bytes FROM revisions r JOIN spaces s ON s.revision_id = r.id WHERE s.id = $1`,
        [large.id],
      );
      const [index]: { bytes: string }[] = await dataSource.query(
        `SELECT COALESCE(sum(pg_column_size(h.*)), 0)::text AS bytes FROM head_pages h
          WHERE head_key = $1 AND node_id > $2`,
        [large.id, beforeMax[0].id],
      );
      const pageBytes = Number(newBlobs.data);
      const stored = Number(nodes.bytes) + Number(newBlobs.bytes) + Number(revision.bytes) + Number(index.bytes);
      const budget = 2 * pageBytes + 4096;
      const growth = Object.keys(sizesAfter).map((table) => `${table} +${sizesAfter[table] - sizesBefore[table]}`).join(', ');
      lines.push(
        '### Storage of one edit in a 10,000-page space',
        '',
        '| what the edit wrote | rows | bytes |',
        '|---|---:|---:|',
        `| page body (content_blobs: the page's bytes ${pageBytes}, stored compressed) | ${newBlobs.count} | ${newBlobs.bytes} |`,
        `| page nodes (the page and its parent: path copying) | ${nodes.count} | ${nodes.bytes} |`,
        `| revision row (with root_pages, 100 ids) | 1 | ${revision.bytes} |`,
        `| head index rows rewritten (head_pages) | 2 | ${index.bytes} |`,
        `| **total** | | **${stored}** |`,
        '',
        `Budget 2 x ${pageBytes} + 4096 = ${budget} bytes: ${stored <= budget ? 'met' : 'NOT met'} (${(stored / budget).toFixed(2)} of it). ` +
          `Table sizes on disk grew by: ${growth} (pages of 8 KB are allocated whole, dead index rows stay until vacuum).`,
        '',
      );

      // 2. Reading one page (a leaf, two levels down) at 100 and at 10,000 pages.
      // The space read beside them: a yardstick of the machine's load at the time.
      const urls = {
        space: `${base}/v1/spaces/${large.id}`,
        small: `${base}/v1/spaces/${small.id}/content/page/${smallPages[smallPages.length - 1]}?format=markdown`,
        large: `${base}/v1/spaces/${large.id}/content/page/${largePages[largePages.length - 2]}?format=markdown`,
      };
      await latency(urls.small);
      await latency(urls.large);
      type Result = LoadResult;
      const results = { space: [] as Result[], small: [] as Result[], large: [] as Result[] };
      for (let round = 1; round <= ROUNDS; round++) {
        for (const size of ['space', 'small', 'large'] as const) {
          const r = await latency(urls[size]);
          results[size].push(r);
          process.stderr.write(`round ${round}: ${size}: ${Math.round(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms\n`);
        }
      }
      const row = (name: string, rs: LoadResult[]) =>
        `| ${name} | ${Math.round(median(rs.map((r) => r.rps)))} | ${median(rs.map((r) => r.p50))} | ${median(rs.map((r) => r.p99))} | ${rs.reduce((n, r) => n + r.errors, 0)} |`;
      const ratio = median(results.small.map((r) => r.rps)) / median(results.large.map((r) => r.rps));
      lines.push(
        `### Reading one page (GET .../content/page/{id}?format=markdown), ${ROUNDS} rounds of ${SECONDS} s, ${CONNECTIONS} connections, medians`,
        '',
        '| read | req/s | p50 ms | p99 ms | errors |',
        '|---|---:|---:|---:|---:|',
        row('GET /v1/spaces/{id} (yardstick)', results.space),
        row('one page of a 100-page space', results.small),
        row('one page of a 10,000-page space', results.large),
        '',
        `Throughput at 100 pages / at 10,000 pages: ${ratio.toFixed(2)} (target: at most 1.2). Seeding took ${smallSeedMs} ms for 100 pages and ${largeSeedMs} ms for 10,000 (one write each).`,
      );
    } finally {
      await app.close();
    }
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    child?.kill('SIGTERM');
    await sleep(1000);
    await database.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
