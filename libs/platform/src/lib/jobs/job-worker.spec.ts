import { Injectable, Module } from '@nestjs/common';
import { createTestApp, createTestDatabase, eventually, TestApp, TestDatabase } from '../../testing';
import { Metrics } from '../metrics/metrics';
import { defineJob } from './job-definition';
import { HandlesJob, JobHandler } from './job-handler';
import { JobQueue } from './job-queue';
import { JobScheduler } from './job-scheduler';
import { JobWorker } from './job-worker';
import { JobWorkerModule } from './job-worker.module';

const OkJob = defineJob<{ n: number }>('test.ok');
const FailingJob = defineJob<{ n: number }>('test.failing', { retryLimit: 1, retryDelaySeconds: 1 });
const EveryMinuteJob = defineJob<Record<string, never>>('test.every-minute', { every: () => 60 });
const NeverJob = defineJob<Record<string, never>>('test.never', { every: () => null });
const ran: string[] = [];

@Injectable()
@HandlesJob(OkJob)
class OkHandler implements JobHandler<{ n: number }> {
  async handle(payload: { n: number }) {
    ran.push(`ok ${payload.n}`);
    return { doubled: payload.n * 2 };
  }
}

@Injectable()
@HandlesJob(FailingJob)
class FailingHandler implements JobHandler<{ n: number }> {
  async handle(): Promise<void> {
    ran.push('failing');
    throw new Error('this job always fails');
  }
}

@Injectable()
@HandlesJob(EveryMinuteJob)
class EveryMinuteHandler implements JobHandler<Record<string, never>> {
  async handle() {
    ran.push('every minute');
  }
}

@Injectable()
@HandlesJob(NeverJob)
class NeverHandler implements JobHandler<Record<string, never>> {
  async handle() {
    ran.push('never');
  }
}

@Module({ imports: [JobWorkerModule], providers: [OkHandler, FailingHandler, EveryMinuteHandler, NeverHandler] })
class TestJobsModule {}

interface Line {
  level: number;
  msg: string;
  job?: string;
  jobId?: string;
  ms?: number;
  outcome?: string;
  retryCount?: number;
  willRetry?: boolean;
}

describe('the worker runs jobs: logs, outputs, retries, metrics, schedules', () => {
  let database: TestDatabase;
  let worker: TestApp;
  const lines: Line[] = [];
  const state = async (id: string) => (await worker.dataSource.query(`SELECT state::text AS state, output FROM pgboss.job WHERE id = $1`, [id]))[0];

  beforeAll(async () => {
    database = await createTestDatabase();
    worker = await createTestApp({
      runtime: 'worker',
      imports: [TestJobsModule],
      database,
      env: { LOG_LEVEL: 'debug', WORKER_METRICS_PORT: '0' },
      logDestination: { write: (line: string) => void lines.push(JSON.parse(line) as Line) },
    });
    await worker.get(JobWorker).start();
  });
  afterAll(async () => {
    await worker.close();
    await database.drop();
  });

  it('logs the start and the end of each job with its id, duration and outcome (at debug: routine), and keeps its output', async () => {
    const id = (await worker.get(JobQueue).enqueue(OkJob, { n: 21 }))!;
    await eventually(async () => expect((await state(id)).state).toBe('completed'), 10_000);
    expect((await state(id)).output).toEqual({ doubled: 42 });
    const mine = lines.filter((line) => line.jobId === id);
    expect(mine.map((line) => [line.level, line.msg])).toEqual([
      [20, 'job started'],
      [20, 'job completed'],
    ]);
    expect(mine[0]).toMatchObject({ job: 'test.ok', retryCount: 0 });
    expect(mine[1]).toMatchObject({ job: 'test.ok', outcome: 'completed', ms: expect.any(Number) });
  });

  it('retries a failing job with backoff, then keeps it failed; each attempt is logged', async () => {
    const id = (await worker.get(JobQueue).enqueue(FailingJob, { n: 1 }))!;
    await eventually(async () => expect((await state(id)).state).toBe('failed'), 20_000);
    const failures = lines.filter((line) => line.jobId === id && line.outcome === 'failed');
    expect(failures.map((line) => [line.retryCount, line.willRetry, line.msg])).toEqual([
      [0, true, 'job failed: it will be retried'],
      [1, false, 'job failed: no retries left, it stays failed'],
    ]);
    expect((await state(id)).output).toMatchObject({ message: 'this job always fails' });
  });

  it('counts jobs by kind and outcome with their durations, and the queue depth by kind', async () => {
    await worker.get(JobQueue).enqueue(OkJob, { n: 2 }, { startAfter: new Date(Date.now() + 3_600_000) });
    const text = (await worker.get(Metrics).scrape()).text;
    expect(text).toMatch(/jobs_total\{kind="test.ok",outcome="completed"\} [1-9]/);
    expect(text).toContain('jobs_total{kind="test.failing",outcome="failed"} 2');
    expect(text).toMatch(/job_duration_seconds_count\{kind="test.ok",outcome="completed"\} [1-9]/);
    expect(text).toContain('job_queue_depth{kind="test.ok",state="created"} 1');
    expect(text).toContain('job_queue_depth{kind="test.failing",state="active"} 0');
    expect(text).toContain('# TYPE process_resident_memory_bytes gauge');
  });

  it('enqueues a recurring kind once per interval, whatever the number of workers; an interval that is off never', async () => {
    await eventually(async () => expect(ran).toContain('every minute'), 10_000);
    const count = async (name: string) => (await worker.dataSource.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1`, [name]))[0].n;
    expect(await count(EveryMinuteJob.name)).toBe(1);
    expect(await count(NeverJob.name)).toBe(0);
    // A second worker starting now, and more ticks: no second job within the minute.
    const second = await createTestApp({ runtime: 'worker', imports: [TestJobsModule], database });
    await second.get(JobWorker).start();
    const scheduler = worker.get(JobScheduler);
    expect(await Promise.all([scheduler.due(EveryMinuteJob, 60), second.get(JobScheduler).due(EveryMinuteJob, 60)])).toEqual([null, null]);
    expect(await count(EveryMinuteJob.name)).toBe(1);
    // A minute later (moved back in SQL), one of two workers ticking at once enqueues it.
    await worker.dataSource.query(`UPDATE job_schedules SET last_run_at = now() - interval '61 seconds' WHERE name = $1`, [EveryMinuteJob.name]);
    const due = await Promise.all([scheduler.due(EveryMinuteJob, 60), second.get(JobScheduler).due(EveryMinuteJob, 60)]);
    expect(due.filter((id) => id !== null)).toHaveLength(1);
    expect(await count(EveryMinuteJob.name)).toBe(2);
    await second.close();
  });
});
