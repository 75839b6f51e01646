import { Controller, Get, Module } from '@nestjs/common';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { createTestApp, TestApp } from '../../testing';
import { SqlPool, preparedStatement } from '../database/sql-pool';
import { defineJob } from '../jobs/job-definition';
import { JobQueue } from '../jobs/job-queue';
import { stopHttpApp } from './stop-http-app';

const SLOW = preparedStatement('probe_slow_select', 'SELECT pg_sleep(0.2), 42 AS answer');
const PROBE_JOB = defineJob<{ n: number }>('probe-drain');

/**
 * A request still in flight when the stop begins that needs the database and the job queue
 * after that (as an invite does): it waits a second, or until the pool starts closing.
 */
@Controller('probe')
class SlowController {
  constructor(
    private readonly sql: SqlPool,
    private readonly jobs: JobQueue,
  ) {}

  @Get('slow')
  async slow() {
    for (let waited = 0; waited < 1000 && !(this.sql.raw as unknown as { ending: boolean }).ending; waited += 20) await sleep(20);
    const row = await this.sql.first<{ answer: number }>(SLOW, []);
    const job = await this.jobs.enqueue(PROBE_JOB, { n: 1 });
    return { answer: row!.answer, queued: typeof job === 'string' };
  }
}

@Module({ controllers: [SlowController] })
class SlowModule {}

describe('stopHttpApp (what SIGTERM runs in the api)', () => {
  let t: TestApp;
  let base: string;

  beforeEach(async () => {
    t = await createTestApp({ imports: [SlowModule] });
    await t.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    await t.database.drop();
  });

  it('lets a slow request in flight finish on a live pool before closing the app', async () => {
    const inFlight = fetch(`${base}/probe/slow`);
    await sleep(100); // the request has reached the controller
    const stopped = stopHttpApp(t.app, 5000);

    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ answer: 42, queued: true });
    const answeredAt = Date.now();
    await stopped;
    // The client keeps its connection alive: the stop does not wait for it to time out (5 s).
    expect(Date.now() - answeredAt).toBeLessThan(1500);
    expect((t.app.getHttpServer() as Server).listening).toBe(false);
    await expect(fetch(`${base}/probe/slow`)).rejects.toThrow();
  });

  it('cuts what is still running after the timeout, and still closes', async () => {
    const inFlight = fetch(`${base}/probe/slow`).then(
      (r) => r.status,
      () => 'cut',
    );
    await sleep(100);
    const started = Date.now();
    await stopHttpApp(t.app, 50);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(await inFlight).toBe('cut');
  });
});
