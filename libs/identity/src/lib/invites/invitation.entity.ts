import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import type { MemberRoleOrGuest } from '../members/member-role';
import { OrganizationEntity } from '../organizations/organization.entity';
import { UserEntity } from '../users/user.entity';

/**
 * The record of one invitation, written by the worker's invitation job after the api has
 * created the membership: who was invited to which organization, by whom, with which role.
 */
@Entity('invitations')
@Index('invitations_organization_idx', ['organizationId', 'createdAt', 'id'])
@Index('invitations_job_user_key', ['jobId', 'userId'], { unique: true })
export class InvitationEntity {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'invitations_pkey' })
  id: string;

  @Column({ name: 'organization_id', type: 'text' })
  organizationId: string;

  @Column({ name: 'user_id', type: 'text' })
  userId: string;

  @Column({ type: 'text' })
  email: string;

  @Column({ type: 'text', nullable: true })
  role: MemberRoleOrGuest;

  @Column({ name: 'invited_by', type: 'text', nullable: true })
  invitedBy: string | null;

  /** The queue job that recorded it: running the job twice records nothing twice. */
  @Column({ name: 'job_id', type: 'text' })
  jobId: string;

  @Column({ name: 'created_at', type: 'timestamptz', precision: 3 })
  createdAt: Date;

  @ManyToOne(() => OrganizationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'organization_id', foreignKeyConstraintName: 'invitations_organization_fk' })
  organization?: OrganizationEntity;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'invitations_user_fk' })
  user?: UserEntity;

  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'invited_by', foreignKeyConstraintName: 'invitations_invited_by_fk' })
  inviter?: UserEntity;
}
