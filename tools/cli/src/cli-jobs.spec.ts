import { ContentJobsModule, ContentModule, PurgeSpaceJob, SpacePurgeHooks } from '@docs/content';
import { createSpace } from '@docs/content/testing';
import { IdentityModule } from '@docs/identity';
import { createOrganization } from '@docs/identity/testing';
import { JobWorker, JobWorkerModule } from '@docs/platform';
import { createTestApp, createTestDatabase, TestApp, TestDatabase } from '@docs/platform/testing';
import { runCli } from './cli';

describe('operator CLI: jobs', () => {
  let database: TestDatabase;
  let api: TestApp;
  let worker: TestApp;
  let env: Record<string, string>;
  let failFor: string | undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
    api = await createTestApp({ imports: [IdentityModule, ContentModule], database });
    worker = await createTestApp({ runtime: 'worker', imports: [JobWorkerModule, ContentJobsModule], database });
    // A purge the test makes fail, to see a failure reported.
    worker.get(SpacePurgeHooks).register(async (_tx, purged) => {
      if (purged.spaceId === failFor) throw new Error(`the test refuses to purge ${purged.spaceId}`);
    });
    await worker.get(JobWorker).start({ schedule: false });
    env = { DATABASE_URL: database.url };
  });
  afterAll(async () => {
    await worker.close();
    await api.close();
    await database.drop();
  });

  async function cli(argv: string[], environment = env) {
    const out: string[] = [];
    const err: string[] = [];
    const progress: string[] = [];
    const code = await runCli(argv, { out: (l) => out.push(...l.split('\n')), err: (l) => err.push(...l.split('\n')), progress: (l) => progress.push(l) }, environment);
    return { code, out, err, progress };
  }

  async function deletedSpace(age = '8 days'): Promise<string> {
    const { organization, members } = await createOrganization(api);
    const space = await createSpace(api, members.admin.token, organization.id, { title: 'Old' });
    await api.http.as(members.admin.token).post(`/v1/spaces/${space.id}/content/pages`, { title: 'Page', markdown: 'Text.' });
    await api.http.as(members.admin.token).delete(`/v1/spaces/${space.id}`);
    await api.dataSource.query(`UPDATE spaces SET deleted_at = now() - interval '${age}' WHERE id = $1`, [space.id]);
    return space.id;
  }

  it('jobs run space-purge: runs the sweep now, follows the purges it enqueued, exits 0', async () => {
    const [first, second] = [await deletedSpace(), await deletedSpace()];
    const recent = await deletedSpace('1 day');
    const res = await cli(['jobs', 'run', 'space-purge']);
    expect(res.err).toEqual([]);
    expect(res.code).toBe(0);
    expect(res.out[0]).toMatch(/^enqueued space-purge job [0-9a-f-]{36}$/);
    expect(res.out).toContainEqual(expect.stringMatching(/^space-purge [0-9a-f-]{36}: completed in \d+ s; 2 jobs to follow$/));
    expect(res.out[res.out.length - 1]).toBe('space-purge: 2 of 2 completed');
    expect(res.progress.length).toBeGreaterThan(0);
    expect(res.progress[0]).toMatch(/^space-purge [0-9a-f-]{36}: (created|active)/);
    const left = await api.dataSource.query(`SELECT id FROM spaces WHERE id = ANY($1)`, [[first, second, recent]]);
    expect(left).toEqual([{ id: recent }]);

    const listed = await cli(['jobs', 'list', '--name', PurgeSpaceJob.name]);
    expect(listed.code).toBe(0);
    expect(listed.out).toHaveLength(2);
    for (const line of listed.out) expect(line.split('\t').slice(1, 4)).toEqual(['space-purge.space', 'completed', 'attempts 1/4']);
    expect((await cli(['jobs', 'list', '--state', 'failed'])).out).toEqual(['no jobs']);
  });

  it('exits 1 when a job it follows fails; jobs list shows it with its error, and jobs retry runs it again', async () => {
    const doomed = await deletedSpace();
    failFor = doomed;
    // pg-boss would retry it three times with backoff: the test gives up for it after the first attempt.
    const giveUp = setInterval(() => {
      void api.dataSource.query(`UPDATE pgboss.job SET state = 'failed' WHERE name = $1 AND state = 'retry' AND data->>'spaceId' = $2`, [PurgeSpaceJob.name, doomed]);
    }, 100);
    const res = await cli(['jobs', 'run', 'space-purge']);
    clearInterval(giveUp);
    expect(res.code).toBe(1);
    expect(res.out).toContainEqual(expect.stringMatching(/^space-purge.space [0-9a-f-]{36}: failed: the test refuses to purge/));
    expect(res.out[res.out.length - 1]).toBe('space-purge: 0 of 1 completed, 1 failed');
    expect(res.err).toEqual(['error: space-purge failed: see npm run cli -- jobs list --state failed']);

    const failed = await cli(['jobs', 'list', '--state', 'failed']);
    expect(failed.out).toHaveLength(1);
    const [id, name, state] = failed.out[0].split('\t');
    expect([name, state]).toEqual(['space-purge.space', 'failed']);
    expect(failed.out[0]).toContain('the test refuses to purge');

    failFor = undefined;
    const retried = await cli(['jobs', 'retry', id]);
    expect(retried).toMatchObject({ code: 0, out: [`job ${id} will run again`, id] });
    const deadline = Date.now() + 20_000;
    while ((await api.dataSource.query(`SELECT 1 FROM spaces WHERE id = $1`, [doomed])).length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(await api.dataSource.query(`SELECT 1 FROM spaces WHERE id = $1`, [doomed])).toEqual([]);
    expect((await cli(['jobs', 'retry', id])).err).toEqual([expect.stringMatching(/^error: job .* \(space-purge.space\) is (active|completed): only failed jobs can be retried$/)]);
  });

  it('explains mistakes: unknown kinds, ids, bad options', async () => {
    expect((await cli(['jobs', 'run', 'coffee'])).code).not.toBe(0);
    expect(await cli(['jobs', 'retry', 'not-an-id'])).toMatchObject({ code: 1, err: ['error: no job has the id not-an-id'] });
    expect(await cli(['jobs', 'list', '--limit', '0'])).toMatchObject({ code: 1, err: ['error: --limit must be a whole number from 1 to 1000'] });
    expect((await cli(['jobs', 'list', '--state', 'sleeping'])).code).not.toBe(0);
  });

  it('--no-wait prints the id; without a worker, --timeout gives up (exit 2) and the job stays queued', async () => {
    const quiet = await createTestDatabase();
    try {
      const queued = await cli(['jobs', 'run', 'openapi-refresh', '--no-wait'], { DATABASE_URL: quiet.url });
      expect(queued.code).toBe(0);
      const id = queued.out[0].replace(/^enqueued openapi-refresh job /, '');
      const waited = await cli(['jobs', 'run', 'space-purge', '--timeout', '1'], { DATABASE_URL: quiet.url });
      expect(waited.code).toBe(2);
      expect(waited.err[0]).toMatch(/^error: stopped waiting for job [0-9a-f-]{36} \(--timeout\); it goes on/);
      const listed = await cli(['jobs', 'list'], { DATABASE_URL: quiet.url });
      expect(listed.out.map((line) => line.split('\t').slice(0, 3))).toEqual([
        [expect.any(String), 'space-purge', 'created'],
        [id, 'openapi-refresh', 'created'],
      ]);
    } finally {
      await quiet.drop();
    }
  });
});
