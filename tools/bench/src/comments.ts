import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { markdownToDocument } from '@docs/document-model';
import { EmbeddedPostgresServer } from '@docs/platform';
import { Client } from 'pg';
import { api, freePort, interleavedRounds, LoadResult, measureLoad, start, TOKEN, untilUp } from './bench-kit';

/**
 * The comments figures (issue 19), written to docs/performance.md: a page of 20 comments (with
 * their reply counts, reactions and pages) on a space with 10,000 comments against the same
 * list on a space with 100 (target: within 1.2x), and the statements each request runs (target:
 * the same fixed number whatever the size: no statement per comment).
 * Comments, replies and reactions are seeded in SQL (the API would take minutes for 10,000);
 * the counters are the triggers' as for every write. Run: npm run bench:comments
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const EMOJI = ['👍', '🎉', '❤️', '👀', '🚀'];

interface Seeded {
  spaceId: string;
  pageId: string;
}

/**
 * `count` comments in a new space: one in three on its page, one in four resolved, 0 to 2 replies
 * and 0 to 3 reactions each, by 20 members in turn, one second apart.
 */
async function seedSpace(base: string, client: Client, organizationId: string, users: string[], count: number): Promise<Seeded> {
  const space = await api<{ id: string }>(base, 'POST', `/v1/orgs/${organizationId}/spaces`, { title: `${count} comments` });
  const page = await api<{ id: string }>(base, 'POST', `/v1/spaces/${space.id}/content/pages`, {
    title: 'Install',
    markdown: '# Install\n\nRun `npm ci`, then `npm start`.\n\nThe first start creates an organization.',
  });
  const [{ revision_id: revisionId, hash }] = (
    await client.query(
      `SELECT s.revision_id, n.document_hash AS hash FROM spaces s JOIN head_pages hp ON hp.head_key = s.id AND hp.page_id = $2 JOIN page_nodes n ON n.id = hp.node_id WHERE s.id = $1`,
      [space.id, page.id],
    )
  ).rows;
  const ids: string[] = [];
  const bodies: string[] = [];
  for (let i = 0; i < count; i++) {
    ids.push(`${space.id}-c${i}`);
    bodies.push(JSON.stringify(markdownToDocument(`Comment ${i}: should this step mention **npm ci** first? See the [guide](https://example.com/guide/${i}).`)));
  }
  await client.query('BEGIN');
  await client.query(
    `INSERT INTO comments (id, organization_id, space_id, thread_key, posted_by, body, status, resolved_at, resolved_by, revision_id,
                           page_id, page_title, page_path, page_document_hash, posted_at)
     SELECT c.id, $1, $2, $2, ($3::text[])[1 + c.i % 20], c.body::jsonb,
            CASE WHEN c.i % 4 = 0 THEN 'resolved' ELSE 'open' END,
            CASE WHEN c.i % 4 = 0 THEN now() END,
            CASE WHEN c.i % 4 = 0 THEN ($3::text[])[1 + (c.i + 1) % 20] END,
            $4, CASE WHEN c.i % 3 = 0 THEN $5 END, CASE WHEN c.i % 3 = 0 THEN 'Install' END, CASE WHEN c.i % 3 = 0 THEN 'install' END,
            CASE WHEN c.i % 3 = 0 THEN $6 END, now() - make_interval(secs => $7 - c.i)
       FROM (SELECT id, body, (n - 1)::int AS i FROM unnest($8::text[], $9::text[]) WITH ORDINALITY AS u(id, body, n)) c`,
    [organizationId, space.id, users, revisionId, page.id, hash, count, ids, bodies],
  );
  const reply = JSON.stringify(markdownToDocument('Agreed, and the README says so too.'));
  await client.query(
    `INSERT INTO comment_replies (id, comment_id, space_id, thread_key, posted_by, body, posted_at)
     SELECT c.id || '-r' || r, c.id, $1, $1, ($2::text[])[1 + (c.i + r) % 20], $3::jsonb, now() - make_interval(secs => $4 - c.i) + make_interval(secs => r)
       FROM (SELECT id, (n - 1)::int AS i FROM unnest($5::text[]) WITH ORDINALITY AS u(id, n)) c
       CROSS JOIN LATERAL generate_series(1, c.i % 3) AS r`,
    [space.id, users, reply, count, ids],
  );
  await client.query(
    `INSERT INTO comment_reactions (subject_id, emoji, user_id, comment_id, space_id, reacted_at)
     SELECT c.id, ($3::text[])[1 + (c.i + k) % 5], ($2::text[])[1 + (c.i + 3 * k) % 20], c.id, $1, now()
       FROM (SELECT id, (n - 1)::int AS i FROM unnest($4::text[]) WITH ORDINALITY AS u(id, n)) c
       CROSS JOIN LATERAL generate_series(1, c.i % 4) AS k`,
    [space.id, users, EMOJI, ids],
  );
  await client.query('COMMIT');
  return { spaceId: space.id, pageId: page.id };
}



