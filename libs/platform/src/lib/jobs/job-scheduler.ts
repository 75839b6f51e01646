import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { JobDefinition } from './job-definition';
import { JobQueue } from './job-queue';

/** Ticks of a schedule: often enough to start close to its time, never more than every 30 s. */
export function tickMs(intervalSeconds: number): number {
  return Math.min(30_000, Math.max(1000, (intervalSeconds * 1000) / 4));
}

/**
 * Enqueues the recurring kinds (`every` in their definition) once per interval, whatever the
 * number of workers: each tick runs one upsert on `job_schedules` that moves the kind's
 * `last_run_at` to now only if the interval has passed, and the worker whose upsert did that
 * enqueues the job in the same transaction. A kind whose interval is off is never scheduled
 * (`jobs run` still runs it).
 */
@Injectable()
export class JobScheduler {
  private readonly logger = new Logger('JobScheduler');
  private readonly timers: NodeJS.Timeout[] = [];

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly queue: JobQueue,
  ) {}

  /** Starts ticking for every kind that has an interval; answers their names and intervals. */
  start(schedules: { definition: JobDefinition<object>; intervalSeconds: number }[]): void {
    for (const schedule of schedules) {
      const tick = () => {
        this.due(schedule.definition, schedule.intervalSeconds).catch((error: unknown) =>
          this.logger.error({ job: schedule.definition.name, err: error }, 'could not schedule the job'),
        );
      };
      tick();
      const timer = setInterval(tick, tickMs(schedule.intervalSeconds));
      timer.unref();
      this.timers.push(timer);
    }
  }

  stop(): void {
    for (const timer of this.timers.splice(0)) clearInterval(timer);
  }

  /** Enqueues the kind if its interval has passed since it was last scheduled; answers the job id, or null. */
  async due(definition: JobDefinition<object>, intervalSeconds: number): Promise<string | null> {
    return this.dataSource.transaction(async (tx) => {
      const claimed: unknown[] = await tx.query(
        `INSERT INTO job_schedules AS s (name, last_run_at) VALUES ($1, now())
         ON CONFLICT (name) DO UPDATE SET last_run_at = now()
          WHERE s.last_run_at <= now() - $2 * interval '1 second'
         RETURNING name`,
        [definition.name, intervalSeconds],
      );
      if (claimed.length === 0) return null;
      const id = await this.queue.enqueue(definition, {}, { transaction: tx });
      this.logger.debug({ job: definition.name, jobId: id, intervalSeconds }, 'scheduled job enqueued');
      return id;
    });
  }
}
