import { BeforeApplicationShutdown, Inject, Injectable, Logger } from '@nestjs/common';
import { DiscoveryService, Reflector } from '@nestjs/core';
import type PgBoss from 'pg-boss';
import { APP_CONFIG } from '../config/app-config.token';
import type { AppConfig } from '../config/app-config';
import type { JobDefinition } from './job-definition';
import { JOB_HANDLER, JobHandler } from './job-handler';
import { PgBossJobQueue } from './pg-boss-job-queue';

/**
 * The worker's side of the queue: finds every provider marked `@HandlesJob`, fetches their
 * jobs one at a time and runs them. On shutdown it stops fetching, lets the jobs in hand
 * finish within SHUTDOWN_TIMEOUT_MS, and hands back (fails, to be retried) any still running.
 */
@Injectable()
export class JobWorker implements BeforeApplicationShutdown {
  private readonly logger = new Logger('JobWorker');

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly reflector: Reflector,
    private readonly queue: PgBossJobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The job names this worker handles. */
  async start(): Promise<string[]> {
    const handlers = this.findHandlers();
    for (const { definition, handler } of handlers) {
      await this.queue.ensureQueue(definition);
      await this.queue.boss.work<object>(
        definition.name,
        { batchSize: 1, pollingIntervalSeconds: 0.5, includeMetadata: true },
        async (jobs: PgBoss.JobWithMetadata<object>[]) => {
          for (const job of jobs) await this.runOne(definition, handler, job);
        },
      );
    }
    return handlers.map(({ definition }) => definition.name);
  }

  /** Runs while the database pool is still open, so jobs in hand can finish or be handed back. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.queue.boss.stop({ graceful: true, wait: true, close: false, timeout: this.config.shutdownTimeoutMs });
  }

  private async runOne(definition: JobDefinition<object>, handler: JobHandler<object>, job: PgBoss.JobWithMetadata<object>) {
    const started = Date.now();
    try {
      await handler.handle(job.data, { jobId: job.id, retryCount: job.retryCount });
      this.logger.log({ job: definition.name, jobId: job.id, ms: Date.now() - started }, 'job done');
    } catch (error) {
      this.logger.error({ job: definition.name, jobId: job.id, err: error, retryCount: job.retryCount }, 'job failed');
      throw error;
    }
  }

  private findHandlers(): { definition: JobDefinition<object>; handler: JobHandler<object> }[] {
    const found: { definition: JobDefinition<object>; handler: JobHandler<object> }[] = [];
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
