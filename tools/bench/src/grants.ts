import type { ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ORGANIZATION_SPACES_PAGE } from '@docs/content';
import { EmbeddedPostgresServer } from '@docs/platform';
import { Client } from 'pg';
import { api, freePort, interleavedRounds, LoadResult, measureLoad, median, start, TOKEN, untilUp } from './bench-kit';

/**
 * The grants figures (issue 31), written to docs/performance.md:
 * - a space read and the organization's space list as a member (role edit), in an organization
 *   without grants or teams ("today's" path: the grant lookups find nothing) against the same in
 *   an organization with 1,000 grants and 100 teams, the member in 10 of them (target: ≤ 1.1x);
 * - a page of listPermissionsAggregateInSpace at 10,000 members and 1,000 teams (one statement per
 *   page), first page and a role filter.
 * Members, teams and grants are seeded in SQL. Run: npm run bench:grants
 * `BENCH_EXPLAIN=1`: instead of the load, the plans (EXPLAIN ANALYZE, as a prepared statement
 * past its first five executions, so the generic plan the api settles on) of the first page of
 * the space list, without and with grants, and the median of the statement's execution time
 * over 200 runs of each.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const MEMBER_TOKEN = 'dpt_benchMemberToken0123456789abcdefghijklmnop';


/** An organization with 10 collections and 100 spaces (10 at the top, 9 in each collection; 10 of them private), made over the API. */
async function organizationWithSpaces(base: string, title: string): Promise<{ organizationId: string; spaces: string[]; collections: string[] }> {
  const organization = await api<{ id: string }>(base, 'POST', '/v1/orgs', { title });
  const collections: string[] = [];
  const spaces: string[] = [];
  for (let c = 0; c < 10; c++) collections.push((await api<{ id: string }>(base, 'POST', `/v1/orgs/${organization.id}/collections`, { title: `Collection ${c}` })).id);
  for (let i = 0; i < 100; i++) {
    const parent = i < 10 ? undefined : collections[i % 10];
    const space = await api<{ id: string }>(base, 'POST', `/v1/orgs/${organization.id}/spaces`, { title: `Space ${i}`, ...(parent ? { parent } : {}) });
    if (i % 10 === 3) await api(base, 'PATCH', `/v1/spaces/${space.id}`, { defaultLevel: null });
    spaces.push(space.id);
  }
  return { organizationId: organization.id, spaces, collections };
}

/** `count` users, members of the organization with `role`; their ids. */
async function seedMembers(client: Client, organizationId: string, prefix: string, count: number, role: string | null): Promise<string[]> {
  const ids = Array.from({ length: count }, (_, i) => `${prefix}${String(i).padStart(5, '0')}`);
  await client.query(
    `INSERT INTO users (id, email, display_name, created_at) SELECT id, id || '@example.com', 'Member ' || id, now() FROM unnest($1::text[]) AS id`,
    [ids],
  );
  await client.query(
    `INSERT INTO organization_members (organization_id, user_id, role, joined_at) SELECT $1, id, $2, now() FROM unnest($3::text[]) AS id`,
    [organizationId, role, ids],
  );
  return ids;
}

/** `count` teams of `size` members each (members taken in turn); their ids. */
async function seedTeams(client: Client, organizationId: string, prefix: string, count: number, members: string[], size: number): Promise<string[]> {
  const teams = Array.from({ length: count }, (_, i) => `${prefix}${String(i).padStart(4, '0')}`);
  await client.query(`INSERT INTO teams (id, organization_id, title, created_at) SELECT id, $1, 'Team ' || id, now() FROM unnest($2::text[]) AS id`, [organizationId, teams]);
  await client.query(
    `INSERT INTO team_members (team_id, user_id, organization_id, role, created_at)
     SELECT t.id, ($3::text[])[1 + ((t.n - 1) * $4 + k) % array_length($3::text[], 1)], $1, 'member', now()
       FROM unnest($2::text[]) WITH ORDINALITY AS t(id, n) CROSS JOIN generate_series(0, $4 - 1) AS k
     ON CONFLICT DO NOTHING`,
    [organizationId, teams, members, size],
  );
  return teams;
}

