import { Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Clock, EventOutbox, newId, Page, Paginator, sortKey } from '@docs/platform';
import type { DataSource, EntityManager } from 'typeorm';
import type { GitSyncError } from './git-sync-failure';
import { GitSyncDirection, GitSyncOperationEntity, GitSyncStage } from './git-sync-operation.entity';

/** What a request records (the worker fills in the rest). */
export interface RequestedOperation {
  organizationId: string;
  spaceId: string;
  direction: GitSyncDirection;
  url: string;
  ref: string;
  projectDirectory: string;
  credentials: string | null;
  commitMessage?: string | null;
  standalone?: boolean;
  force?: boolean;
  /** When the event behind the request happened (the reference's `timestamp`); now by default. */
  requestedAt?: Date;
  /** Exports: the revision to export (the space's, when requested). */
  revisionId?: string | null;
  createdBy: string | null;
}

/** What an operation did, recorded with its success. */
export interface OperationOutcome {
  revisionId?: string | null;
  commit?: string | null;
  commitCreated?: boolean;
  /** The commit's message (imports: the repository's; exports that made no commit: the remote's). */
  commitMessage?: string | null;
  changeRequestId?: string | null;
}

/**
 * The life of a Git Sync operation, one method per state move, each in its own transaction (or
 * the caller's, where the move must commit with other writes): `request` (pending, with the
 * request's write), `start` (running), `enterStage`, `progress`, `succeed` (with the outcome's
 * writes) and `fail` (failure, with its code). Events of the operation's moves hook in here.
 */
