import { ChildProcess, spawn } from 'node:child_process';
import { createServer, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { ContentModule, PurgeSpaceJob } from '@docs/content';
import { createSpace } from '@docs/content/testing';
import { IdentityModule } from '@docs/identity';
import { createOrganization } from '@docs/identity/testing';
import { OpenApiHostingModule } from '@docs/openapi-hosting';
import { findWorkspaceRoot, JobQueue, PgBossJobQueue } from '@docs/platform';
import { createTestApp, createTestDatabase, eventually, TestApp, TestDatabase } from '@docs/platform/testing';

const SPEC = 'openapi: 3.1.0\ninfo: {title: Pets, version: "1"}\npaths: {}\n';

/**
 * `kill -9` of the worker in the middle of a job loses nothing: the job stays active until the
 * queue's expiry, is then retried by the next worker and finishes, with nothing done twice.
 * The worker is the real process (apps/worker/src/main.ts). The expiry is reached as tests
 * age a space: the job's start is moved back in SQL, then the queue's maintenance runs (what
 * every worker's supervisor does every 2 minutes).
 */
describe('kill -9 of the worker during a job', () => {
  // Each test starts the real worker twice (a cold TypeScript start of every domain's module):
  // on a loaded 2-core machine one start alone can take most of a minute.
  jest.setTimeout(240_000);
  let database: TestDatabase;
  let api: TestApp;
  let server: Server;
  let origin: string;
  const hanging: ServerResponse[] = [];
  let hang = true;
  let hits = 0;
  const workers: ChildProcess[] = [];

  beforeAll(async () => {
    server = createServer((_req, res) => {
      hits++;
      if (hang) hanging.push(res);
      else res.writeHead(200, { 'Content-Type': 'application/yaml' }).end(SPEC);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    database = await createTestDatabase();
    api = await createTestApp({ imports: [IdentityModule, ContentModule, OpenApiHostingModule], database });
  });
  // A test that fails half-way must not leave its worker taking the next test's jobs.
  afterEach(async () => {
    await Promise.all(workers.splice(0).filter((child) => child.exitCode === null && child.signalCode === null).map(killHard));
  });
  afterAll(async () => {
    await api.close();
    await database.drop();
    for (const res of hanging) res.destroy();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  /** The real worker process on the test database; resolves once it runs jobs. */
  async function startWorker(): Promise<ChildProcess> {
    const root = findWorkspaceRoot();
    const child = spawn(process.execPath, ['-r', join(root, 'tools/register.js'), join(root, 'apps/worker/src/main.ts')], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: database.url,
        RUN_MIGRATIONS: 'false',
        LOG_LEVEL: 'info',
        FETCH_ALLOW_HOSTS: '127.0.0.1',
        FETCH_TIMEOUT_MS: '120000',
        WORKER_CONCURRENCY: '1',
        SPACE_PURGE_INTERVAL: 'off',
        OPENAPI_REFRESH_INTERVAL: 'off',
        ENCRYPTION_KEY: 'test-encryption-key-of-at-least-32-characters',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    workers.push(child);
    let output = '';
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    await eventually(async () => expect(output).toContain('worker started'), 60_000);
    return child;
  }

  async function killHard(child: ChildProcess): Promise<void> {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  /** The queue's expiry, reached: the job started long ago; maintenance fails it for retry. */
  async function expire(jobId: string): Promise<void> {
    await api.dataSource.query(`UPDATE pgboss.job SET started_on = now() - interval '2 hours' WHERE id = $1`, [jobId]);
    await api.get(PgBossJobQueue).boss.expire();
    const [job] = await api.dataSource.query(`SELECT state::text AS state, retry_count FROM pgboss.job WHERE id = $1`, [jobId]);
    expect(job).toEqual({ state: 'retry', retry_count: 0 });
    await api.dataSource.query(`UPDATE pgboss.job SET start_after = now() WHERE id = $1`, [jobId]);
  }

  it('during a fetch: the run is retried and stores one version', async () => {
    const { organization, members } = await createOrganization(api);
    const as = api.http.as(members.admin.token);
    const path = `/v1/orgs/${organization.id}/openapi/pets`;
    const first = await startWorker();
    expect((await as.put(path, { source: { url: `${origin}/pets.yaml` } })).status).toBe(201);
    await eventually(async () => expect(hanging.length).toBe(1), 30_000);
    const [job] = await api.dataSource.query(`SELECT id, state::text AS state FROM pgboss.job WHERE name = 'openapi-fetch' ORDER BY created_on DESC LIMIT 1`);
    expect(job.state).toBe('active');
    expect((await as.get(path)).body.processingState).toBe('progress');

    await killHard(first);
    // Nothing was recorded: still in progress, no version, the job still active (until its expiry).
    expect((await as.get(path)).body).toMatchObject({ processingState: 'progress' });
    expect((await as.get(`${path}/versions`)).body.count).toBe(0);
    await expire(job.id);

    hang = false;
    const second = await startWorker();
    const spec = await eventually(async () => {
      const body = (await as.get(path)).body;
      expect(body.processingState).toBe('complete');
      return body;
    }, 30_000).then(async () => (await as.get(path)).body);
    expect(spec.lastVersion).toEqual(expect.any(String));
    expect(spec.lastProcessErrorCode).toBeUndefined();
    expect((await as.get(`${path}/versions`)).body.count).toBe(1);
    // pg-boss marks the job completed in its own statement, just after the handler's transaction.
    await eventually(async () => {
      const [done] = await api.dataSource.query(`SELECT state::text AS state, retry_count FROM pgboss.job WHERE id = $1`, [job.id]);
      expect(done).toEqual({ state: 'completed', retry_count: 1 });
    }, 30_000);
    expect(hits).toBe(2);
    await killHard(second);
  });

  it('during a purge: the transaction rolls back, the retry removes the whole space once', async () => {
    const { organization, members } = await createOrganization(api);
    const as = api.http.as(members.admin.token);
    const space = await createSpace(api, members.admin.token, organization.id, { title: 'Doomed' });
    for (let i = 0; i < 20; i++) {
      expect((await as.post(`/v1/spaces/${space.id}/content/pages`, { title: `Page ${i}`, markdown: `Body ${i} of the doomed space.` })).status).toBe(201);
    }
    const file = await as.post(`/v1/spaces/${space.id}/content/files`, undefined, { query: { name: 'unique.txt' }, raw: Buffer.from('only in the doomed space'), headers: { 'Content-Type': 'text/plain' } });
    expect(file.status).toBe(201);
    expect((await as.delete(`/v1/spaces/${space.id}`)).status).toBe(205);
    await api.dataSource.query(`UPDATE spaces SET deleted_at = now() - interval '8 days' WHERE id = $1`, [space.id]);
    const [{ blob_hash: hash }] = await api.dataSource.query(`SELECT blob_hash FROM file_entries WHERE file_id = $1`, [file.body.id]);
    const counts = async () =>
      (
        await api.dataSource.query(
          `SELECT (SELECT count(*)::int FROM spaces WHERE id = $1) AS spaces, (SELECT count(*)::int FROM revisions WHERE space_id = $1) AS revisions,
                  (SELECT count(*)::int FROM head_pages WHERE head_key = $1) AS pages, (SELECT count(*)::int FROM page_search WHERE head_key = $1) AS search,
                  (SELECT count(*)::int FROM file_entries WHERE blob_hash = $2) AS files, (SELECT count(*)::int FROM content_blobs WHERE hash = $2) AS blob`,
          [space.id, hash],
        )
      )[0];
    const before = await counts();
    expect(before).toMatchObject({ spaces: 1, pages: 20, search: 20, files: 1, blob: 1 });

    // Hold the file's blob so that the purge stops at its last step, with everything else deleted (uncommitted).
    const holder = api.dataSource.createQueryRunner();
    await holder.startTransaction();
    await holder.query(`SELECT 1 FROM content_blobs WHERE hash = $1 FOR KEY SHARE`, [hash]);
    const first = await startWorker();
    const jobId = (await api.get(JobQueue).enqueue(PurgeSpaceJob, { spaceId: space.id }))!;
    await eventually(async () => {
      const waiting = await api.dataSource.query(`SELECT pid FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%content_blobs%'`);
      expect(waiting).toHaveLength(1);
    }, 30_000);

    await killHard(first);
    await holder.commitTransaction();
    await holder.release();
    // The purge's transaction died with its connection: the space is whole.
    await eventually(async () => expect(await api.dataSource.query(`SELECT pid FROM pg_stat_activity WHERE query LIKE '%purge_blobs%' AND state <> 'idle' AND pid <> pg_backend_pid()`)).toEqual([]), 10_000);
    expect(await counts()).toEqual(before);
    await expire(jobId);

    const second = await startWorker();
    await eventually(async () => {
      const [job] = await api.dataSource.query(`SELECT state::text AS state, retry_count, output FROM pgboss.job WHERE id = $1`, [jobId]);
      expect(job.state).toBe('completed');
      expect(job.retry_count).toBe(1);
      expect(job.output).toMatchObject({ purged: true, spaceId: space.id, headPages: 20 });
    }, 30_000);
    expect(await counts()).toEqual({ spaces: 0, revisions: 0, pages: 0, search: 0, files: 0, blob: 0 });
    await killHard(second);
  });
});
