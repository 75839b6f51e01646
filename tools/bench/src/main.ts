import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { EmbeddedPostgresServer } from '@docs/platform';
import { Client } from 'pg';
import { request as httpRequest } from 'node:http';
import { api, freePort, LoadResult, measureLoad, median, spaceWithPages, start, TOKEN, untilUp } from './bench-kit';

/**
 * Throughput of hot read paths, measured as PERFORMANCE.md asks: the real api (production
 * settings, LOG_LEVEL=warn) against a bare node:http + pg handler in the same session, on the
 * same embedded PostgreSQL, several rounds, medians, ratios. Run: npm run bench
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PAGE_AT_1000 = 'GET /v1/orgs/{id}/spaces?limit=20 (1,000 spaces)';
const PAGE_AT_100000 = 'GET /v1/orgs/{id}/spaces?limit=20 (100,000 spaces)';
const TREE = 'GET .../content/pages (1,000 pages)';
const LONG_TREE = 'GET .../content/pages (1,000 pages, bodies 10x longer)';
const LEAF = 'GET .../content/page/{id} (a page without children)';
const SECTION = 'GET .../content/page/{id} (a page with 19 children)';

interface Scenario {
  name: string;
  url: string;
  /** The server process that answers it. */
  pid: number;
  /** Request headers beyond the token (e.g. Accept-Encoding). */
  headers?: Record<string, string>;
}

/**
 * Fills a new organization with `count` top-level spaces straight in SQL (through the api,
 * 100,000 would take an hour): each with its initial revision, order keys `e00000`, `e00001`...
 */
async function organizationWithSpaces(base: string, databaseUrl: string, count: number): Promise<string> {
  const { id } = await api<{ id: string }>(base, 'POST', '/v1/orgs', { title: `${count} spaces` });
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    const { rows } = await client.query<{ user_id: string }>(`SELECT user_id FROM organization_members WHERE organization_id = $1`, [id]);
    // Spaces first: their revision key is checked at commit, the revisions' space key at once.
    await client.query(
      `INSERT INTO spaces (id, organization_id, title, position, revision_id, created_at, updated_at)
       SELECT $1 || '-s' || i, $1, 'Space ' || i, 'e' || lpad(i::text, 5, '0'), $1 || '-r' || i, now(), now()
         FROM generate_series(0, $2 - 1) AS i`,
      [id, count],
    );
    await client.query(
      `INSERT INTO revisions (id, space_id, created_by, created_at)
       SELECT $1 || '-r' || i, $1 || '-s' || i, $3, now() FROM generate_series(0, $2 - 1) AS i`,
      [id, count, rows[0].user_id],
    );
    await client.query('COMMIT');
    // Now rather than by autovacuum in the middle of a measurement (the database's CPU counts).
    await client.query('VACUUM ANALYZE spaces, revisions, space_counts');
  } finally {
    await client.end();
  }
  return id;
}

/** Bytes of an answer as sent: plain, and with `Accept-Encoding: gzip` when the server compresses. */
async function answerBytes(url: string, encoding?: string): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { Authorization: `Bearer ${TOKEN}`, ...(encoding ? { 'Accept-Encoding': encoding } : {}) } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ bytes, encoding: String(res.headers['content-encoding'] ?? 'identity') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Throughput and CPU per request of `url` served by `pid`. */
function measure(url: string, pid: number, pgDataDir: string, headers: Record<string, string> = {}): Promise<LoadResult> {
  return measureLoad(url, { connections: CONNECTIONS, seconds: SECONDS, headers: { Authorization: `Bearer ${TOKEN}`, ...headers }, cpu: { pid, pgDataDir } });
}

/**
 * BENCH_STATEMENTS=1: instead of measuring, sends each api scenario's request 20 times, one at a
 * time, and reports the SQL statements each request ran (statement-counter.js, preloaded into the
 * api): how many round trips a read costs, by name.
 */