@Injectable()
export class GitSyncOperations {
  private readonly logger = new Logger('GitSync');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly paginator: Paginator,
    private readonly events: EventOutbox,
  ) {}

  /** Records a requested operation, pending, in the request's transaction. */
  async request(tx: EntityManager, input: RequestedOperation): Promise<GitSyncOperationEntity> {
    const now = this.clock.now();
    const operation = tx.create(GitSyncOperationEntity, {
      id: newId(),
      organizationId: input.organizationId,
      spaceId: input.spaceId,
      direction: input.direction,
      state: 'pending',
      stage: 'repo_fetch',
      url: input.url,
      ref: input.ref,
      projectDirectory: input.projectDirectory,
      credentials: input.credentials,
      commitMessage: input.commitMessage ?? null,
      standalone: input.standalone ?? false,
      force: input.force ?? false,
      revisionId: input.revisionId ?? null,
      commit: null,
      commitCreated: false,
      changeRequestId: null,
      errorCode: null,
      error: null,
      dispatchedTasks: 0,
      completedTasks: 0,
      createdBy: input.createdBy,
      requestedAt: input.requestedAt ?? now,
      createdAt: now,
      updatedAt: now,
      completedAt: null,
    });
    const [row]: { seq: string }[] = await tx.query(
      `INSERT INTO git_sync_operations (id, organization_id, space_id, direction, state, stage, url, ref, project_directory, credentials, commit_message,
                                        standalone, force, revision_id, created_by, requested_at, created_at, updated_at)
       VALUES ($1, $2, $3, $4, 'pending', 'repo_fetch', $5, $6, $7, $8, $9, $10, $11, $12, $13, $15, $14, $14) RETURNING seq::text AS seq`,
      [
        operation.id,
        operation.organizationId,
        operation.spaceId,
        operation.direction,
        operation.url,
        operation.ref,
        operation.projectDirectory,
        operation.credentials,
        operation.commitMessage,
        operation.standalone,
        operation.force,
        operation.revisionId,
        operation.createdBy,
        now,
        operation.requestedAt,
      ],
    );
    operation.seq = row.seq;
    return operation;
  }

  /**
   * The space's next operation to run: one left running by a worker that stopped, else the
   * earliest requested (by the request's `timestamp`, then in the order they arrived).
   */
  async next(spaceId: string): Promise<GitSyncOperationEntity | null> {
    return this.dataSource
      .createQueryBuilder(GitSyncOperationEntity, 'o')
      .where(`o.space_id = :spaceId AND o.state IN ('pending', 'running')`, { spaceId })
      .orderBy(`o.state = 'running'`, 'DESC')
      .addOrderBy('o.requested_at', 'ASC')
      .addOrderBy('o.seq', 'ASC')
      .limit(1)
      .getOne();
  }

  /**
   * pending -> running (a restarted operation starts over), with `space_gitsync_started` in the
   * same transaction: a run started again after a worker stopped is announced again.
   */
  async start(operation: GitSyncOperationEntity): Promise<void> {
    Object.assign(operation, { state: 'running', stage: 'repo_fetch', dispatchedTasks: 0, completedTasks: 0, updatedAt: this.clock.now() });
    await this.dataSource.transaction(async (tx) => {
      await tx.update(
        GitSyncOperationEntity,
        { id: operation.id },
        { state: 'running', stage: 'repo_fetch', dispatchedTasks: 0, completedTasks: 0, updatedAt: operation.updatedAt },
      );
      const from = await this.startingPoint(tx, operation);
      await this.events.emit(tx, {
        type: 'space_gitsync_started',
        organizationId: operation.organizationId,
        actor: operation.createdBy,
        payload: { spaceId: operation.spaceId, revisionId: from.revisionId, commitId: from.commitId },
      });
    });
    this.logger.log({ operation: operation.id, space: operation.spaceId, direction: operation.direction, ref: operation.ref }, 'git sync started');
  }

  async enterStage(operation: GitSyncOperationEntity, stage: GitSyncStage): Promise<void> {
    operation.stage = stage;
    operation.updatedAt = this.clock.now();
    await this.dataSource.manager.update(GitSyncOperationEntity, { id: operation.id }, { stage, updatedAt: operation.updatedAt });
  }

  /** Files to process and processed so far. */
  async progress(operation: GitSyncOperationEntity, dispatched: number, completed: number): Promise<void> {
    Object.assign(operation, { dispatchedTasks: dispatched, completedTasks: completed, updatedAt: this.clock.now() });
    await this.dataSource.manager.update(GitSyncOperationEntity, { id: operation.id }, { dispatchedTasks: dispatched, completedTasks: completed, updatedAt: operation.updatedAt });
  }

  /** running -> success, in the transaction that records what the operation did; its credentials are dropped. */
  async succeed(tx: EntityManager, operation: GitSyncOperationEntity, outcome: OperationOutcome): Promise<void> {
    const now = this.clock.now();
    const changes = {
      state: 'success' as const,
      stage: 'finalize' as const,
      revisionId: outcome.revisionId === undefined ? operation.revisionId : outcome.revisionId,
      commit: outcome.commit ?? null,
      commitCreated: outcome.commitCreated ?? false,
      commitMessage: outcome.commitMessage === undefined ? operation.commitMessage : outcome.commitMessage,
      changeRequestId: outcome.changeRequestId ?? null,
      completedTasks: operation.dispatchedTasks,
      credentials: null,
      updatedAt: now,
      completedAt: now,
    };
    Object.assign(operation, changes);
    await tx.update(GitSyncOperationEntity, { id: operation.id }, changes);
    // An import that found its commit already synced made no revision: the space's stands.
    const revisionId = changes.revisionId ?? (await this.startingPoint(tx, operation)).revisionId;
    await this.events.emit(tx, {
      type: 'space_gitsync_completed',
      organizationId: operation.organizationId,
      actor: operation.createdBy,
      payload: { spaceId: operation.spaceId, state: 'success', revisionId, commitId: changes.commit ?? '' },
    });
    this.logger.log({ operation: operation.id, space: operation.spaceId, direction: operation.direction, commit: changes.commit, revision: changes.revisionId }, 'git sync completed');
  }

  /**
   * running -> failure, with its code and message; nothing of the operation was kept. Its
   * credentials are dropped. `space_gitsync_completed` (state `failure`) in the same transaction,
   * naming the revision and commit the run started from.
   */
  async fail(operation: GitSyncOperationEntity, error: GitSyncError): Promise<void> {
    const now = this.clock.now();
    const changes = { state: 'failure' as const, errorCode: error.code, error: error.message.slice(0, 2000), credentials: null, updatedAt: now, completedAt: now };
    Object.assign(operation, changes);
    await this.dataSource.transaction(async (tx) => {
      await tx.update(GitSyncOperationEntity, { id: operation.id }, changes);
      const from = await this.startingPoint(tx, operation);
      await this.events.emit(tx, {
        type: 'space_gitsync_completed',
        organizationId: operation.organizationId,
        actor: operation.createdBy,
        payload: { spaceId: operation.spaceId, state: 'failure', revisionId: from.revisionId, commitId: operation.commit ?? from.commitId },
      });
    });
    this.logger.warn({ operation: operation.id, space: operation.spaceId, direction: operation.direction, code: error.code, error: changes.error }, 'git sync failed');
  }

  /**
   * Where a run starts from, as its events name it: the revision it exports (an export) or the
   * space's current one (an import), and the commit the space last synced with ('' before its
   * first sync: the reference requires the field, and no commit is known yet).
   */
  private async startingPoint(tx: EntityManager, operation: GitSyncOperationEntity): Promise<{ revisionId: string; commitId: string }> {
    const [row]: { revision_id: string | null; last_commit: string | null }[] = await tx.query(
      `SELECT s.revision_id, c.last_commit FROM spaces s LEFT JOIN git_sync_configs c ON c.space_id = s.id WHERE s.id = $1`,
      [operation.spaceId],
    );
    return { revisionId: (operation.direction === 'export' ? operation.revisionId : null) ?? row?.revision_id ?? '', commitId: row?.last_commit ?? '' };
  }

  async get(spaceId: string, operationId: string): Promise<GitSyncOperationEntity> {
    const operation = await this.dataSource.manager.findOneBy(GitSyncOperationEntity, { id: operationId, spaceId });
    if (!operation) throw new NotFoundException(`Space ${spaceId} has no Git Sync operation ${operationId}.`);
    return operation;
  }

  /** A space's operations, newest first. */
  async list(spaceId: string, query: { page?: string; limit?: number; direction?: GitSyncDirection }): Promise<Page<GitSyncOperationEntity>> {
    const builder = this.dataSource.createQueryBuilder(GitSyncOperationEntity, 'o').where('o.space_id = :spaceId', { spaceId });
    if (query.direction) builder.andWhere('o.direction = :direction', { direction: query.direction });
    return this.paginator.paginate(builder, [sortKey<GitSyncOperationEntity>('o.seq', 'DESC', 'number', (o) => Number(o.seq))], {
      scope: ['git-sync-operations', spaceId, query.direction ?? ''].join(':'),
      page: query.page,
      limit: query.limit,
    });
  }
}
