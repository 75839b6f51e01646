import { Injectable, Logger } from '@nestjs/common';
import { defineJob, HandlesJob, type JobContext, type JobHandler, SqlPool } from '@docs/platform';
import { GitSyncConfigs } from '../config/git-sync-configs.service';
import { GitExporter } from '../export/git-exporter.service';
import { GitImporter } from '../import/git-importer.service';
import { asGitSyncError } from './git-sync-failure';
import type { GitSyncOperationEntity } from './git-sync-operation.entity';
import { GitSyncOperations } from './git-sync-operations.service';

export interface RunGitSyncPayload {
  spaceId: string;
}

/**
 * Enqueued with every Git Sync operation, in the transaction that records it: "this space has
 * operations to run". Retried (after a delay) only when a worker stopped in the middle.
 */
export const RunGitSyncJob = defineJob<RunGitSyncPayload>('git-sync.run', { retryLimit: 5, expireInSeconds: 60 * 60, retryDelaySeconds: 5 });

/** First argument of the space's advisory lock: Git Sync's namespace (the second is the space id's hash). */
const LOCK_NAMESPACE = 23_0001;

/**
 * Runs a space's Git Sync operations one at a time, in the order they were asked for, whichever
 * worker (and slot) gets the job: the worker holding the space's advisory lock runs every
 * waiting operation of the space; a job that finds the lock taken leaves its operation to that
 * worker, which looks once more after letting the lock go. An operation a stopped worker left
 * running is run again from the start (its outcome, written in one transaction, was not).
 */
@Injectable()
@HandlesJob(RunGitSyncJob)
export class RunGitSyncHandler implements JobHandler<RunGitSyncPayload> {
  private readonly logger = new Logger('GitSync');

  constructor(
    private readonly sql: SqlPool,
    private readonly operations: GitSyncOperations,
    private readonly exporter: GitExporter,
    private readonly importer: GitImporter,
    private readonly configs: GitSyncConfigs,
  ) {}

  async handle(payload: RunGitSyncPayload, context: JobContext): Promise<void> {
    for (;;) {
      const ran = await this.drain(payload.spaceId, context.signal);
      if (!ran || context.signal.aborted) return;
      // Another job's operation may have arrived while this one held the lock and gave up on it.
      if (!(await this.operations.next(payload.spaceId))) return;
    }
  }

  /** Runs the space's waiting operations under its lock; false when another worker holds it. */
  private async drain(spaceId: string, signal: AbortSignal): Promise<boolean> {
    const client = await this.sql.raw.connect();
    try {
      const [{ locked }] = (await client.query<{ locked: boolean }>(`SELECT pg_try_advisory_lock($1, hashtext($2)) AS locked`, [LOCK_NAMESPACE, spaceId])).rows;
      if (!locked) return false;
      try {
        for (let operation = await this.operations.next(spaceId); operation && !signal.aborted; operation = await this.operations.next(spaceId)) {
          await this.run(operation, signal);
        }
      } finally {
        await client.query(`SELECT pg_advisory_unlock($1, hashtext($2))`, [LOCK_NAMESPACE, spaceId]);
      }
      return true;
    } finally {
      client.release();
    }
  }

  private async run(operation: GitSyncOperationEntity, signal: AbortSignal): Promise<void> {
    await this.operations.start(operation);
    try {
      if (operation.direction === 'export') await this.exporter.run(operation, signal);
      else await this.importer.run(operation, signal);
    } catch (error) {
      // A worker shutting down leaves the operation running: the retried job runs it again.
      if (signal.aborted) throw error;
      const secrets = [this.configs.unseal(operation.credentials)?.password ?? ''];
      const failure = asGitSyncError(error, { url: operation.url, ref: operation.ref, secrets });
      if (failure.code === 'internal') this.logger.error({ operation: operation.id, err: error }, 'git sync operation failed unexpectedly');
      await this.operations.fail(operation, failure);
    }
  }
}