const COUNT_STATEMENTS = process.env.BENCH_STATEMENTS === '1';
const STATEMENT_COUNTER = join(__dirname, 'statement-counter.js');

async function countStatements(scenarios: Scenario[], pid: number, file: string): Promise<string[]> {
  const dump = async (): Promise<{ requests: number; statements: Record<string, number>; plans: Record<string, { generic: number; custom: number }> }> => {
    rmSync(file, { force: true });
    process.kill(pid, 'SIGUSR2');
    for (let i = 0; i < 100 && !existsSync(file); i++) await sleep(20);
    return JSON.parse(readFileSync(file, 'utf8'));
  };
  const lines = [
    'Per request, by name; a prepared statement PostgreSQL plans again on every execution (it never settled on a generic plan) is marked "custom".',
    '',
    '| scenario | statements per request | which (per request) |',
    '|---|---:|---|',
  ];
  for (const scenario of scenarios) {
    for (let i = 0; i < 5; i++) await (await fetch(scenario.url, { headers: { Authorization: `Bearer ${TOKEN}` } })).arrayBuffer(); // warm-up
    await dump();
    for (let i = 0; i < 20; i++) {
      const res = await fetch(scenario.url, { headers: { Authorization: `Bearer ${TOKEN}` } });
      if (!res.ok) throw new Error(`${scenario.url} answered ${res.status}`);
      await res.arrayBuffer();
    }
    const { requests, statements, plans } = await dump();
    const total = Object.values(statements).reduce((sum, n) => sum + n, 0);
    const which = Object.entries(statements).map(([name, n]) => {
      const plan = plans[name];
      const custom = plan && plan.custom > plan.generic ? ' (custom)' : '';
      return `${name} ${(n / requests).toFixed(2).replace(/\.00$/, '')}${custom}`;
    });
    lines.push(`| ${scenario.name} | ${(total / requests).toFixed(2)} | ${which.join('; ').replace(/\|/g, '\\|')} |`);
  }
  return lines;
}


