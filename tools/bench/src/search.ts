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
import { api, freePort, interleavedRounds, LoadResult, measureLoad, start, TOKEN, untilUp } from './bench-kit';

/**
 * The search figures (issue 8 item 5), written to docs/performance.md:
 * 1. latency of search at 100 and at 10,000 pages in a space (target: the larger within 1.2x)
 *    for queries with the same number of matches in both, and for the record for a word on 1
 *    page in 10 and on every page (more matches to rank in the larger space);
 * 2. search with 100,000 pages indexed across spaces, the api against the same SQL run bare by
 *    a node:http + pg handler (target: at most 2x).
 * The small and the large space (language `en`) are seeded one write each through the content
 * writer, so the search index is built by the same indexer as every write; the extra spaces of
 * part 2 copy the large space's index rows (same text). Run: npm run bench:search
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const EXTRA_SPACES = Number(process.env.BENCH_EXTRA_SPACES ?? 9);
/** A deterministic vocabulary of 4,000 made-up words (so that matches are controlled). */
const SYLLABLES = ['ka', 'lo', 'mi', 'ne', 'ru', 'sa', 'ti', 'vo', 'ze', 'pa', 'do', 'fi', 'gu', 'ha', 'jo', 'be'];
const VOCABULARY = Array.from({ length: 4000 }, (_, i) => SYLLABLES[i % 16] + SYLLABLES[Math.floor(i / 16) % 16] + SYLLABLES[Math.floor(i / 256) % 16] + 'x');

/**
 * Page `n` of a space of `size` pages: about 1.5 KB of text in three sections. Every page holds
 * "documentation"; 1 page in 10 holds "quasar", 1 in 100 "nebula", 1 in 1,000 "pulsar" (the
 * same share of a small and of a large space), and exactly 10 pages of any space hold "zenith"
 * (the same number of matches whatever the size).
 */
function body(n: number, size: number): string {
  let seed = n * 2654435761;
  const word = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return VOCABULARY[seed % VOCABULARY.length];
  };
  const sentence = (k: number) => Array.from({ length: k }, word).join(' ');
  const tags = [n % 10 === 0 ? 'quasar' : '', n % 100 === 0 ? 'nebula' : '', n % 1000 === 0 ? 'pulsar' : '', n % (size / 10) === 0 ? 'zenith' : '']
    .filter(Boolean)
    .join(' ');
  return [
    `Overview of part ${n} of the documentation. ${sentence(40)}.`,
    `## Setting up ${word()}`,
    `${sentence(60)} ${tags}.`,
    `## Reference`,
    `${sentence(60)}.`,
  ].join('\n\n');
}

async function seed(writer: ContentWriter, blobs: BlobStore, head: SpaceContentHead, pages: number): Promise<void> {
  const tops = Math.min(100, pages);
  await writer.apply(head, { actor: null, message: `Seed ${pages} pages` }, async (draft, tx) => {
    const fields = async (n: number) => ({
      type: 'document' as const,
      title: `Page ${n} ${VOCABULARY[(n * 7) % VOCABULARY.length]}`,
      emoji: null,
      description: null,
      hidden: false,
      noIndex: false,
      href: null,
      documentHash: (await blobs.put(tx, documentBytes(markdownToDocument(body(n, pages))) as Buffer)).hash,
    });
    const topIds: string[] = [];
    for (let i = 0; i < tops; i++) topIds.push(await draft.createPage({ parent: null, fields: await fields(i) }));
    for (let n = tops; n < pages; n++) await draft.createPage({ parent: topIds[(n - tops) % tops], fields: await fields(n) });
    return async () => undefined;
  });
}

type Result = LoadResult;

/** Every scenario once per round, rounds interleaved; medians. */
const rounds = (scenarios: { name: string; url: string; token: boolean }[]) =>
  interleavedRounds(scenarios, ROUNDS, (s) => measureLoad(s.url, { connections: CONNECTIONS, seconds: SECONDS, headers: s.token ? { Authorization: `Bearer ${TOKEN}` } : {} }));

