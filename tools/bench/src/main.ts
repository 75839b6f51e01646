import { ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { EmbeddedPostgresServer, findWorkspaceRoot } from '@docs/platform';
import autocannon from 'autocannon';

/**
 * Throughput of hot read paths, measured as PERFORMANCE.md asks: the real api (production
 * settings, LOG_LEVEL=warn) against a bare node:http + pg handler in the same session, on the
 * same embedded PostgreSQL, several rounds, medians, ratios. Run: npm run bench
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const TOKEN = 'bench-token-0123456789abcdef';

interface Scenario {
  name: string;
  url: string;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function start(entry: string, env: Record<string, string>): ChildProcess {
  const root = findWorkspaceRoot();
  return spawn(process.execPath, ['-r', join(root, 'tools/register.js'), join(root, entry)], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function untilUp(url: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(url, { headers: { Authorization: `Bearer ${TOKEN}` } })).ok) return;
    } catch {
      // not yet
    }
    await sleep(200);
  }
  throw new Error(`${url} did not come up`);
}

async function api<T>(base: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path} -> ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function measure(url: string): Promise<{ rps: number; p99: number; errors: number }> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers: { Authorization: `Bearer ${TOKEN}` } });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-pg-'));
  const database = await EmbeddedPostgresServer.start({ dataDir: join(dataDir, 'pg'), port: await freePort() });
  const children: ChildProcess[] = [];
  try {
    const databaseUrl = database.url;
    const apiPort = await freePort();
    const barePort = await freePort();
    const apiBase = `http://127.0.0.1:${apiPort}`;
    children.push(
      start('apps/api/src/main.ts', {
        DATABASE_URL: databaseUrl,
        PORT: String(apiPort),
        BOOTSTRAP_TOKEN: TOKEN,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_PER_MINUTE: '1000000',
      }),
    );
    await untilUp(`${apiBase}/v1/user`);
    children.push(start('tools/bench/src/bare-server.ts', { DATABASE_URL: databaseUrl, PORT: String(barePort) }));
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
    const scenarios: Scenario[] = [
      { name: 'bare node:http + pg: GET /v1/user', url: `http://127.0.0.1:${barePort}/v1/user` },
      { name: 'api: GET /v1/user', url: `${apiBase}/v1/user` },
      { name: 'api: GET /v1/orgs/{id}', url: `${apiBase}/v1/orgs/${organizationId}` },
      { name: 'api: GET /v1/orgs/{id}/members?limit=20', url: `${apiBase}/v1/orgs/${organizationId}/members?limit=20` },
      { name: 'api: GET /v1/spaces/{id} (3 collections deep)', url: `${apiBase}/v1/spaces/${deepSpace.id}` },
      { name: 'api: GET /v1/orgs/{id}/spaces?limit=20', url: `${apiBase}/v1/orgs/${organizationId}/spaces?limit=20` },
      { name: 'api: GET .../sites/{id}/structure (5 sections, 10 site spaces)', url: `${apiBase}${siteBase}/structure` },
      { name: 'api: GET .../sites/{id}/published (same site)', url: `${apiBase}${siteBase}/published` },
      { name: 'api: GET .../sites/{id}/sections?limit=20', url: `${apiBase}${siteBase}/sections?limit=20` },
    ];

    await measure(scenarios[1].url); // warm-up: JIT, prepared statements on every pooled connection
    const results = new Map<string, { rps: number[]; p99: number[]; errors: number }>();
    for (let round = 1; round <= ROUNDS; round++) {
      for (const scenario of scenarios) {
        const r = await measure(scenario.url);
        const entry = results.get(scenario.name) ?? { rps: [], p99: [], errors: 0 };
        entry.rps.push(r.rps);
        entry.p99.push(r.p99);
        entry.errors += r.errors;
        results.set(scenario.name, entry);
        process.stderr.write(`round ${round}: ${scenario.name}: ${Math.round(r.rps)} req/s, p99 ${r.p99} ms\n`);
      }
    }
    const bare = median(results.get(scenarios[0].name)!.rps);
    const lines = [
      `${ROUNDS} rounds of ${SECONDS} s, ${CONNECTIONS} connections, medians; load generator on the same machine.`,
      '',
      '| scenario | req/s | vs bare | p99 ms | errors |',
      '|---|---:|---:|---:|---:|',
      ...scenarios.map((s) => {
        const r = results.get(s.name)!;
        const rps = median(r.rps);
        return `| ${s.name} | ${Math.round(rps)} | ${(rps / bare).toFixed(2)} | ${median(r.p99)} | ${r.errors} |`;
      }),
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
