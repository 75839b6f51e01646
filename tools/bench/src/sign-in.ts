import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { hash, verify } from '@node-rs/argon2';
import { EmbeddedPostgresServer } from '@docs/platform';
import autocannon from 'autocannon';
import { Client } from 'pg';
import { api, databaseCpuMs, freePort, median, processCpuMs, start, TOKEN, untilUp } from './bench-kit';

/**
 * People signing in (`npm run bench:sign-in`), on the real api (production settings, LOG_LEVEL=warn)
 * and the embedded PostgreSQL:
 * - sign-ins per second (`POST /auth/sign-in`, JSON, a right password), against what the argon2id
 *   hash alone allows on this machine's cores: the hash is the cost, by design;
 * - what a session costs a `/v1` read against a bearer token (`GET /v1/spaces/{id}`): the same
 *   request, the same person, rounds alternating the two credentials; req/s and CPU per request.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SIGN_IN_CONNECTIONS = Number(process.env.BENCH_SIGN_IN_CONNECTIONS ?? 8);
const PASSWORD = 'violet kettle on the moor';
// The product's setting (libs/identity/src/lib/passwords/password-hasher.ts); 2 is Argon2id.
const ARGON2ID = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

interface Measurement {
  rps: number;
  p99: number;
  errors: number;
  serverUs: number;
  databaseUs: number;
}

async function measure(options: autocannon.Options, pid: number, pgDataDir: string): Promise<Measurement> {
  const [server, db] = [processCpuMs(pid), databaseCpuMs(pgDataDir)];
  const result = await autocannon(options);
  const requests = Math.max(1, result.requests.total);
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    serverUs: ((processCpuMs(pid) - server) * 1000) / requests,
    databaseUs: ((databaseCpuMs(pgDataDir) - db) * 1000) / requests,
  };
}

/** One argon2id verification, in ms of one core, in this process: the floor of a sign-in. */
async function hashMs(): Promise<number> {
  const stored = await hash(PASSWORD, ARGON2ID);
  const times: number[] = [];
  for (let i = 0; i < 20; i++) {
    const started = performance.now();
    await verify(stored, PASSWORD);
    times.push(performance.now() - started);
  }
  return median(times);
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-sign-in-pg-'));
  const pgDataDir = join(dataDir, 'pg');
  const database = await EmbeddedPostgresServer.start({ dataDir: pgDataDir, port: await freePort() });
  const children: ChildProcess[] = [];
  try {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = { DATABASE_URL: database.url, BOOTSTRAP_TOKEN: TOKEN, LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '1000000', PORT: String(port), PUBLIC_URL: base };
    const apiProcess = start('apps/api/src/main.ts', env);
    children.push(apiProcess);
    await untilUp(`${base}/v1/user`);
    const pid = apiProcess.pid as number;

    const user = await api<{ id: string; email: string }>(base, 'GET', '/v1/user');
    const organizationId = (await api<{ items: { id: string }[] }>(base, 'GET', '/v1/orgs')).items[0].id;
    const space = await api<{ id: string }>(base, 'POST', `/v1/orgs/${organizationId}/spaces`, { title: 'Handbook' });
    const client = new Client({ connectionString: database.url });
    await client.connect();
    try {
      await client.query(`INSERT INTO user_passwords (user_id, hash, changed_at) VALUES ($1, $2, now())`, [user.id, await hash(PASSWORD, ARGON2ID)]);
    } finally {
      await client.end();
    }
    const signIn = async (): Promise<string> => {
      const res = await fetch(`${base}/auth/sign-in`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: user.email, password: PASSWORD }) });
      if (res.status !== 200) throw new Error(`sign-in -> ${res.status} ${await res.text()}`);
      return res.headers.getSetCookie()[0].split(';')[0];
    };
    const cookie = await signIn();

    const oneHash = await hashMs();
    const cores = cpus().length;
    const signInBody = JSON.stringify({ email: user.email, password: PASSWORD });
    const signIns: Measurement[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      signIns.push(
        await measure(
          { url: `${base}/auth/sign-in`, method: 'POST', connections: SIGN_IN_CONNECTIONS, duration: SECONDS, headers: { 'Content-Type': 'application/json' }, body: signInBody },
          pid,
          pgDataDir,
        ),
      );
    }

    const read = `${base}/v1/spaces/${space.id}`;
    const bearer: Measurement[] = [];
    const session: Measurement[] = [];
    const options = (headers: Record<string, string>): autocannon.Options => ({ url: read, connections: CONNECTIONS, duration: SECONDS, headers });
    await measure(options({ Authorization: `Bearer ${TOKEN}` }), pid, pgDataDir); // warm-up
    await measure(options({ Cookie: cookie }), pid, pgDataDir);
    for (let round = 0; round < ROUNDS; round++) {
      bearer.push(await measure(options({ Authorization: `Bearer ${TOKEN}` }), pid, pgDataDir));
      session.push(await measure(options({ Cookie: cookie }), pid, pgDataDir));
    }

    const row = (name: string, runs: Measurement[]) => {
      const m = (pick: (r: Measurement) => number) => median(runs.map(pick));
      return `| ${name} | ${m((r) => r.rps).toFixed(0)} | ${m((r) => r.p99).toFixed(0)} | ${m((r) => r.serverUs).toFixed(0)} | ${m((r) => r.databaseUs).toFixed(0)} | ${runs.reduce((sum, r) => sum + r.errors, 0)} |`;
    };
    const ratio = (pick: (r: Measurement) => number) => (median(session.map(pick)) / median(bearer.map(pick))).toFixed(2);
    const lines = [
      `${ROUNDS} rounds of ${SECONDS} s, medians; ${cores} cores.`,
      '',
      '| scenario | req/s | p99 ms | api CPU µs/req | database CPU µs/req | errors |',
      '|---|---:|---:|---:|---:|---:|',
      row(`POST /auth/sign-in (${SIGN_IN_CONNECTIONS} connections)`, signIns),
      row(`GET /v1/spaces/{id}, bearer token (${CONNECTIONS} connections)`, bearer),
      row(`GET /v1/spaces/{id}, session cookie (${CONNECTIONS} connections)`, session),
      '',
      `One argon2id verification: ${oneHash.toFixed(1)} ms of one core, so at most ${((1000 / oneHash) * cores).toFixed(0)} sign-ins per second on ${cores} cores for the hash alone.`,
      `Session against bearer on the same read: req/s ${ratio((r) => r.rps)}x, api CPU per request ${ratio((r) => r.serverUs)}x, database CPU per request ${ratio((r) => r.databaseUs)}x.`,
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await database.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
