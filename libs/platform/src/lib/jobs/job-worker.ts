import { BeforeApplicationShutdown, Inject, Injectable, Logger } from '@nestjs/common';
import { DiscoveryService, Reflector } from '@nestjs/core';
import type PgBoss from 'pg-boss';
import { setTimeout as sleep } from 'node:timers/promises';
import { APP_CONFIG } from '../config/app-config.token';
import type { AppConfig } from '../config/app-config';
import type { JobDefinition } from './job-definition';
import { JOB_HANDLER, JobHandler } from './job-handler';
import { PgBossJobQueue } from './pg-boss-job-queue';

interface RegisteredHandler {
  definition: JobDefinition<object>;
  handler: JobHandler<object>;
}

/**
 * The worker's side of the queue: finds every provider marked `@HandlesJob`, fetches their
 * jobs one at a time and runs them.
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
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.abandoned = new Promise((resolve) => this.shutdown.signal.addEventListener('abort', () => resolve()));
  }

  /** Starts fetching; answers the job names this worker handles. */
  async start(): Promise<string[]> {
    const handlers = this.findHandlers();
    for (const registered of handlers) {
      await this.queue.ensureQueue(registered.definition);
      // One poller per slot: up to WORKER_CONCURRENCY jobs of each kind run at the same time.
      for (let slot = 0; slot < this.config.workerConcurrency; slot++) {
        await this.queue.boss.work<object>(
          registered.definition.name,
          { batchSize: 1, pollingIntervalSeconds: 0.5, includeMetadata: true },
          async (jobs: PgBoss.JobWithMetadata<object>[]) => {
            for (const job of jobs) await this.runOne(registered, job);
          },
        );
      }
    }
    return handlers.map(({ definition }) => definition.name);
  }

  /** Runs while the database pool is still open, so jobs can be completed or handed back. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.queue.boss.stop({ graceful: true, wait: true, close: false, timeout: this.config.shutdownTimeoutMs });
    this.shutdown.abort();
    // Let pg-boss record the dropped outcomes (no-ops on handed-back jobs) before the pool closes.
    await sleep(100);
  }

  private async runOne({ definition, handler }: RegisteredHandler, job: PgBoss.JobWithMetadata<object>): Promise<void> {
    const started = Date.now();
    const context = { jobId: job.id, retryCount: job.retryCount, signal: this.shutdown.signal };
    const outcome = await Promise.race([
      handler.handle(job.data, context).then(
        () => 'done' as const,
        (error: unknown) => {
          this.logger.error({ job: definition.name, jobId: job.id, err: error, retryCount: job.retryCount }, 'job failed');
          throw error;
        },
      ),
      this.abandoned.then(() => 'handed back' as const),
    ]);
    this.logger.log({ job: definition.name, jobId: job.id, ms: Date.now() - started }, `job ${outcome}`);
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
