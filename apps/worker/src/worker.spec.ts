import { Injectable, Module } from '@nestjs/common';
import { IdentityModule, InvitationEntity } from '@docs/identity';
import { createOrganization } from '@docs/identity/testing';
import { defineJob, HandlesJob, JobContext, JobHandler, JobQueue, JobWorker, JobWorkerModule } from '@docs/platform';
import { createTestApp, createTestDatabase, TestApp, TestDatabase } from '@docs/platform/testing';
import { WorkerModule } from './worker.module';

async function eventually<T>(probe: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('api enqueues, worker runs', () => {
  let database: TestDatabase;
  let api: TestApp;
  let worker: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase();
    api = await createTestApp({ imports: [IdentityModule], database });
    worker = await createTestApp({ runtime: 'worker', imports: [WorkerModule], database });
    await worker.get(JobWorker).start();
  });
  afterAll(async () => {
    await worker.close();
    await api.close();
    await database.drop();
  });

  it('records the invitations of an invite request', async () => {
    const { organization, members } = await createOrganization(api);
    const res = await api.http.as(members.admin.token).post(`/v1/orgs/${organization.id}/invites`, {
      emails: ['one@example.com', { email: 'two@example.com', role: 'edit' }],
    });
    expect(res.status).toBe(200);

    const recorded = await eventually(async () => {
      const rows = await api.dataSource.getRepository(InvitationEntity).findBy({ organizationId: organization.id });
      return rows.length === 2 ? rows : undefined;
    });
    expect(recorded.map((r) => [r.email, r.role, r.invitedBy]).sort()).toEqual([
      ['one@example.com', 'read', members.admin.user.id],
      ['two@example.com', 'edit', members.admin.user.id],
    ]);
    // pg-boss marks the job completed after the handler's transaction commits: wait for that
    // state instead of reading it once (a finished job may also have been archived already).
    const state = await eventually(async () => {
      const [job] = await api.dataSource.query(`SELECT state FROM pgboss.job WHERE id = $1`, [recorded[0].jobId]);
      const current: string = job?.state ?? 'archived';
      return /completed|archived/.test(current) ? current : undefined;
    });
    expect(state).toMatch(/completed|archived/);
  });
});

/** A job that waits until the test lets it go. */
const SlowJob = defineJob<{ label: string }>('test.slow', { retryLimit: 2 });
const slow = { started: 0, finished: 0, aborted: false, release: () => undefined as void };

@Injectable()
@HandlesJob(SlowJob)
class SlowHandler implements JobHandler<{ label: string }> {
  async handle(_payload: { label: string }, { signal }: JobContext): Promise<void> {
    slow.started++;
    signal.addEventListener('abort', () => (slow.aborted = true));
    await new Promise<void>((resolve) => (slow.release = resolve));
    slow.finished++;
  }
}

@Module({ imports: [JobWorkerModule], providers: [SlowHandler] })
class SlowJobModule {}

describe('worker shutdown', () => {
  const startWorker = async (database: TestDatabase, shutdownTimeoutMs: number) => {
    const worker = await createTestApp({ runtime: 'worker', imports: [SlowJobModule], database, env: { SHUTDOWN_TIMEOUT_MS: String(shutdownTimeoutMs) } });
    await worker.get(JobWorker).start();
    return worker;
  };
  const jobState = async (t: TestApp, id: string) => (await t.dataSource.query(`SELECT state FROM pgboss.job WHERE id = $1`, [id]))[0]?.state;

  beforeEach(() => {
    slow.started = 0;
    slow.finished = 0;
    slow.aborted = false;
  });

  it('finishes the job in hand before stopping', async () => {
    const database = await createTestDatabase();
    const producer = await createTestApp({ imports: [], database });
    const worker = await startWorker(database, 10_000);
    const jobId = (await producer.get(JobQueue).enqueue(SlowJob, { label: 'finish me' }))!;
    await eventually(async () => (slow.started === 1 ? true : undefined));

    const closing = worker.close();
    setTimeout(() => slow.release(), 500);
    await closing;
    expect(slow.finished).toBe(1);
    expect(await jobState(producer, jobId)).toBe('completed');
    await producer.close();
    await database.drop();
  });

  it('hands the job back, to be retried, when it outlasts the shutdown timeout', async () => {
    const database = await createTestDatabase();
    const producer = await createTestApp({ imports: [], database });
    const worker = await startWorker(database, 1000);
    const jobId = (await producer.get(JobQueue).enqueue(SlowJob, { label: 'too slow' }))!;
    await eventually(async () => (slow.started === 1 ? true : undefined));

    const started = Date.now();
    await worker.close();
    expect(Date.now() - started).toBeLessThan(5000);
    expect(slow.finished).toBe(0);
    expect(await jobState(producer, jobId)).toBe('retry');
    expect(slow.aborted).toBe(true);
    // pg-boss's own stop loop polls every second: let it see its workers stopped.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    await producer.close();
    await database.drop();
  });
});
