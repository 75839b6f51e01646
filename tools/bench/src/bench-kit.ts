import { ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { findWorkspaceRoot } from '@docs/platform';
import autocannon from 'autocannon';
import { ZipFile } from 'yazl';

/** What every benchmark shares: the bootstrap token, free ports, child processes, API calls. */
export const TOKEN = 'bench-token-0123456789abcdef';

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A TypeScript entry point of the workspace (or of `root`, another checkout) as a child process. */
export function start(entry: string, env: Record<string, string>, nodeArgs: string[] = [], root = findWorkspaceRoot()): ChildProcess {
  return spawn(process.execPath, [...nodeArgs, '-r', join(root, 'tools/register.js'), join(root, entry)], {
    cwd: root,
    // Its own path aliases: the bench's SWC_NODE_PROJECT would otherwise point another checkout's
    // `@docs/*` imports at this one's sources.
    env: { ...process.env, SWC_NODE_PROJECT: join(root, 'tsconfig.base.json'), ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** Waits until `url` answers `expect` (with the bench token), for up to a minute. */
export async function untilUp(url: string, expect = 200): Promise<void> {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(url, { headers: { Authorization: `Bearer ${TOKEN}` } })).status === expect) return;
    } catch {
      // not yet
    }
    await sleep(200);
  }
  throw new Error(`${url} did not come up`);
}

/** One JSON call with the bench token; a non-2xx answer throws with its body. */
export async function api<T>(base: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path} -> ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * A space of 1,000 pages (50 sections of a README and 19 pages each; with `flat`, 1,000 pages at
 * the top level), imported through the api from a zip: bodies of `paragraphs` paragraphs of about
 * 120 characters each.
 */
export async function spaceWithPages(base: string, organizationId: string, title: string, paragraphs: number, flat = false): Promise<{ spaceId: string; leaf: string; section: string }> {
  const space = await api<{ id: string }>(base, 'POST', `/v1/orgs/${organizationId}/spaces`, { title });
  const zip = new ZipFile();
  const body = (n: number) =>
    [`# Page ${n}`, ...Array.from({ length: paragraphs }, (_, i) => `Page ${n} explains one part of the product in some detail, with enough words to look like documentation (${i}).`)].join('\n\n');
  let n = 0;
  for (let section = 0; section < (flat ? 0 : 50); section++) {
    zip.addBuffer(Buffer.from(body(n++)), `section-${section}/README.md`);
    for (let page = 0; page < 19; page++) zip.addBuffer(Buffer.from(body(n++)), `section-${section}/page-${page}.md`);
  }
  for (let page = 0; page < (flat ? 1000 : 0); page++) zip.addBuffer(Buffer.from(body(n++)), `page-${String(page).padStart(4, '0')}.md`);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  const res = await fetch(`${base}/v1/spaces/${space.id}/content/import`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/zip' },
    body: Buffer.concat(chunks),
  });
  if (!res.ok) throw new Error(`import -> ${res.status} ${await res.text()}`);
  const tree = await api<{ pages: { id: string; pages?: { id: string }[] }[] }>(base, 'GET', `/v1/spaces/${space.id}/content/pages`);
  const count = (pages: { pages?: unknown[] }[]): number => pages.reduce((sum, page) => sum + 1 + count((page.pages ?? []) as { pages?: unknown[] }[]), 0);
  if (count(tree.pages) !== 1000) throw new Error(`${title}: ${count(tree.pages)} pages imported, not 1,000`);
  return { spaceId: space.id, section: tree.pages[0].id, leaf: (tree.pages[0].pages?.[0] ?? tree.pages[0]).id };
}

/**
 * A session of the bench token's person, as a browser gets one: a password set through the CLI
 * (`users set-password`, as an administrator would), then `POST /auth/sign-in`. Answers the
 * cookie's name and value (what a browser context or a `Cookie` header carries).
 */
export async function signedInSession(base: string, databaseUrl: string, root = findWorkspaceRoot()): Promise<{ name: string; value: string }> {
  const { email } = await api<{ email: string }>(base, 'GET', '/v1/user');
  const password = 'bench password of a person who signs in';
  const cli = spawn(process.execPath, ['-r', join(root, 'tools/register.js'), join(root, 'tools/cli/src/main.ts'), 'users', 'set-password', '--email', email], {
    cwd: root,
    env: { ...process.env, SWC_NODE_PROJECT: join(root, 'tsconfig.base.json'), DATABASE_URL: databaseUrl, RUN_MIGRATIONS: 'false' },
    stdio: ['pipe', 'ignore', 'inherit'],
  });
  cli.stdin!.end(`${password}\n`);
  const code = await new Promise<number | null>((resolve) => cli.once('exit', resolve));
  if (code !== 0) throw new Error(`users set-password exited with ${code}`);
  const res = await fetch(`${base}/auth/sign-in`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password }) });
  if (res.status !== 200) throw new Error(`sign-in -> ${res.status} ${await res.text()}`);
  const [name, value] = res.headers.getSetCookie()[0].split(';')[0].split('=');
  return { name, value };
}

