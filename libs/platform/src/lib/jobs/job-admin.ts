import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { JobDefinition } from './job-definition';
import { PG_BOSS_SCHEMA, PgBossJobQueue } from './pg-boss-job-queue';

export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** One job as the operator sees it, from the queue or its archive. */
export interface JobRecord {
  id: string;
  name: string;
  state: JobState;
  /** Attempts so far after the first (0 on the first). */
  retryCount: number;
  retryLimit: number;
  createdOn: Date;
  startedOn: Date | null;
  completedOn: Date | null;
  /** What the job gave back: its handler's output, or the error it failed with. */
  output: Record<string, unknown> | null;
  /** Moved to pg-boss's archive (done jobs are archived after 12 hours, and dropped 7 days later). */
  archived: boolean;
}

const COLUMNS = `id::text, name, state::text AS state, retry_count, retry_limit, created_on, started_on, completed_on, output`;

interface Row {
  id: string;
  name: string;
  state: JobState;
  retry_count: number;
  retry_limit: number;
  created_on: Date;
  started_on: Date | null;
  completed_on: Date | null;
  output: Record<string, unknown> | null;
  archived: boolean;
}

const toRecord = (row: Row): JobRecord => ({
  id: row.id,
  name: row.name,
  state: row.state,
  retryCount: row.retry_count,
  retryLimit: row.retry_limit,
  createdOn: row.created_on,
  startedOn: row.started_on,
  completedOn: row.completed_on,
  output: row.output,
  archived: row.archived,
});

/** A mistake of the operator (unknown id, a job that is not failed): the CLI prints the message. */
export class JobAdminError extends Error {}

/**
 * The operator's view of the queue (the CLI's `jobs` commands): recent jobs and their states,
 * one job, retrying a failed one, running a kind now. Reads pg-boss's own tables.
 */
@Injectable()
export class JobAdmin {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly queue: PgBossJobQueue,
  ) {}

  /** The most recent jobs first, from the queue and its archive. */
  async list(filter: { limit: number; name?: string; state?: JobState }): Promise<JobRecord[]> {
    const where = `($1::text IS NULL OR name = $1) AND ($2::text IS NULL OR state::text = $2)`;
    const rows: Row[] = await this.dataSource.query(
      `SELECT * FROM (
         SELECT ${COLUMNS}, false AS archived FROM ${PG_BOSS_SCHEMA}.job WHERE ${where}
         UNION ALL
         SELECT ${COLUMNS}, true AS archived FROM ${PG_BOSS_SCHEMA}.archive WHERE ${where}
       ) jobs ORDER BY created_on DESC, id LIMIT $3`,
      [filter.name ?? null, filter.state ?? null, filter.limit],
    );
    return rows.map(toRecord);
  }

  async get(id: string): Promise<JobRecord | undefined> {
    if (!isUuid(id)) return undefined;
    const rows: Row[] = await this.dataSource.query(
      `SELECT ${COLUMNS}, false AS archived FROM ${PG_BOSS_SCHEMA}.job WHERE id = $1
       UNION ALL
       SELECT ${COLUMNS}, true AS archived FROM ${PG_BOSS_SCHEMA}.archive WHERE id = $1`,
      [id],
    );
    return rows[0] ? toRecord(rows[0]) : undefined;
  }

  /**
   * Runs a failed job again, now: in place (pg-boss `retry`, one more attempt) while it is in the
   * queue, or as a new job with the same payload once archived. Answers the id that will run.
   */
  async retry(id: string): Promise<string> {
    const job = await this.get(id);
    if (!job) throw new JobAdminError(`no job has the id ${id}`);
    if (job.state !== 'failed') throw new JobAdminError(`job ${id} (${job.name}) is ${job.state}: only failed jobs can be retried`);
    if (!job.archived) {
      const result = (await this.queue.boss.retry(job.name, id)) as unknown as { affected: number };
      if (result.affected !== 1) throw new JobAdminError(`job ${id} could not be retried (it changed meanwhile)`);
      // Now, not at the time a backoff had set for an attempt that never came.
      await this.dataSource.query(`UPDATE ${PG_BOSS_SCHEMA}.job SET start_after = now() WHERE name = $1 AND id = $2 AND state = 'retry'`, [job.name, id]);
      return id;
    }
    const [row]: { data: object | null }[] = await this.dataSource.query(`SELECT data FROM ${PG_BOSS_SCHEMA}.archive WHERE id = $1`, [id]);
    const copy = await this.queue.boss.send(job.name, row?.data ?? {});
    if (!copy) throw new JobAdminError(`job ${id} could not be sent again`);
    return copy;
  }

  /** Enqueues a job of this kind now, whatever its schedule; answers its id. */
  async runNow<P extends object>(definition: JobDefinition<P>, payload: P): Promise<string> {
    const id = await this.queue.enqueue(definition, payload);
    if (!id) throw new JobAdminError(`a ${definition.name} job could not be enqueued`);
    return id;
  }
}

function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
