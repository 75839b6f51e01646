import { UserEntity } from '@docs/identity';
import { RevisionEntity, SpaceEntity } from '@docs/content';
import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, Relation } from 'typeorm';

export const CHANGE_REQUEST_STATUSES = ['draft', 'open', 'archived', 'merged'] as const;
export type ChangeRequestStatus = (typeof CHANGE_REQUEST_STATUSES)[number];

/**
 * A proposed set of edits to a space: a content head of its own (`revisionId`, and `head_pages`
 * rows keyed by its id), started from the space's revision `revisionInitialId`. Reviews (later)
 * hang off it by id and compare their revision with `revisionId`.
 */
@Entity('change_requests')
@Index('change_requests_number_idx', ['spaceId', 'number'], { unique: true })
@Index('change_requests_list_idx', ['spaceId', 'status', 'createdAt', 'id'])
@Index('change_requests_organization_idx', ['organizationId', 'status', 'createdAt', 'id'])
@Index('change_requests_creator_idx', ['spaceId', 'createdBy', 'createdAt', 'id'])
@Index('change_requests_revision_idx', ['revisionId'])
@Index('change_requests_merged_idx', ['revisionMergedId'])
@Check('change_requests_status_check', `status IN ('draft', 'open', 'archived', 'merged')`)
@Check('change_requests_comments_check', `comments >= 0`)
export class ChangeRequestEntity {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'change_requests_pkey' })
  id: string;

  @Column({ name: 'organization_id', type: 'text' })
  organizationId: string;

  @Column({ name: 'space_id', type: 'text' })
  spaceId: string;

  /** Incremental within the space, never reused (`change_request_numbers`). */
  @Column({ type: 'integer' })
  number: number;

  @Column({ type: 'text', default: 'draft' })
  status: ChangeRequestStatus;

  @Column({ type: 'text', default: '' })
  subject: string;

  @Column({ name: 'created_by', type: 'text', nullable: true })
  createdBy: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', precision: 3 })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', precision: 3 })
  updatedAt: Date;

  /** The head: the change request's current revision. */
  @Column({ name: 'revision_id', type: 'text' })
  revisionId: string;

  /** The space revision it was created from. */
  @Column({ name: 'revision_initial_id', type: 'text' })
  revisionInitialId: string;

  /** The space revision it last started from (initial, then each update's): the merge base; `outdated` compares it with the space's. */
  @Column({ name: 'base_revision_id', type: 'text' })
  baseRevisionId: string;

  /** The space revision the last update merged in. */
  @Column({ name: 'revision_merged_ancestor_id', type: 'text', nullable: true })
  revisionMergedAncestorId: string | null;

  /** The space revision the merge made. */
  @Column({ name: 'revision_merged_id', type: 'text', nullable: true })
  revisionMergedId: string | null;

  /** Open comments (kept by the comments feature). */
  @Column({ type: 'integer', default: 0 })
  comments: number;

  /** Pages an update left with conflicts, until a write of each in the change request resolves it. */
  @Column({ name: 'unresolved_conflicts', type: 'text', array: true, default: () => "'{}'" })
  unresolvedConflicts: string[];

  @ManyToOne(() => SpaceEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'space_id', foreignKeyConstraintName: 'change_requests_space_fk' })
  space?: Relation<SpaceEntity>;

  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'created_by', foreignKeyConstraintName: 'change_requests_created_by_fk' })
  creator?: Relation<UserEntity>;

  @ManyToOne(() => RevisionEntity)
  @JoinColumn({ name: 'revision_id', foreignKeyConstraintName: 'change_requests_revision_fk' })
  revision?: Relation<RevisionEntity>;
}
