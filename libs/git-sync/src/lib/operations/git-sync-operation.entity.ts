import { SpaceEntity } from '@docs/content';
import { UserEntity } from '@docs/identity';
import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, Relation } from 'typeorm';
import type { GitSyncFailureCode } from './git-sync-failure';

export const GIT_SYNC_DIRECTIONS = ['import', 'export'] as const;
export type GitSyncDirection = (typeof GIT_SYNC_DIRECTIONS)[number];

/** `pending`: waiting for the space's earlier operations (shown as the reference's `running`). */
export const GIT_SYNC_STATES = ['pending', 'running', 'failure', 'success'] as const;
export type GitSyncState = (typeof GIT_SYNC_STATES)[number];

export const GIT_SYNC_STAGES = ['repo_fetch', 'config_check', 'content_process', 'finalize'] as const;
export type GitSyncStage = (typeof GIT_SYNC_STAGES)[number];

/**
 * One export or import of a space, recorded from its request to its outcome: the worker runs a
 * space's operations one at a time, in `seq` order. Credentials are held (sealed) only until it ends.
 */
@Entity('git_sync_operations')
@Index('git_sync_operations_seq_key', ['seq'], { unique: true })
@Index('git_sync_operations_space_idx', ['spaceId', 'seq'])
@Index('git_sync_operations_waiting_idx', ['spaceId', 'seq'], { where: `state IN ('pending', 'running')` })
@Check('git_sync_operations_direction_check', `direction IN ('import', 'export')`)
@Check('git_sync_operations_state_check', `state IN ('pending', 'running', 'failure', 'success')`)
@Check('git_sync_operations_stage_check', `stage IN ('repo_fetch', 'config_check', 'content_process', 'finalize')`)
export class GitSyncOperationEntity {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'git_sync_operations_pkey' })
  id: string;

  /** Order of arrival (unique): a space's operations run in this order. */
  @Column({ type: 'bigint', generated: 'identity', generatedIdentity: 'BY DEFAULT' })
  seq: string;

  @Column({ name: 'organization_id', type: 'text' })
  organizationId: string;

  @Column({ name: 'space_id', type: 'text' })
  spaceId: string;

  @Column({ type: 'text' })
  direction: GitSyncDirection;

  @Column({ type: 'text', default: 'pending' })
  state: GitSyncState;

  @Column({ type: 'text', default: 'repo_fetch' })
  stage: GitSyncStage;

  /** The repository (without credentials), ref and folder this operation works on. */
  @Column({ type: 'text' })
  url: string;

  @Column({ type: 'text' })
  ref: string;

  @Column({ name: 'project_directory', type: 'text', default: '' })
  projectDirectory: string;

  /** Sealed like the configuration's; cleared when the operation ends. */
  @Column({ type: 'text', nullable: true })
  credentials: string | null;

  @Column({ name: 'commit_message', type: 'text', nullable: true })
  commitMessage: string | null;

  /** Imports: make a revision that does not become the space's. */
  @Column({ type: 'boolean', default: false })
  standalone: boolean;

  /** Exports: push even when the remote moved; imports: write even when the space changed since the last sync. */
  @Column({ type: 'boolean', default: false })
  force: boolean;

  /** Exports: the revision exported; imports: the revision made (null: none was needed). */
  @Column({ name: 'revision_id', type: 'text', nullable: true })
  revisionId: string | null;

  /** Exports: the commit pushed (or the remote's, when nothing changed); imports: the commit imported. */
  @Column({ type: 'text', nullable: true })
  commit: string | null;

  /** The commit was made by this operation. */
  @Column({ name: 'commit_created', type: 'boolean', default: false })
  commitCreated: boolean;

  /** Imports into a space that changed since the last sync: the change request opened with the repository's version. */
  @Column({ name: 'change_request_id', type: 'text', nullable: true })
  changeRequestId: string | null;

  @Column({ name: 'error_code', type: 'text', nullable: true })
  errorCode: GitSyncFailureCode | null;

  @Column({ type: 'text', nullable: true })
  error: string | null;

  /** Files to process, and processed so far (the reference's dispatched and completed tasks). */
  @Column({ name: 'dispatched_tasks', type: 'integer', default: 0 })
  dispatchedTasks: number;

  @Column({ name: 'completed_tasks', type: 'integer', default: 0 })
  completedTasks: number;

  @Column({ name: 'created_by', type: 'text', nullable: true })
  createdBy: string | null;

  /** When the event behind the request happened (the reference's `timestamp`): a space's operations run in this order. */
  @Column({ name: 'requested_at', type: 'timestamptz', precision: 3 })
  requestedAt: Date;

  @Column({ name: 'created_at', type: 'timestamptz', precision: 3 })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', precision: 3 })
  updatedAt: Date;

  @Column({ name: 'completed_at', type: 'timestamptz', precision: 3, nullable: true })
  completedAt: Date | null;

  @ManyToOne(() => SpaceEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'space_id', foreignKeyConstraintName: 'git_sync_operations_space_fk' })
  space?: Relation<SpaceEntity>;

  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'created_by', foreignKeyConstraintName: 'git_sync_operations_created_by_fk' })
  creator?: Relation<UserEntity>;
}
