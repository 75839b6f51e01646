import { NestFactory } from '@nestjs/core';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { BlobStore, ContentCoreModule, ContentWriter, documentBytes, SpaceContentHead } from '@docs/content';
import { markdownToDocument } from '@docs/document-model';
import { composeApp, EmbeddedPostgresServer, loadConfig } from '@docs/platform';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { api, freePort, interleavedRounds, measureLoad, start, TOKEN, untilUp } from './bench-kit';

/**
 * The organization search figure (issue 31): `GET /v1/orgs/{id}/search` over 100,000 pages in
 * 1,000 spaces against the space search (`GET /v1/spaces/{id}/search`) of one of those spaces,
 * for a word in 10 pages of every space (every space matches: the organization search ranks
 * 10,000 pages and answers the best 20 spaces) and a word in one page of one space. One space of
 * 100 pages is written through the content writer (the indexer of every write); the 999 others
 * copy its index rows (same text, same GIN posting lists), as bench:search does. A second
 * organization holds one more copy: its search of `quasar` (10 pages of its own) is measured
 * against the first organization's 10,000, which it must not pay for. Run:
 * npm run bench:org-search. `BENCH_EXPLAIN=1`: instead of the load, the plans (auto_explain) of
 * the organization search statement for `quasar` (twice) and `wombat`.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SPACES = Number(process.env.BENCH_SPACES ?? 1000);
const PAGES = 100;
const VOCABULARY = Array.from({ length: 4000 }, (_, i) => ['ka', 'lo', 'mi', 'ne', 'ru', 'sa', 'ti', 'vo'][i % 8] + ['ze', 'pa', 'do', 'fi', 'gu', 'ha', 'jo', 'be'][Math.floor(i / 8) % 8] + String(Math.floor(i / 64)));

/** Page `n`: about 1.5 KB in three sections; 1 page in 10 holds "quasar". */
function body(n: number): string {
  let seed = n * 2654435761;
  const word = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return VOCABULARY[seed % VOCABULARY.length];
  };
  const sentence = (k: number) => Array.from({ length: k }, word).join(' ');
  return [`Overview of part ${n} of the documentation. ${sentence(40)}.`, `## Setting up ${word()}`, `${sentence(60)} ${n % 10 === 0 ? 'quasar' : ''}.`, `## Reference`, `${sentence(60)}.`].join('\n\n');
}

/** Every scenario once per round, rounds interleaved; medians. */
const rounds = (scenarios: { name: string; url: string }[]) =>
  interleavedRounds(scenarios, ROUNDS, (s) => measureLoad(s.url, { connections: CONNECTIONS, seconds: SECONDS, headers: { Authorization: `Bearer ${TOKEN}` } }));

