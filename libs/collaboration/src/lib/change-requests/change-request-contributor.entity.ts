import { UserEntity } from '@docs/identity';
import { Entity, JoinColumn, ManyToOne, PrimaryColumn, Relation } from 'typeorm';
import { ChangeRequestEntity } from './change-request.entity';

/** A user who created a change request or wrote in it: what the list's `contributor` filter matches. */
@Entity('change_request_contributors')
export class ChangeRequestContributorEntity {
  @PrimaryColumn({ name: 'change_request_id', type: 'text', primaryKeyConstraintName: 'change_request_contributors_pkey' })
  changeRequestId: string;

  @PrimaryColumn({ name: 'user_id', type: 'text', primaryKeyConstraintName: 'change_request_contributors_pkey' })
  userId: string;

  @ManyToOne(() => ChangeRequestEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'change_request_id', foreignKeyConstraintName: 'change_request_contributors_change_request_fk' })
  changeRequest?: Relation<ChangeRequestEntity>;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'change_request_contributors_user_fk' })
  user?: Relation<UserEntity>;
}
