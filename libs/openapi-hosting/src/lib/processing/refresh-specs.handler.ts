import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { APP_CONFIG, AppConfig, HandlesJob, JobHandler, JobOutput, JobQueue } from '@docs/platform';
import { DataSource } from 'typeorm';
import { ProcessSpecJob, RefreshSpecsJob, RefreshSpecsPayload } from './spec-jobs';

/** Specs asked for per sweep; the rest wait for the next sweep (every 5 minutes at most). */
const SWEEP_BATCH = 1000;

/** A run asked for this long ago that no job holds was lost (its job gave up, or was dropped): ask again. */
const LOST_AFTER_SECONDS = 15 * 60;

/**
 * The refresh sweep: asks a run of the URL specs that were not processed for
 * OPENAPI_REFRESH_INTERVAL (with `force`: of every URL spec), oldest first, and again of specs
 * whose run was lost, each with its fetch job in the same transaction. Answers the jobs it
 * enqueued (the CLI follows them).
 */
@Injectable()
@HandlesJob(RefreshSpecsJob)
export class RefreshSpecsHandler implements JobHandler<RefreshSpecsPayload> {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly queue: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async handle(payload: RefreshSpecsPayload): Promise<JobOutput> {
    const interval = this.config.openapi.refreshIntervalSeconds;
    const force = payload.force === true;
    return this.dataSource.transaction(async (tx) => {
      // TypeORM answers an UPDATE with [rows, count].
      const [due]: [{ id: string }[]] = await tx.query(
        `UPDATE openapi_specs s
            SET process_requested = process_requested + 1, requested_at = now(),
                processing_state = CASE WHEN lease_until > now() THEN processing_state ELSE 'pending' END
          WHERE s.id IN (
            SELECT id FROM openapi_specs
             WHERE source_url IS NOT NULL AND process_done = process_requested
               AND ($1 OR ($2::int IS NOT NULL AND (last_processed_at IS NULL OR last_processed_at <= now() - $2::int * interval '1 second')))
             ORDER BY last_processed_at NULLS FIRST
             LIMIT ${SWEEP_BATCH}
             FOR UPDATE SKIP LOCKED)
          RETURNING s.id`,
        [force, interval],
      );
      const lost: { id: string }[] = await tx.query(
        `SELECT id FROM openapi_specs
          WHERE process_done < process_requested AND requested_at < now() - ${LOST_AFTER_SECONDS} * interval '1 second'
            AND (lease_until IS NULL OR lease_until < now())
          LIMIT ${SWEEP_BATCH}`,
      );
      const jobs: string[] = [];
      for (const { id } of [...due, ...lost]) {
        const jobId = await this.queue.enqueue(ProcessSpecJob, { specId: id }, { transaction: tx });
        if (jobId) jobs.push(jobId);
      }
      return { refreshed: due.length, lost: lost.length, jobs };
    });
  }
}
