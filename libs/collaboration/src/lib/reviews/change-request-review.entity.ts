import { UserEntity } from '@docs/identity';
import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, Relation } from 'typeorm';
import { ChangeRequestEntity } from '../change-requests/change-request.entity';

export const REVIEW_STATUSES = ['approved', 'changes-requested'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/**
 * A submitted review of a change request, made against its head `revisionId`. It is outdated
 * once the head moved on, or once its reviewer submitted a newer review (`superseded`).
 */
@Entity('change_request_reviews')
@Index('change_request_reviews_list_idx', ['changeRequestId', 'createdAt', 'id'])
@Index('change_request_reviews_reviewer_idx', ['changeRequestId', 'reviewerId'])
@Check('change_request_reviews_status_check', `status IN ('approved', 'changes-requested')`)
export class ChangeRequestReviewEntity {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'change_request_reviews_pkey' })
  id: string;

  @Column({ name: 'organization_id', type: 'text' })
  organizationId: string;

  @Column({ name: 'change_request_id', type: 'text' })
  changeRequestId: string;

  @Column({ name: 'reviewer_id', type: 'text' })
  reviewerId: string;

  /** Who had asked this reviewer (the request the review fulfilled); null for an unrequested review. */
  @Column({ name: 'requested_by', type: 'text', nullable: true })
  requestedBy: string | null;

  @Column({ type: 'text' })
  status: ReviewStatus;

  /** The change request's head when the review was made. */
  @Column({ name: 'revision_id', type: 'text' })
  revisionId: string;

  /** True once the same reviewer submitted a newer review of this change request. */
  @Column({ type: 'boolean', default: false })
  superseded: boolean;

  /** The review's comment, as markdown. */
  @Column({ type: 'text', nullable: true })
  comment: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', precision: 3 })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', precision: 3 })
  updatedAt: Date;

  @ManyToOne(() => ChangeRequestEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'change_request_id', foreignKeyConstraintName: 'change_request_reviews_change_request_fk' })
  changeRequest?: Relation<ChangeRequestEntity>;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'reviewer_id', foreignKeyConstraintName: 'change_request_reviews_reviewer_fk' })
  reviewer?: Relation<UserEntity>;

  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'requested_by', foreignKeyConstraintName: 'change_request_reviews_requested_by_fk' })
  requester?: Relation<UserEntity>;
}
