import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { HandlesJob, JobHandler, JobOutput, JobQueue, PG_BOSS_SCHEMA } from '@docs/platform';
import { DataSource } from 'typeorm';
import { PurgeSpaceJob, PurgeSpacePayload, SpacePurgeSweepJob, SWEEP_LIMIT } from './space-purge.jobs';
import { SpacePurger } from './space-purger.service';

/**
 * The sweep: one purge job per due space (not for a space whose purge is already queued or
 * running), enqueued together in one transaction. Answers their ids (`jobs run` follows them).
 */
@Injectable()
@HandlesJob(SpacePurgeSweepJob)
export class SpacePurgeSweepHandler implements JobHandler<Record<string, never>> {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly purger: SpacePurger,
    private readonly queue: JobQueue,
  ) {}

  async handle(): Promise<JobOutput> {
    const due = await this.purger.due(SWEEP_LIMIT);
    if (due.length === 0) return { spaces: 0, jobs: [] };
    return this.dataSource.transaction(async (tx) => {
      const queued: { space_id: string }[] = await tx.query(
        `SELECT data->>'spaceId' AS space_id FROM ${PG_BOSS_SCHEMA}.job WHERE name = $1 AND state IN ('created', 'retry', 'active') AND data->>'spaceId' = ANY($2::text[])`,
        [PurgeSpaceJob.name, due],
      );
      const already = new Set(queued.map((row) => row.space_id));
      const jobs: string[] = [];
      for (const spaceId of due) {
        if (already.has(spaceId)) continue;
        const id = await this.queue.enqueue(PurgeSpaceJob, { spaceId }, { transaction: tx });
        if (id) jobs.push(id);
      }
      return { spaces: due.length, jobs };
    });
  }
}

/** One space: `SpacePurger.purge`, which does nothing for a space that is not due (restored, already purged). */
@Injectable()
@HandlesJob(PurgeSpaceJob)
export class PurgeSpaceHandler implements JobHandler<PurgeSpacePayload> {
  constructor(private readonly purger: SpacePurger) {}

  async handle(payload: PurgeSpacePayload): Promise<JobOutput> {
    const report = await this.purger.purge(payload.spaceId);
    return report ? { purged: true, ...report } : { purged: false, spaceId: payload.spaceId };
  }
}