/** utime + stime of /proc/<pid>/stat in ms, and what it reaped from children, and its parent; undefined once it is gone. */
function cpuFields(pid: number | string): { own: number; reaped: number; parent: number } | undefined {
  try {
    // Counted after the command name's closing parenthesis: state is field 3, ppid 4, utime 14.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    const ms = (i: number) => (Number(fields[i]) * 1000) / 100;
    return { own: ms(11) + ms(12), reaped: ms(13) + ms(14), parent: Number(fields[1]) };
  } catch {
    return undefined;
  }
}

/** CPU time (user + system, ms) a process has used so far. */
export function processCpuMs(pid: number): number {
  return cpuFields(pid)?.own ?? 0;
}

/** CPU time (ms) of a PostgreSQL server: the postmaster, its live children and those it reaped. */
export function databaseCpuMs(dataDir: string): number {
  const postmaster = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const own = cpuFields(postmaster);
  let total = (own?.own ?? 0) + (own?.reaped ?? 0);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const child = cpuFields(entry);
    if (child?.parent === postmaster) total += child.own;
  }
  return total;
}

/** The middle value (the upper one of an even count). */
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The value below which p % of `values` lie (nearest rank). */
export const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))];

/** What one load run measured: throughput, latency, errors, and CPU per request where asked. */
export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** CPU per request of the server process and of the database, in µs (0 unless `cpu` was given). */
  serverUs: number;
  databaseUs: number;
}

export interface LoadOptions {
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
  /** Measure CPU per request: on a machine shared with other work, req/s swings with the load, CPU per request much less. */
  cpu?: { pid: number; pgDataDir: string };
  /** 3xx answers are what is measured (a 304, a redirect), not errors. */
  expect3xx?: boolean;
  /** Each request from another address (X-Forwarded-For counts up): every page view a new visitor. */
  distinctVisitors?: boolean;
}

/** One autocannon run against `url`. */
export async function measureLoad(url: string, options: LoadOptions): Promise<LoadResult> {
  const { cpu } = options;
  const before = cpu ? [processCpuMs(cpu.pid), databaseCpuMs(cpu.pgDataDir)] : [0, 0];
  let visitor = 0;
  const requests = options.distinctVisitors
    ? [{ setupRequest: (request: autocannon.Request) => ({ ...request, headers: { ...(request.headers as Record<string, string>), 'X-Forwarded-For': `10.${(++visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}` } }) }]
    : undefined;
  const result = await autocannon({ url, connections: options.connections, duration: options.seconds, headers: options.headers ?? {}, ...(requests ? { requests } : {}) });
  const total = Math.max(1, result.requests.total);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx - (options.expect3xx ? (result['3xx'] ?? 0) : 0),
    serverUs: cpu ? ((processCpuMs(cpu.pid) - before[0]) * 1000) / total : 0,
    databaseUs: cpu ? ((databaseCpuMs(cpu.pgDataDir) - before[1]) * 1000) / total : 0,
  };
}

/** The median of each figure over several runs, errors summed. */
export function medianLoad(results: LoadResult[]): LoadResult {
  const m = (value: (r: LoadResult) => number) => median(results.map(value));
  return { rps: m((r) => r.rps), p50: m((r) => r.p50), p99: m((r) => r.p99), serverUs: m((r) => r.serverUs), databaseUs: m((r) => r.databaseUs), errors: results.reduce((n, r) => n + r.errors, 0) };
}

/**
 * Every scenario once as a warm-up, then once per round, rounds interleaved (the machine drifts);
 * each round's figures on stderr, the medians returned by scenario name.
 */
export async function interleavedRounds<S extends { name: string }>(scenarios: S[], rounds: number, measure: (scenario: S) => Promise<LoadResult>): Promise<Map<string, LoadResult>> {
  for (const s of scenarios) await measure(s);
  const all = new Map<string, LoadResult[]>(scenarios.map((s) => [s.name, []]));
  for (let round = 1; round <= rounds; round++) {
    for (const s of scenarios) {
      const r = await measure(s);
      all.get(s.name)?.push(r);
      const cpu = r.serverUs || r.databaseUs ? `, CPU/request ${Math.round(r.serverUs)} + ${Math.round(r.databaseUs)} µs` : '';
      process.stderr.write(`round ${round}: ${s.name}: ${Math.round(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms${cpu}, errors ${r.errors}\n`);
    }
  }
  return new Map([...all].map(([name, results]) => [name, medianLoad(results)]));
}
