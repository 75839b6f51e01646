import { BeforeApplicationShutdown, Inject, Injectable, Logger } from '@nestjs/common';
import { DiscoveryService, Reflector } from '@nestjs/core';
import type PgBoss from 'pg-boss';
import { setTimeout as sleep } from 'node:timers/promises';
import { APP_CONFIG } from '../config/app-config.token';
import type { AppConfig } from '../config/app-config';
import { SqlPool, preparedStatement } from '../database/sql-pool';
import { Metrics } from '../metrics/metrics';
import type { JobDefinition } from './job-definition';
import { JOB_HANDLER, JobHandler, JobOutput } from './job-handler';
import { JobScheduler } from './job-scheduler';
import { PG_BOSS_SCHEMA, PgBossJobQueue } from './pg-boss-job-queue';

interface RegisteredHandler {
  definition: JobDefinition<object>;
  handler: JobHandler<object>;
}

/** Jobs waiting or running, by kind and state: the queue depth gauge, read on each scrape. */
const QUEUE_DEPTH = preparedStatement(
  'jobs_queue_depth',
  `SELECT name, state::text AS state, count(*)::int AS size FROM ${PG_BOSS_SCHEMA}.job WHERE state IN ('created', 'retry', 'active') GROUP BY 1, 2`,
);
const QUEUED_STATES = ['created', 'retry', 'active'] as const;

/**
 * The worker's side of the queue: finds every provider marked `@HandlesJob`, fetches their
 * jobs one at a time and runs them; enqueues the recurring kinds on their schedule
 * (`JobScheduler`).
 *
 * Every job logs its start and its end (duration, outcome) with its id, and is counted in the
 * metrics (`jobs_total`, `job_duration_seconds`, and `job_queue_depth` read when scraped). A job
 * that throws is failed; pg-boss retries it with exponential backoff up to its definition's
 * `retryLimit`, then keeps it as `failed` (the CLI lists it and can retry it).
 *
 * Shutdown: stop fetching, let the jobs in hand finish within SHUTDOWN_TIMEOUT_MS, then hand
 * back the ones still running (pg-boss marks them for retry, after a delay) and abort their
 * signal. Their late outcome is dropped: the retry will do the work again.
 */
@Injectable()
export class JobWorker implements BeforeApplicationShutdown {
  private readonly logger = new Logger('JobWorker');
  private readonly shutdown = new AbortController();
  private readonly abandoned: Promise<void>;

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly reflector: Reflector,
    private readonly queue: PgBossJobQueue,
    private readonly scheduler: JobScheduler,
    private readonly metrics: Metrics,
    private readonly sql: SqlPool,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.abandoned = new Promise((resolve) => this.shutdown.signal.addEventListener('abort', () => resolve()));
  }

  /**
   * Starts fetching, and scheduling the recurring kinds (unless `schedule: false`: tests run them
   * by hand); answers the job names this worker handles.
   */
  async start(options: { schedule?: boolean } = {}): Promise<string[]> {
    const handlers = this.findHandlers();
    for (const registered of handlers) {
      await this.queue.ensureQueue(registered.definition);
      // One poller per slot: up to WORKER_CONCURRENCY jobs of each kind run at the same time.
      for (let slot = 0; slot < this.config.workerConcurrency; slot++) {
        await this.queue.boss.work<object>(
          registered.definition.name,
          { batchSize: 1, pollingIntervalSeconds: 0.5, includeMetadata: true },
          async (jobs: PgBoss.JobWithMetadata<object>[]) => {
            let output: void | JobOutput = undefined;
            for (const job of jobs) output = await this.runOne(registered, job);
            return output;
          },
        );
      }
    }
    this.watchQueueDepth(handlers.map(({ definition }) => definition.name));
    if (options.schedule !== false) {
      this.scheduler.start(
        handlers.flatMap(({ definition }) => {
          const intervalSeconds = definition.every?.(this.config) ?? null;
          return intervalSeconds === null ? [] : [{ definition, intervalSeconds }];
        }),
      );
    }
    return handlers.map(({ definition }) => definition.name);
  }

  /** Runs while the database pool is still open, so jobs can be completed or handed back. */
  async beforeApplicationShutdown(): Promise<void> {
    this.scheduler.stop();
    await this.queue.boss.stop({ graceful: true, wait: true, close: false, timeout: this.config.shutdownTimeoutMs });
    this.shutdown.abort();
    // Let pg-boss record the dropped outcomes (no-ops on handed-back jobs) before the pool closes.
    await sleep(100);
  }

  private async runOne({ definition, handler }: RegisteredHandler, job: PgBoss.JobWithMetadata<object>): Promise<void | JobOutput> {
    const started = performance.now();
    const attempt = { job: definition.name, jobId: job.id, retryCount: job.retryCount };
    // Routine: at debug, so a start at info is not drowned in the sweeps (metrics count every job).
    this.logger.debug(attempt, 'job started');
    const context = { jobId: job.id, retryCount: job.retryCount, signal: this.shutdown.signal };
    const seconds = () => (performance.now() - started) / 1000;
    try {
      const outcome = await Promise.race([
        handler.handle(job.data, context).then((output) => ({ kind: 'done' as const, output })),
        this.abandoned.then(() => ({ kind: 'handed back' as const, output: undefined })),
      ]);
      const elapsed = seconds();
      this.metrics.recordJob(definition.name, outcome.kind === 'done' ? 'completed' : 'handed_back', elapsed);
      if (outcome.kind === 'done') this.logger.debug({ ...attempt, ms: Math.round(elapsed * 1000), outcome: 'completed' }, 'job completed');
      else this.logger.warn({ ...attempt, ms: Math.round(elapsed * 1000), outcome: 'handed back' }, 'job handed back: another worker will retry it');
      return outcome.output;
    } catch (error) {
      const elapsed = seconds();
      this.metrics.recordJob(definition.name, 'failed', elapsed);
      const final = job.retryCount >= job.retryLimit;
      this.logger.error(
        { ...attempt, ms: Math.round(elapsed * 1000), outcome: 'failed', err: error, willRetry: !final },
        final ? 'job failed: no retries left, it stays failed' : 'job failed: it will be retried',
      );
      throw error;
    }
  }

  /** `job_queue_depth{kind, state}`: created, retry and active jobs of every kind this worker runs. */
  private watchQueueDepth(kinds: string[]): void {
    this.metrics.gauge({
      name: 'job_queue_depth',
      help: 'Jobs waiting (created, retry) or running (active), by kind.',
      labelNames: ['kind', 'state'],
      collect: async (gauge) => {
        gauge.reset();
        for (const kind of kinds) for (const state of QUEUED_STATES) gauge.set({ kind, state }, 0);
        for (const row of await this.sql.rows<{ name: string; state: string; size: number }>(QUEUE_DEPTH, [])) {
          gauge.set({ kind: row.name, state: row.state }, row.size);
        }
      },
    });
  }

  private findHandlers(): RegisteredHandler[] {
    const found: RegisteredHandler[] = [];
    const seen = new Set<string>();
    for (const wrapper of this.discovery.getProviders()) {
      if (!wrapper.metatype || !wrapper.instance) continue;
      const definition = this.reflector.get<JobDefinition<object> | undefined>(JOB_HANDLER, wrapper.metatype);
      if (!definition) continue;
      if (seen.has(definition.name)) throw new Error(`two handlers for job ${definition.name}`);
      seen.add(definition.name);
      found.push({ definition, handler: wrapper.instance as JobHandler<object> });
    }
    return found;
  }
}
