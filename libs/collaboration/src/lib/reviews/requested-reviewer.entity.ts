import { UserEntity } from '@docs/identity';
import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, Relation } from 'typeorm';
import { ChangeRequestEntity } from '../change-requests/change-request.entity';

/** A pending request for `userId` to review a change request; their review fulfils (deletes) it. */
@Entity('change_request_requested_reviewers')
@Index('change_request_requested_reviewers_list_idx', ['changeRequestId', 'createdAt', 'userId'])
export class RequestedReviewerEntity {
  @PrimaryColumn({ name: 'change_request_id', type: 'text', primaryKeyConstraintName: 'change_request_requested_reviewers_pkey' })
  changeRequestId: string;

  @PrimaryColumn({ name: 'user_id', type: 'text', primaryKeyConstraintName: 'change_request_requested_reviewers_pkey' })
  userId: string;

  @Column({ name: 'organization_id', type: 'text' })
  organizationId: string;

  @Column({ name: 'requested_by', type: 'text' })
  requestedBy: string;

  /** The change request's head when the request was made. */
  @Column({ name: 'revision_id', type: 'text' })
  revisionId: string;

  @Column({ name: 'created_at', type: 'timestamptz', precision: 3 })
  createdAt: Date;

  @ManyToOne(() => ChangeRequestEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'change_request_id', foreignKeyConstraintName: 'change_request_requested_reviewers_change_request_fk' })
  changeRequest?: Relation<ChangeRequestEntity>;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'change_request_requested_reviewers_user_fk' })
  user?: Relation<UserEntity>;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'requested_by', foreignKeyConstraintName: 'change_request_requested_reviewers_requested_by_fk' })
  requester?: Relation<UserEntity>;
}
