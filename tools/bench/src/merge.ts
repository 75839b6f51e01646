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
import { api, freePort, median, start, TOKEN, untilUp } from './bench-kit';

/**
 * Change request merge figures (issue 9), written to docs/performance.md:
 * 1. time of `POST .../merge` of a change request that edited one page, while the space edited
 *    another (a real three-way merge), in a space of 100 pages and one of 10,000 (target: the
 *    large one within 2x of the small one);
 * 2. bytes the merge adds (target: at most twice the changed page's bytes + 4 KB).
 * Spaces are seeded in one write each (100 top-level pages with up to 99 children each).
 * Run: npm run bench:merge
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
function body(n: number): string {
  const paragraph = `Page ${n} explains one part of the product in some detail, with enough words to look like real documentation.`;
  return [`# Section ${n}`, ...Array.from({ length: 12 }, (_, i) => `${paragraph} Paragraph ${i}.`)].join('\n\n');
}

async function seed(writer: ContentWriter, blobs: BlobStore, head: SpaceContentHead, pages: number): Promise<string[]> {
  const created: string[] = [];
  const tops = Math.min(100, pages);
  await writer.apply(head, { actor: null, message: `Seed ${pages} pages` }, async (draft, tx) => {
    const fields = async (n: number) => ({
      type: 'document' as const,
      title: `Page ${n}`,
      emoji: null,
      description: null,
      hidden: false,
      noIndex: false,
      href: null,
      documentHash: (await blobs.put(tx, documentBytes(markdownToDocument(body(n))) as Buffer)).hash,
    });
    const topIds: string[] = [];
    for (let i = 0; i < tops; i++) topIds.push(await draft.createPage({ parent: null, fields: await fields(topIds.length) }));
    created.push(...topIds);
    for (let n = tops; n < pages; n++) created.push(await draft.createPage({ parent: topIds[(n - tops) % tops], fields: await fields(n) }));
    return async () => undefined;
  });
  return created;
}


interface Round {
  ms: number;
  bytes: number;
  pageBytes: number;
}

/** One change request editing one page while the space edits another, then the merge, timed; the bytes it added. */
async function round(base: string, dataSource: DataSource, spaceId: string, pages: string[], n: number): Promise<Round> {
  const cr = await api<{ id: string }>(base, 'POST', `/v1/spaces/${spaceId}/change-requests`, { subject: `Round ${n}` });
  const inCr = pages[(n * 37) % pages.length];
  const inSpace = pages[(n * 37 + 11) % pages.length];
  const markdown = `${body(100_000 + n)}\n\nEdited in change request ${n}.`;
  await api(base, 'PATCH', `/v1/spaces/${spaceId}/change-requests/${cr.id}/content/page/${inCr}`, { markdown });
  await api(base, 'PATCH', `/v1/spaces/${spaceId}/content/page/${inSpace}`, { markdown: `${body(200_000 + n)}\n\nEdited live ${n}.` });
  const [before]: { id: string }[] = await dataSource.query(`SELECT COALESCE(max(id), 0)::text AS id FROM page_nodes`);
  const started = performance.now();
  const merged = await api<{ revision: string; result: string }>(base, 'POST', `/v1/spaces/${spaceId}/change-requests/${cr.id}/merge`);
  const ms = performance.now() - started;
  if (merged.result !== 'merge') throw new Error(`round ${n}: ${merged.result}`);
  const [nodes]: { bytes: string }[] = await dataSource.query(`SELECT COALESCE(sum(pg_column_size(n.*)), 0)::text AS bytes FROM page_nodes n WHERE id > $1`, [
    before.id,
  ]);
  const [revision]: { bytes: string }[] = await dataSource.query(`SELECT pg_column_size(r.*)::text AS bytes FROM revisions r WHERE id = $1`, [merged.revision]);
  const [index]: { bytes: string }[] = await dataSource.query(
    `SELECT COALESCE(sum(pg_column_size(h.*)), 0)::text AS bytes FROM head_pages h WHERE head_key = $1 AND node_id > $2`,
    [spaceId, before.id],
  );
  // The page body is the change request's blob, already stored by its edit: the merge shares it.
  const pageBytes = Buffer.byteLength(JSON.stringify(markdownToDocument(markdown)));
  return { ms, bytes: Number(nodes.bytes) + Number(revision.bytes) + Number(index.bytes), pageBytes };
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-merge-pg-'));
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
    const app = await NestFactory.createApplicationContext(composeApp({ config, databaseUrl: database.url, runtime: 'cli' }, [ContentCoreModule]), { logger: false });
    const lines: string[] = [];
    try {
      const writer = app.get(ContentWriter);
      const blobs = app.get(BlobStore);
      const dataSource = app.get(DataSource);
      const smallPages = await seed(writer, blobs, new SpaceContentHead(small.id, organizationId), 100);
      const largePages = await seed(writer, blobs, new SpaceContentHead(large.id, organizationId), 10_000);
      // Warm up both (connections, plans), then alternate rounds so that load drifts hit both alike.
      await round(base, dataSource, small.id, smallPages, 0);
      await round(base, dataSource, large.id, largePages, 0);
      const results = { small: [] as Round[], large: [] as Round[] };
      for (let n = 1; n <= ROUNDS; n++) {
        results.small.push(await round(base, dataSource, small.id, smallPages, n));
        results.large.push(await round(base, dataSource, large.id, largePages, n));
        process.stderr.write(`round ${n}: 100 pages ${results.small[n - 1].ms.toFixed(1)} ms, 10,000 pages ${results.large[n - 1].ms.toFixed(1)} ms\n`);
      }
      const ms = (rs: Round[]) => median(rs.map((r) => r.ms));
      const bytes = median(results.large.map((r) => r.bytes));
      const pageBytes = median(results.large.map((r) => r.pageBytes));
      lines.push(
        `### Merging a change request that edited one page (the space edited another meanwhile), ${ROUNDS} rounds, medians`,
        '',
        '| space | merge (POST .../merge) ms | bytes the merge added (nodes, revision, index rows) |',
        '|---|---:|---:|',
        `| 100 pages | ${ms(results.small).toFixed(1)} | ${median(results.small.map((r) => r.bytes))} |`,
        `| 10,000 pages | ${ms(results.large).toFixed(1)} | ${bytes} |`,
        '',
        `Time at 10,000 pages / at 100 pages: ${(ms(results.large) / ms(results.small)).toFixed(2)} (target: at most 2). ` +
          `Bytes added at 10,000 pages: ${bytes} against a budget of 2 x ${pageBytes} (the page's document) + 4096 = ${2 * pageBytes + 4096}: ` +
          `${bytes <= 2 * pageBytes + 4096 ? 'met' : 'NOT met'}. The merged body is the change request's blob, shared, so the merge writes no body bytes.`,
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