/** Loads auto_explain in every new session: plans of statements over 300 ms, analyzed, to the server log. */
async function autoExplain(url: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    for (const setting of [
      `session_preload_libraries = 'auto_explain'`,
      `auto_explain.log_min_duration = '300ms'`,
      'auto_explain.log_analyze = on',
      'auto_explain.log_buffers = on',
      'auto_explain.log_nested_statements = on',
    ]) {
      await client.query(`ALTER SYSTEM SET ${setting}`);
    }
    await client.query('SELECT pg_reload_conf()');
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-org-search-pg-'));
  const database = await EmbeddedPostgresServer.start({ dataDir: join(dataDir, 'pg'), port: await freePort() });
  const children: ChildProcess[] = [];
  const explain = Boolean(process.env.BENCH_EXPLAIN);
  try {
    // BENCH_EXPLAIN=1: every connection (the api's too, opened after this) logs the plan of each
    // statement over 300 ms with its timings and buffers to the server's log, printed below.
    if (explain) await autoExplain(database.url);
    const apiPort = await freePort();
    const base = `http://127.0.0.1:${apiPort}`;
    children.push(start('apps/api/src/main.ts', { DATABASE_URL: database.url, PORT: String(apiPort), BOOTSTRAP_TOKEN: TOKEN, LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '1000000' }));
    await untilUp(`${base}/v1/user`);
    const organizationId = (await api<{ items: { id: string }[] }>(base, 'GET', '/v1/orgs')).items[0].id;
    const newSpace = (title: string) => api<{ id: string }>(base, 'POST', `/v1/orgs/${organizationId}/spaces`, { title, language: 'en' });
    const first = await newSpace('Space 0');
    const otherOrganizationId = (await api<{ id: string }>(base, 'POST', '/v1/orgs', { title: 'Another organization' })).id;
    const otherSpace = await api<{ id: string }>(base, 'POST', `/v1/orgs/${otherOrganizationId}/spaces`, { title: 'Their space', language: 'en' });

    const config = { ...loadConfig({ DATABASE_URL: database.url }), logLevel: 'silent' as const };
    const app = await NestFactory.createApplicationContext(composeApp({ config, databaseUrl: database.url, runtime: 'cli' }, [ContentCoreModule]), { logger: false });
    let seedMs = 0;
    try {
      const writer = app.get(ContentWriter);
      const blobs = app.get(BlobStore);
      const started = Date.now();
      await writer.apply(new SpaceContentHead(first.id, organizationId), { actor: null, message: `Seed ${PAGES} pages` }, async (draft, tx) => {
        for (let n = 0; n < PAGES; n++) {
          const documentHash = (await blobs.put(tx, documentBytes(markdownToDocument(body(n))) as Buffer)).hash;
          await draft.createPage({
            parent: null,
            fields: { type: 'document', title: `Page ${n} ${VOCABULARY[(n * 7) % VOCABULARY.length]}`, emoji: null, description: null, hidden: false, noIndex: false, href: null, documentHash },
          });
        }
        return async () => undefined;
      });
      // The other spaces hold the very same pages: their index rows are copied from the first's.
      const dataSource = app.get(DataSource);
      const others: string[] = [];
      for (let i = 1; i < SPACES; i++) others.push((await newSpace(`Space ${i}`)).id);
      others.push(otherSpace.id);
      await dataSource.transaction(async (tx) => {
        for (const table of ['head_pages', 'page_search']) {
          const columns = (await tx.query(`SELECT column_name FROM information_schema.columns WHERE table_name = $1 AND column_name <> 'head_key' ORDER BY ordinal_position`, [table])) as { column_name: string }[];
          const list = columns.map((c) => c.column_name).join(', ');
          await tx.query(`INSERT INTO ${table} (head_key, ${list}) SELECT o.id, ${list} FROM ${table} CROSS JOIN unnest($2::text[]) AS o(id) WHERE head_key = $1`, [first.id, others]);
        }
      });
      await dataSource.query('ANALYZE head_pages, page_search, spaces');
      seedMs = Date.now() - started;
      process.stderr.write(`seeded ${SPACES} spaces of ${PAGES} pages in ${seedMs} ms\n`);
    } finally {
      await app.close();
    }
    // One page, in one space only, with a word of its own.
    await api(base, 'POST', `/v1/spaces/${first.id}/content/pages`, { title: 'Wombat care', markdown: 'How to feed a wombat.' });

    const org = (q: string) => `${base}/v1/orgs/${organizationId}/search?query=${encodeURIComponent(q)}&limit=20`;
    const space = (q: string) => `${base}/v1/spaces/${first.id}/search?query=${encodeURIComponent(q)}&limit=20`;
    const counts = {
      quasar: (await api<{ count: number }>(base, 'GET', `/v1/orgs/${organizationId}/search?query=quasar&limit=0`)).count,
      wombat: (await api<{ count: number }>(base, 'GET', `/v1/orgs/${organizationId}/search?query=wombat&limit=0`)).count,
    };
    if (explain) {
      for (const query of ['quasar', 'quasar', 'wombat']) await api(base, 'GET', `/v1/orgs/${organizationId}/search?query=${query}&limit=20`);
      const log = readFileSync(join(dataDir, 'pg', 'server.log'), 'utf8');
      process.stdout.write(log.split(/\n(?=\S.*LOG: {2}duration:)/).filter((entry) => entry.includes('Query Text') && (entry.includes('found AS MATERIALIZED') || entry.includes('ps.tsv @@ query'))).join('\n'));
      return;
    }
    const results = await rounds([
      { name: 'space: quasar', url: space('quasar') },
      { name: 'org: quasar', url: org('quasar') },
      { name: 'space: wombat', url: space('wombat') },
      { name: 'org: wombat', url: org('wombat') },
      { name: 'other org: quasar', url: `${base}/v1/orgs/${otherOrganizationId}/search?query=quasar&limit=20` },
    ]);
    const total = SPACES * PAGES + 1;
    const lines = [
      `### Organization search over ${total.toLocaleString('en')} pages in ${SPACES.toLocaleString('en')} spaces against the space search (limit=20), ${ROUNDS} rounds of ${SECONDS} s, ${CONNECTIONS} connections, medians`,
      '',
      '| query | search | matches | req/s | p50 ms | p99 ms | errors |',
      '|---|---|---|---:|---:|---:|---:|',
    ];
    const described: Record<string, [string, string]> = {
      'space: quasar': ['space search, one space of 100 pages', '10 pages'],
      'org: quasar': [`organization search, ${SPACES.toLocaleString('en')} spaces`, `${(SPACES * 10).toLocaleString('en')} pages in ${counts.quasar.toLocaleString('en')} spaces`],
      'space: wombat': ['space search, one space of 101 pages', '1 page'],
      'org: wombat': [`organization search, ${SPACES.toLocaleString('en')} spaces`, `1 page in ${counts.wombat} space`],
      'other org: quasar': ['organization search of another organization, 1 space', `10 pages (${(SPACES * 10).toLocaleString('en')} more in the first organization)`],
    };
    for (const [name, r] of results) {
      const [what, matches] = described[name];
      lines.push(`| \`${name.split(': ')[1]}\` | ${what} | ${matches} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.errors} |`);
    }
    lines.push('', `Seeding: ${PAGES} pages through the writer and ${SPACES} spaces copying their index rows (one of them in the other organization), in ${seedMs} ms.`);
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