/** The statements one request runs, by name (statement-counter.js preloaded into `pid`), over 20 requests sent one at a time. */
async function statementsOf(url: string, pid: number, file: string): Promise<{ perRequest: number; which: string }> {
  const dump = async (): Promise<{ requests: number; statements: Record<string, number> }> => {
    rmSync(file, { force: true });
    process.kill(pid, 'SIGUSR2');
    for (let i = 0; i < 100 && !existsSync(file); i++) await sleep(20);
    return JSON.parse(readFileSync(file, 'utf8'));
  };
  for (let i = 0; i < 5; i++) await (await fetch(url, { headers: { Authorization: `Bearer ${TOKEN}` } })).arrayBuffer();
  await dump();
  for (let i = 0; i < 20; i++) {
    const res = await fetch(url, { headers: { Authorization: `Bearer ${TOKEN}` } });
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    await res.arrayBuffer();
  }
  const { requests, statements } = await dump();
  const total = Object.values(statements).reduce((sum, n) => sum + n, 0);
  const which = Object.entries(statements)
    .map(([name, n]) => `${name.replace(/_[0-9a-f]{12}$/, '')} ${(n / requests).toFixed(2).replace(/\.00$/, '')}`)
    .sort()
    .join('; ');
  return { perRequest: total / requests, which };
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-comments-pg-'));
  const pgDataDir = join(dataDir, 'pg');
  const database = await EmbeddedPostgresServer.start({ dataDir: pgDataDir, port: await freePort() });
  const children: ChildProcess[] = [];
  const statementsFile = join(dataDir, 'statements.json');
  try {
    const env = { DATABASE_URL: database.url, BOOTSTRAP_TOKEN: TOKEN, LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '1000000' };
    const apiPort = await freePort();
    const base = `http://127.0.0.1:${apiPort}`;
    // e.g. BENCH_API_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the api under load.
    const apiProcess = start('apps/api/src/main.ts', { ...env, PORT: String(apiPort) }, process.env.BENCH_API_NODE_ARGS?.split(' ').filter(Boolean) ?? []);
    children.push(apiProcess);
    await untilUp(`${base}/v1/user`);
    // The same api counting its statements (a separate process: the counter's hooks cost time).
    const countingPort = await freePort();
    const counting = start('apps/api/src/main.ts', { ...env, PORT: String(countingPort), BENCH_STATEMENTS_FILE: statementsFile }, ['-r', join(__dirname, 'statement-counter.js')]);
    children.push(counting);
    await untilUp(`http://127.0.0.1:${countingPort}/v1/user`);

    const organizationId = (await api<{ items: { id: string }[] }>(base, 'GET', '/v1/orgs')).items[0].id;
    await api(base, 'POST', `/v1/orgs/${organizationId}/invites`, { emails: Array.from({ length: 19 }, (_, i) => `member${i}@example.com`), role: 'comment' });
    const client = new Client({ connectionString: database.url });
    await client.connect();
    let small: Seeded;
    let large: Seeded;
    const started = Date.now();
    try {
      const users = (await client.query<{ user_id: string }>(`SELECT user_id FROM organization_members WHERE organization_id = $1 ORDER BY user_id`, [organizationId])).rows.map(
        (row) => row.user_id,
      );
      small = await seedSpace(base, client, organizationId, users, 100);
      large = await seedSpace(base, client, organizationId, users, 10_000);
      await client.query('VACUUM ANALYZE comments, comment_replies, comment_reactions, comment_threads');
      const check = (await client.query(`SELECT thread_key, all_comments, open_comments FROM comment_threads ORDER BY all_comments`)).rows;
      process.stderr.write(`seeded in ${Date.now() - started} ms: ${JSON.stringify(check)}\n`);
    } finally {
      await client.end();
    }

    const list = (space: Seeded, query: string, at = base) => `${at}/v1/spaces/${space.spaceId}/comments?limit=20${query}`;
    // A cursor deep into the large list (comment 5,000): page N costs what page 1 does.
    let deep: string | undefined;
    for (let i = 0; i < 250; i++) deep = (await api<{ next?: { page: string } }>(base, 'GET', `/v1/spaces/${large.spaceId}/comments?limit=20${deep ? `&page=${encodeURIComponent(deep)}` : ''}`)).next?.page;
    const scenarios = [
      { name: 'first page, 100 comments', path: (at: string) => list(small, '', at) },
      { name: 'first page, 10,000 comments', path: (at: string) => list(large, '', at) },
      { name: 'status=open, 100 comments', path: (at: string) => list(small, '&status=open', at) },
      { name: 'status=open, 10,000 comments', path: (at: string) => list(large, '&status=open', at) },
      { name: 'page 251 (comment 5,000), 10,000 comments', path: (at: string) => list(large, `&page=${encodeURIComponent(deep as string)}`, at) },
      { name: 'targetPage (1 in 3), 100 comments', path: (at: string) => list(small, `&targetPage=${small.pageId}`, at) },
      { name: 'targetPage (1 in 3), 10,000 comments', path: (at: string) => list(large, `&targetPage=${large.pageId}`, at) },
    ];

    const counted = new Map<string, { perRequest: number; which: string }>();
    for (const s of scenarios) counted.set(s.name, await statementsOf(s.path(`http://127.0.0.1:${countingPort}`), counting.pid!, statementsFile));

    const pid = apiProcess.pid as number;
    const medians = await interleavedRounds(scenarios, ROUNDS, (s) => measureLoad(s.path(base), { connections: CONNECTIONS, seconds: SECONDS, headers: { Authorization: `Bearer ${TOKEN}` }, cpu: { pid, pgDataDir } }));
    const of = (name: string) => {
      const r = medians.get(name) as LoadResult;
      return { ...r, cpuUs: r.serverUs + r.databaseUs };
    };
    const lines = [
      `### GET /v1/spaces/{id}/comments?limit=20: ${ROUNDS} rounds of ${SECONDS} s, ${CONNECTIONS} connections, medians`,
      '',
      '| list | req/s | p50 ms | p99 ms | CPU µs/request (api + db) | errors | statements per request | which |',
      '|---|---:|---:|---:|---:|---:|---:|---|',
      ...scenarios.map((s) => {
        const r = of(s.name);
        const c = counted.get(s.name) as { perRequest: number; which: string };
        return `| ${s.name} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${Math.round(r.serverUs)} + ${Math.round(r.databaseUs)} | ${r.errors} | ${c.perRequest.toFixed(2)} | ${c.which.replace(/\|/g, '\\|')} |`;
      }),
      '',
    ];
    for (const [small100, large10k] of [
      ['first page, 100 comments', 'first page, 10,000 comments'],
      ['status=open, 100 comments', 'status=open, 10,000 comments'],
      ['first page, 100 comments', 'page 251 (comment 5,000), 10,000 comments'],
      ['targetPage (1 in 3), 100 comments', 'targetPage (1 in 3), 10,000 comments'],
    ]) {
      const [a, b] = [of(small100), of(large10k)];
      lines.push(`- ${large10k} against ${small100}: ${(a.rps / b.rps).toFixed(2)}x by throughput, ${(b.cpuUs / a.cpuUs).toFixed(2)}x by CPU per request (target: at most 1.2).`);
    }
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