async function grant(client: Client, organizationId: string, rows: { space?: string; collection?: string; user?: string; team?: string; role: string }[]): Promise<void> {
  await client.query(
    `INSERT INTO content_grants (id, organization_id, space_id, collection_id, user_id, team_id, role, created_at)
     SELECT 'g' || md5(random()::text || n), $1, s, c, u, t, r, now()
       FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[]) WITH ORDINALITY AS x(s, c, u, t, r, n)
     ON CONFLICT DO NOTHING`,
    [
      organizationId,
      rows.map((row) => row.space ?? null),
      rows.map((row) => row.collection ?? null),
      rows.map((row) => row.user ?? null),
      rows.map((row) => row.team ?? null),
      rows.map((row) => row.role),
    ],
  );
}

/** The plan of the organization's first page of spaces as the api runs it (its order and limit, the generic plan), for each case. */
async function explainSpaceList(client: Client, cases: [string, string, string][]): Promise<void> {
  const text = `${ORGANIZATION_SPACES_PAGE} ORDER BY COALESCE(s.parent_id, '') ASC, s.position ASC, s.id ASC LIMIT 101`;
  await client.query(`PREPARE space_list_page (text, text) AS ${text}`);
  for (const [name, organizationId, userId] of cases) {
    const execute = `EXECUTE space_list_page (${client.escapeLiteral(organizationId)}, ${client.escapeLiteral(userId)})`;
    for (let i = 0; i < 6; i++) await client.query(execute);
    // The database's time for the statement, without the round trip: the median of 200 runs.
    const times: number[] = [];
    for (let i = 0; i < 200; i++) {
      const timed = await client.query(`EXPLAIN (ANALYZE, TIMING OFF, SUMMARY ON, FORMAT JSON) ${execute}`);
      times.push(timed.rows[0]['QUERY PLAN'][0]['Execution Time'] as number);
    }
    const plan = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${execute}`);
    process.stdout.write(`\n## ${name}: median execution ${median(times).toFixed(3)} ms (200 runs)\n${plan.rows.map((row) => row['QUERY PLAN']).join('\n')}\n`);
  }
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-grants-pg-'));
  const pgDataDir = join(dataDir, 'pg');
  const database = await EmbeddedPostgresServer.start({ dataDir: pgDataDir, port: await freePort() });
  const children: ChildProcess[] = [];
  try {
    const env = { DATABASE_URL: database.url, BOOTSTRAP_TOKEN: TOKEN, LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '1000000' };
    const apiPort = await freePort();
    const base = `http://127.0.0.1:${apiPort}`;
    const apiProcess = start('apps/api/src/main.ts', { ...env, PORT: String(apiPort) });
    children.push(apiProcess);
    await untilUp(`${base}/v1/user`);

    const started = Date.now();
    const plain = await organizationWithSpaces(base, 'Without grants');
    const shared = await organizationWithSpaces(base, 'With grants');
    const reach = await organizationWithSpaces(base, 'Aggregate');
    const client = new Client({ connectionString: database.url });
    await client.connect();
    let aggregateSpace: string;
    try {
      // The measured member (role edit), in both organizations, with one token.
      const [member] = await seedMembers(client, plain.organizationId, 'bench-member-', 1, 'edit');
      await client.query(`INSERT INTO organization_members (organization_id, user_id, role, joined_at) VALUES ($1, $2, 'edit', now())`, [shared.organizationId, member]);
      await client.query(`INSERT INTO api_tokens (id, user_id, label, token_hash, display_prefix, created_at) VALUES ('bench-member-token', $1, 'bench', $2, $3, now())`, [
        member,
        createHash('sha256').update(MEMBER_TOKEN, 'utf8').digest(),
        MEMBER_TOKEN.slice(0, 8),
      ]);
      // With grants: 200 other members, 100 teams of 10 (the member in 10 of them), 1,000 grants.
      const others = await seedMembers(client, shared.organizationId, 'bench-other-', 200, 'read');
      const teams = await seedTeams(client, shared.organizationId, 'bench-team-', 100, others, 10);
      await client.query(
        `INSERT INTO team_members (team_id, user_id, organization_id, role, created_at) SELECT t, $1, $2, 'member', now() FROM unnest($3::text[]) AS t`,
        [member, shared.organizationId, teams.slice(0, 10)],
      );
      const roles = ['read', 'comment', 'edit', 'review'];
      const rows: Parameters<typeof grant>[2] = [];
      // Each (object, subject) pair once: both are functions of (i % 100, i / 100).
      for (let i = 0; i < 1000; i++) {
        const round = Math.floor(i / 100);
        const object = i % 10 === 0 ? { collection: shared.collections[(i / 10) % 10] } : { space: shared.spaces[i % 100] };
        const subject = i % 2 === 0 ? { team: teams[round * 10 + (i % 10)] } : { user: others[round * 20 + (i % 20)] };
        rows.push({ ...object, ...subject, role: roles[i % 4] });
      }
      await grant(client, shared.organizationId, rows);
      await grant(client, shared.organizationId, [{ space: shared.spaces[3], user: member, role: 'read' }]);

      // The aggregate: 10,000 members, 1,000 teams of 10, a space granted to 100 teams and 100 members.
      const many = await seedMembers(client, reach.organizationId, 'bench-reach-', 10_000, 'read');
      const reachTeams = await seedTeams(client, reach.organizationId, 'bench-reach-team-', 1000, many, 10);
      aggregateSpace = reach.spaces[13];
      await grant(client, reach.organizationId, [
        ...reachTeams.slice(0, 100).map((team, i) => ({ space: aggregateSpace, team, role: roles[i % 4] })),
        ...many.slice(5000, 5100).map((user, i) => ({ space: aggregateSpace, user, role: roles[(i + 1) % 4] })),
      ]);
      await client.query('VACUUM ANALYZE content_grants, team_members, teams, organization_members, users, spaces, collections');
      const counts = (
        await client.query(
          `SELECT organization_id, count(*)::int AS grants, (SELECT count(*) FROM teams t WHERE t.organization_id = g.organization_id)::int AS teams
             FROM content_grants g GROUP BY organization_id`,
        )
      ).rows;
      process.stderr.write(`seeded in ${Date.now() - started} ms: ${JSON.stringify(counts)}\n`);
      if (process.env.BENCH_EXPLAIN) {
        await explainSpaceList(client, [
          ['space list (100), no grants', plain.organizationId, member],
          ['space list (100), 1,000 grants and 100 teams', shared.organizationId, member],
        ]);
        return;
      }
    } finally {
      await client.end();
    }

    const scenarios = [
      { name: 'space read, no grants', token: MEMBER_TOKEN, path: `/v1/spaces/${plain.spaces[15]}` },
      { name: 'space read, 1,000 grants and 100 teams', token: MEMBER_TOKEN, path: `/v1/spaces/${shared.spaces[15]}` },
      { name: 'space list (100), no grants', token: MEMBER_TOKEN, path: `/v1/orgs/${plain.organizationId}/spaces` },
      { name: 'space list (100), 1,000 grants and 100 teams', token: MEMBER_TOKEN, path: `/v1/orgs/${shared.organizationId}/spaces` },
      { name: 'aggregate, first page of 100, 10,000 members and 1,000 teams', token: TOKEN, path: `/v1/spaces/${aggregateSpace}/permissions/aggregate?limit=100` },
      { name: 'aggregate, role=edit, 10,000 members and 1,000 teams', token: TOKEN, path: `/v1/spaces/${aggregateSpace}/permissions/aggregate?limit=100&role=edit` },
    ];
    for (const s of scenarios) {
      const res = await fetch(`${base}${s.path}`, { headers: { Authorization: `Bearer ${s.token}` } });
      const body = (await res.json()) as { count?: number };
      process.stderr.write(`${s.name}: ${res.status}, count ${body.count ?? '-'}\n`);
    }

    const pid = apiProcess.pid as number;
    const medians = await interleavedRounds(scenarios, ROUNDS, (s) =>
      measureLoad(`${base}${s.path}`, { connections: CONNECTIONS, seconds: SECONDS, headers: { Authorization: `Bearer ${s.token}` }, cpu: { pid, pgDataDir } }),
    );
    const lines = ['| Scenario | req/s | p50 ms | p99 ms | api CPU µs/req | database CPU µs/req | errors |', '|---|---|---|---|---|---|---|'];
    for (const s of scenarios) {
      const r = medians.get(s.name) as LoadResult;
      lines.push(`| ${s.name} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.serverUs.toFixed(0)} | ${r.databaseUs.toFixed(0)} | ${r.errors} |`);
    }
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await sleep(1000);
    await database.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