const row = (name: string, r: Result | undefined) => (r ? `| ${name} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.errors} |` : `| ${name} | - | - | - | - |`);

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-search-pg-'));
  const database = await EmbeddedPostgresServer.start({ dataDir: join(dataDir, 'pg'), port: await freePort() });
  const children: ChildProcess[] = [];
  try {
    const apiPort = await freePort();
    const barePort = await freePort();
    const base = `http://127.0.0.1:${apiPort}`;
    const bare = `http://127.0.0.1:${barePort}`;
    children.push(start('apps/api/src/main.ts', { DATABASE_URL: database.url, PORT: String(apiPort), BOOTSTRAP_TOKEN: TOKEN, LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '1000000' }));
    await untilUp(`${base}/v1/user`);
    children.push(start('tools/bench/src/bare-search-server.ts', { DATABASE_URL: database.url, PORT: String(barePort), SEARCH_CONFIG: 'english' }));
    await untilUp(`${bare}/`, 404);
    const organizationId = (await api<{ items: { id: string }[] }>(base, 'GET', '/v1/orgs')).items[0].id;
    const newSpace = (title: string) => api<{ id: string }>(base, 'POST', `/v1/orgs/${organizationId}/spaces`, { title, language: 'en' });
    const small = await newSpace('Small');
    const large = await newSpace('Large');

    const config = { ...loadConfig({ DATABASE_URL: database.url }), logLevel: 'silent' as const };
    const app = await NestFactory.createApplicationContext(composeApp({ config, databaseUrl: database.url, runtime: 'cli' }, [ContentCoreModule]), { logger: false });
    const lines: string[] = [];
    let seedLargeMs = 0;
    let seedAllMs = 0;
    try {
      const writer = app.get(ContentWriter);
      const blobs = app.get(BlobStore);
      await seed(writer, blobs, new SpaceContentHead(small.id, organizationId), 100);
      let started = Date.now();
      await seed(writer, blobs, new SpaceContentHead(large.id, organizationId), 10_000);
      seedLargeMs = Date.now() - started;
      process.stderr.write(`seeded 10,000 pages (with their search and links rows) in ${seedLargeMs} ms\n`);

      // 1. At 100 and at 10,000 pages (10,100 pages indexed in all).
      const search = (space: string, query: string) => `${base}/v1/spaces/${space}/search?query=${encodeURIComponent(query)}&limit=20`;
      const queries = ['zenith', 'zenith docu', 'quasar', 'documentation'];
      const sized = await rounds(
        queries.flatMap((q) => [
          { name: `100: ${q}`, url: search(small.id, q), token: true },
          { name: `10000: ${q}`, url: search(large.id, q), token: true },
        ]),
      );
      lines.push(
        `### Search at 100 and at 10,000 pages (GET /v1/spaces/{id}/search?limit=20), ${ROUNDS} rounds of ${SECONDS} s, ${CONNECTIONS} connections, medians`,
        '',
        '| query | matches (100 / 10,000) | req/s at 100 | req/s at 10,000 | p50 ms (100 / 10,000) | p99 ms (100 / 10,000) | 100 / 10,000 |',
        '|---|---|---:|---:|---|---|---:|',
      );
      for (const q of queries) {
        const a = sized.get(`100: ${q}`) as Result;
        const b = sized.get(`10000: ${q}`) as Result;
        const matches = q.startsWith('zenith') ? '10 / 10' : q === 'quasar' ? '10 / 1,000' : '100 / 10,000';
        lines.push(`| \`${q}\` | ${matches} | ${Math.round(a.rps)} | ${Math.round(b.rps)} | ${a.p50} / ${b.p50} | ${a.p99} / ${b.p99} | ${(a.rps / b.rps).toFixed(2)} |`);
      }
      lines.push('');

      // 2. 100,000 pages across spaces: the api against the same SQL run bare. Every extra space
      // holds the very text of the large one (`body(n, 10000)`), so its index rows are copied
      // from the large space's head instead of being parsed again: the GIN posting lists, the
      // rows and the pages they point at are those a write of the same pages makes (the writer's
      // own cost is measured by bench:content), in seconds instead of half an hour.
      started = Date.now();
      const dataSource = app.get(DataSource);
      for (let i = 0; i < EXTRA_SPACES; i++) {
        const space = await newSpace(`Extra ${i}`);
        await dataSource.transaction(async (tx) => {
          for (const table of ['head_pages', 'page_search']) {
            const columns = (await tx.query(`SELECT column_name FROM information_schema.columns WHERE table_name = $1 AND column_name <> 'head_key' ORDER BY ordinal_position`, [table])) as { column_name: string }[];
            const list = columns.map((c) => c.column_name).join(', ');
            await tx.query(`INSERT INTO ${table} (head_key, ${list}) SELECT $1, ${list} FROM ${table} WHERE head_key = $2`, [space.id, large.id]);
          }
        });
        process.stderr.write(`seeded extra space ${i + 1}/${EXTRA_SPACES}\n`);
      }
      await dataSource.query('ANALYZE head_pages, page_search');
      seedAllMs = Date.now() - started;
    } finally {
      await app.close();
    }
    const dataSourceCount = await api<{ count: number }>(base, 'GET', `/v1/spaces/${large.id}/search?query=pulsar&limit=0`);
    const total = 10_100 + EXTRA_SPACES * 10_000;
    const acrossQueries = ['nebula', 'quasar docu'];
    const across = await rounds(
      acrossQueries.flatMap((q) => [
        { name: `api: ${q}`, url: `${base}/v1/spaces/${large.id}/search?query=${encodeURIComponent(q)}&limit=20`, token: true },
        { name: `bare: ${q}`, url: `${bare}/search?space=${large.id}&query=${encodeURIComponent(q)}&limit=20`, token: false },
      ]),
    );
    lines.push(
      `### Search with ${total.toLocaleString('en')} pages indexed across ${2 + EXTRA_SPACES} spaces: the api against the same SQL run bare (one space of 10,000 pages searched, limit=20)`,
      '',
      '| scenario | req/s | p50 ms | p99 ms | errors |',
      '|---|---:|---:|---:|---:|',
    );
    for (const q of acrossQueries) {
      lines.push(row(`bare node:http + pg, the search statement: \`${q}\``, across.get(`bare: ${q}`)));
      lines.push(row(`api: \`${q}\``, across.get(`api: ${q}`)));
    }
    lines.push('');
    for (const q of acrossQueries) {
      const a = across.get(`api: ${q}`) as Result;
      const b = across.get(`bare: ${q}`) as Result;
      lines.push(`- \`${q}\`: bare / api throughput ${(b.rps / a.rps).toFixed(2)} (target: at most 2).`);
    }
    lines.push(
      '',
      `Seeding (one write through the writer and both indexers): 10,000 pages in ${seedLargeMs} ms; ${EXTRA_SPACES} more spaces of 10,000 copied from its index rows in ${seedAllMs} ms. ` +
        `(\`pulsar\` in the large space: ${dataSourceCount.count} matches.)`,
    );
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