async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-pg-'));
  const pgDataDir = join(dataDir, 'pg');
  const database = await EmbeddedPostgresServer.start({ dataDir: pgDataDir, port: await freePort() });
  const children: ChildProcess[] = [];
  const statementsFile = join(dataDir, 'statements.json');
  try {
    const databaseUrl = database.url;
    const apiPort = await freePort();
    const barePort = await freePort();
    const apiBase = `http://127.0.0.1:${apiPort}`;
    const apiProcess = start(
      'apps/api/src/main.ts',
      {
        ...(COUNT_STATEMENTS ? { BENCH_STATEMENTS_FILE: statementsFile } : {}),
        DATABASE_URL: databaseUrl,
        PORT: String(apiPort),
        BOOTSTRAP_TOKEN: TOKEN,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_PER_MINUTE: '1000000',
        // The production default; BENCH_RATE_LIMIT_STORE=memory to compare with a baseline that has no shared store.
        RATE_LIMIT_STORE: process.env.BENCH_RATE_LIMIT_STORE ?? 'postgres',
      },
      // e.g. BENCH_API_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the api under load.
      [...(process.env.BENCH_API_NODE_ARGS?.split(' ').filter(Boolean) ?? []), ...(COUNT_STATEMENTS ? ['-r', STATEMENT_COUNTER] : [])],
    );
    children.push(apiProcess);
    await untilUp(`${apiBase}/v1/user`);
    // The same api counting its rate limit in memory: what the shared (PostgreSQL) counter costs.
    const memoryApiPort = await freePort();
    const memoryApi = start('apps/api/src/main.ts', {
      DATABASE_URL: databaseUrl,
      PORT: String(memoryApiPort),
      BOOTSTRAP_TOKEN: TOKEN,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '1000000',
      RATE_LIMIT_STORE: 'memory',
    });
    children.push(memoryApi);
    await untilUp(`http://127.0.0.1:${memoryApiPort}/v1/user`);
    // The same api exposing Prometheus metrics (METRICS_TOKEN): what timing every request costs.
    const metricsApiPort = await freePort();
    const metricsApi = start('apps/api/src/main.ts', {
      DATABASE_URL: databaseUrl,
      PORT: String(metricsApiPort),
      BOOTSTRAP_TOKEN: TOKEN,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '1000000',
      RATE_LIMIT_STORE: process.env.BENCH_RATE_LIMIT_STORE ?? 'postgres',
      METRICS_TOKEN: 'bench-metrics-token-0123456789',
    });
    children.push(metricsApi);
    await untilUp(`http://127.0.0.1:${metricsApiPort}/v1/user`);
    const bareProcess = start('tools/bench/src/bare-server.ts', { DATABASE_URL: databaseUrl, PORT: String(barePort) });
    children.push(bareProcess);
    await untilUp(`http://127.0.0.1:${barePort}/v1/user`);

    const orgs = await api<{ items: { id: string }[] }>(apiBase, 'GET', '/v1/orgs');
    const organizationId = orgs.items[0].id;
    await api(apiBase, 'POST', `/v1/orgs/${organizationId}/invites`, {
      emails: Array.from({ length: 200 }, (_, i) => `member${i}@example.com`),
      role: 'read',
    });
    // Content: a space three collections deep that inherits all the way up (the longest
    // permission walk), among 50 top-level spaces.
    let parent: string | undefined;
    for (let depth = 0; depth < 3; depth++) {
      parent = (await api<{ id: string }>(apiBase, 'POST', `/v1/orgs/${organizationId}/collections`, { title: `Level ${depth}`, parent })).id;
    }
    const deepSpace = await api<{ id: string }>(apiBase, 'POST', `/v1/orgs/${organizationId}/spaces`, { title: 'Deep', parent });
    const topSpaces: { id: string }[] = [];
    for (let i = 0; i < 50; i++) topSpaces.push(await api<{ id: string }>(apiBase, 'POST', `/v1/orgs/${organizationId}/spaces`, { title: `Space ${i}` }));
    // Sites: a published site of 5 sections with 2 site spaces each, two of them in a group.
    const site = await api<{ id: string }>(apiBase, 'POST', `/v1/orgs/${organizationId}/sites`, { title: 'Docs' });
    const siteBase = `/v1/orgs/${organizationId}/sites/${site.id}`;
    const sectionIds: string[] = [];
    for (let i = 0; i < 5; i++) {
      const section = await api<{ id: string }>(apiBase, 'POST', `${siteBase}/sections`, { spaceId: topSpaces[2 * i].id, title: `Section ${i}` });
      await api(apiBase, 'POST', `${siteBase}/site-spaces`, { spaceId: topSpaces[2 * i + 1].id, sectionId: section.id });
      sectionIds.push(section.id);
    }
    await api(apiBase, 'POST', `${siteBase}/section-groups`, { title: 'Group', sections: sectionIds.slice(3) });
    await api(apiBase, 'POST', `${siteBase}/publish`);
    // Integrations: 50 public ones with blocks, listed 20 at a time (owner, memberships and team
    // ownership per page), and one read by name.
    for (let i = 0; i < 50; i++) {
      await api(apiBase, 'POST', `/v1/integrations/bench-${String(i).padStart(2, '0')}`, {
        title: `Integration ${i}`,
        description: 'Benchmark integration',
        script: 'export default {}',
        organization: organizationId,
        scopes: ['space:content:read'],
        visibility: 'public',
        blocks: [{ id: 'embed', title: 'Embed', urlUnfurl: [`https://host${i}.example.com/**`] }],
      });
    }
    // Page trees (issue 18): 1,000 pages of ordinary bodies (~1.5 KB), and the same tree with
    // bodies ten times longer: a tree read must cost the same for both.
    const ordinary = await spaceWithPages(apiBase, organizationId, '1,000 pages', 12);
    const long = await spaceWithPages(apiBase, organizationId, '1,000 long pages', 120);
    const thousand = await organizationWithSpaces(apiBase, databaseUrl, 1_000);
    const hundredThousand = await organizationWithSpaces(apiBase, databaseUrl, 100_000);
    const [apiPid, barePid] = [apiProcess.pid!, bareProcess.pid!];
    const apiScenarios = (base: string, pid: number, prefix: string): Scenario[] => [
      { name: `${prefix}: GET /v1/user`, url: `${base}/v1/user`, pid },
      { name: `${prefix}: GET /v1/orgs/{id}`, url: `${base}/v1/orgs/${organizationId}`, pid },
      { name: `${prefix}: GET /v1/orgs/{id}/members?limit=20`, url: `${base}/v1/orgs/${organizationId}/members?limit=20`, pid },
      { name: `${prefix}: GET /v1/spaces/{id} (3 collections deep)`, url: `${base}/v1/spaces/${deepSpace.id}`, pid },
      { name: `${prefix}: GET /v1/orgs/{id}/spaces?limit=20`, url: `${base}/v1/orgs/${organizationId}/spaces?limit=20`, pid },
      { name: `${prefix}: ${PAGE_AT_1000}`, url: `${base}/v1/orgs/${thousand}/spaces?limit=20`, pid },
      { name: `${prefix}: ${PAGE_AT_100000}`, url: `${base}/v1/orgs/${hundredThousand}/spaces?limit=20`, pid },
      { name: `${prefix}: GET /v1/integrations/{name}`, url: `${base}/v1/integrations/bench-07`, pid },
      { name: `${prefix}: GET /v1/integrations?limit=20`, url: `${base}/v1/integrations?limit=20`, pid },
      { name: `${prefix}: GET .../sites/{id}/structure (5 sections, 10 site spaces)`, url: `${base}${siteBase}/structure`, pid },
      { name: `${prefix}: GET .../sites/{id}/published (same site)`, url: `${base}${siteBase}/published`, pid },
      { name: `${prefix}: GET .../sites/{id}/sections?limit=20`, url: `${base}${siteBase}/sections?limit=20`, pid },
      { name: `${prefix}: ${TREE}`, url: `${base}/v1/spaces/${ordinary.spaceId}/content/pages`, pid },
      { name: `${prefix}: ${TREE} gzip`, url: `${base}/v1/spaces/${ordinary.spaceId}/content/pages`, pid, headers: { 'Accept-Encoding': 'gzip' } },
      { name: `${prefix}: ${LONG_TREE}`, url: `${base}/v1/spaces/${long.spaceId}/content/pages`, pid },
      { name: `${prefix}: ${LEAF}`, url: `${base}/v1/spaces/${ordinary.spaceId}/content/page/${ordinary.leaf}`, pid },
      { name: `${prefix}: ${SECTION}`, url: `${base}/v1/spaces/${ordinary.spaceId}/content/page/${ordinary.section}`, pid },
    ];
    const scenarios: Scenario[] = [
      { name: 'bare node:http + pg: GET /v1/user', url: `http://127.0.0.1:${barePort}/v1/user`, pid: barePid },
      ...apiScenarios(apiBase, apiPid, 'api'),
      { name: 'api, RATE_LIMIT_STORE=memory: GET /v1/user', url: `http://127.0.0.1:${memoryApiPort}/v1/user`, pid: memoryApi.pid! },
      { name: 'api, metrics exposed: GET /v1/user', url: `http://127.0.0.1:${metricsApiPort}/v1/user`, pid: metricsApi.pid! },
      { name: 'api, metrics exposed: GET /v1/spaces/{id} (3 collections deep)', url: `http://127.0.0.1:${metricsApiPort}/v1/spaces/${deepSpace.id}`, pid: metricsApi.pid! },
    ];
    // BENCH_BASELINE=<a checkout of another commit, e.g. main, with node_modules>: its api runs
    // beside this one on the same database, and each round measures both, so that a change is
    // compared with what it changes under the same load (these machines are shared).
    const baselineRoot = process.env.BENCH_BASELINE;
    if (baselineRoot) {
      const baselinePort = await freePort();
      const baseline = start(
        'apps/api/src/main.ts',
        {
          DATABASE_URL: databaseUrl,
          PORT: String(baselinePort),
          BOOTSTRAP_TOKEN: TOKEN,
          LOG_LEVEL: 'warn',
          RATE_LIMIT_PER_MINUTE: '1000000',
          RATE_LIMIT_STORE: process.env.BENCH_RATE_LIMIT_STORE ?? 'postgres',
        },
        [],
        baselineRoot,
      );
      children.push(baseline);
      await untilUp(`http://127.0.0.1:${baselinePort}/v1/user`);
      const others = apiScenarios(`http://127.0.0.1:${baselinePort}`, baseline.pid!, 'baseline');
      // Each scenario right after its counterpart, so both see the same moment's load.
      scenarios.splice(1, scenarios.length - 1, ...scenarios.slice(1).flatMap((s, i) => (others[i] ? [s, others[i]] : [s])));
      await measure(others[0].url, baseline.pid!, pgDataDir); // its warm-up
    }

    // BENCH_ONLY=<regex> measures a subset while iterating (the bare handler always runs).
    const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : undefined;
    if (COUNT_STATEMENTS) {
      const counted = apiScenarios(apiBase, apiPid, 'api').filter((s) => !only || only.test(s.name));
      process.stdout.write(`${(await countStatements(counted, apiPid, statementsFile)).join('\n')}\n`);
      return;
    }
    const measured = scenarios.filter((s, i) => i === 0 || !only || only.test(s.name));
    await measure(scenarios[1].url, apiPid, pgDataDir); // warm-up: JIT, prepared statements on every pooled connection
    const results = new Map<string, LoadResult[]>();
    for (let round = 1; round <= ROUNDS; round++) {
      for (const scenario of measured) {
        const r = await measure(scenario.url, scenario.pid, pgDataDir, scenario.headers);
        results.set(scenario.name, [...(results.get(scenario.name) ?? []), r]);
        process.stderr.write(
          `round ${round}: ${scenario.name}: ${Math.round(r.rps)} req/s, p99 ${r.p99} ms, CPU/request ${Math.round(r.serverUs)} µs + db ${Math.round(r.databaseUs)} µs\n`,
        );
      }
    }
    const of = (name: string, value: (m: LoadResult) => number) => median(results.get(name)!.map(value));
    const cpuOf = (name: string) => of(name, (m) => m.serverUs + m.databaseUs);
    const bare = scenarios[0].name;
    const lines = [
      `${ROUNDS} rounds of ${SECONDS} s, ${CONNECTIONS} connections, medians; load generator on the same machine.`,
      'spread: (fastest - slowest round) / median req/s, how noisy the machine was. CPU: µs per request of the',
      'server process + the database (all its processes); "vs bare (CPU)" = bare CPU per request / this one.',
      '',
      '| scenario | req/s | vs bare | p99 ms | spread | CPU µs/req (server + db) | vs bare (CPU) | errors |',
      '|---|---:|---:|---:|---:|---:|---:|---:|',
      ...measured.map((s) => {
        const runs = results.get(s.name)!;
        const rps = of(s.name, (m) => m.rps);
        const spread = (Math.max(...runs.map((m) => m.rps)) - Math.min(...runs.map((m) => m.rps))) / rps;
        const cpu = `${Math.round(of(s.name, (m) => m.serverUs))} + ${Math.round(of(s.name, (m) => m.databaseUs))}`;
        const errors = runs.reduce((sum, m) => sum + m.errors, 0);
        return `| ${s.name} | ${Math.round(rps)} | ${(rps / of(bare, (m) => m.rps)).toFixed(2)} | ${of(s.name, (m) => m.p99)} | ${Math.round(spread * 100)} % | ${cpu} | ${(cpuOf(bare) / cpuOf(s.name)).toFixed(2)} | ${errors} |`;
      }),
    ];
    for (const prefix of ['api', 'baseline']) {
      const [small, large] = [`${prefix}: ${PAGE_AT_1000}`, `${prefix}: ${PAGE_AT_100000}`];
      if (!results.has(small) || !results.has(large)) continue;
      // Cost per request is the inverse of throughput at the same concurrency.
      const byRps = of(small, (m) => m.rps) / of(large, (m) => m.rps);
      lines.push(
        '',
        `${prefix}: a first page at 100,000 spaces costs ${byRps.toFixed(2)}x a first page at 1,000 by req/s, ${(cpuOf(large) / cpuOf(small)).toFixed(2)}x by CPU.`,
      );
    }
    for (const prefix of ['api', 'baseline']) {
      const [tree, longTree, leaf] = [`${prefix}: ${TREE}`, `${prefix}: ${LONG_TREE}`, `${prefix}: ${LEAF}`];
      if (!results.has(tree) || !results.has(leaf)) continue;
      const treeRps = of(tree, (m) => m.rps);
      lines.push('', `${prefix}: the tree of 1,000 pages answers ${(treeRps / of(leaf, (m) => m.rps)).toFixed(2)}x the requests per second of a single page read.`);
      if (results.has(longTree)) {
        lines.push(`${prefix}: with bodies ten times longer, the tree answers ${(of(longTree, (m) => m.rps) / treeRps).toFixed(2)}x as many requests per second (${(cpuOf(longTree) / cpuOf(tree)).toFixed(2)}x the CPU per request).`);
      }
    }
    // Sizes of the answers, as sent (plain, then gzip when the client accepts it).
    const sizeOf = async (label: string, url: string) => {
      const plain = await answerBytes(url);
      const gzip = await answerBytes(url, 'gzip');
      lines.push(`| ${label} | ${(plain.bytes / 1024).toFixed(1)} KB | ${gzip.encoding === 'gzip' ? `${(gzip.bytes / 1024).toFixed(1)} KB` : 'not compressed'} |`);
    };
    lines.push('', '| answer | bytes | with Accept-Encoding: gzip |', '|---|---:|---:|');
    await sizeOf(TREE, `${apiBase}/v1/spaces/${ordinary.spaceId}/content/pages`);
    await sizeOf(LONG_TREE, `${apiBase}/v1/spaces/${long.spaceId}/content/pages`);
    await sizeOf(`${TREE}?format=document (bodies, opted in)`, `${apiBase}/v1/spaces/${ordinary.spaceId}/content/pages?format=document`);
    await sizeOf(LEAF, `${apiBase}/v1/spaces/${ordinary.spaceId}/content/page/${ordinary.leaf}`);
    await sizeOf(SECTION, `${apiBase}/v1/spaces/${ordinary.spaceId}/content/page/${ordinary.section}`);

    const compared = measured.filter((s) => s.name.startsWith('api: ') && results.has(s.name.replace(/^api: /, 'baseline: ')));
    if (compared.length > 0) {
      lines.push('', '| this checkout vs baseline | req/s ratio | CPU per request ratio |', '|---|---:|---:|');
      for (const s of compared) {
        const other = s.name.replace(/^api: /, 'baseline: ');
        const rps = of(s.name, (m) => m.rps) / of(other, (m) => m.rps);
        lines.push(`| ${s.name.replace(/^api: /, '')} | ${rps.toFixed(2)} | ${(cpuOf(s.name) / cpuOf(other)).toFixed(2)} |`);
      }
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
