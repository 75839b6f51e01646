import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { OrganizationEntity } from '../organizations/organization.entity';
import { UserEntity } from '../users/user.entity';
import type { MemberRoleOrGuest } from './member-role';

/** A user's membership of an organization. The member's id on the wire is the user's id. */
@Entity('organization_members')
@Index('organization_members_user_idx', ['userId', 'joinedAt', 'organizationId'])
@Index('organization_members_joined_idx', ['organizationId', 'joinedAt', 'userId'])
@Index('organization_members_seen_idx', ['organizationId', 'lastSeenAt', 'userId'], { where: 'last_seen_at IS NOT NULL' })
@Check('organization_members_role_check', `role IN ('admin', 'create', 'review', 'edit', 'comment', 'read')`)
export class MemberEntity {
  @PrimaryColumn({ name: 'organization_id', type: 'text', primaryKeyConstraintName: 'organization_members_pkey' })
  organizationId: string;

  @PrimaryColumn({ name: 'user_id', type: 'text', primaryKeyConstraintName: 'organization_members_pkey' })
  userId: string;

  /** null: a guest, who sees only what is shared with them. */
  @Column({ type: 'text', nullable: true })
  role: MemberRoleOrGuest;

  @Column({ type: 'boolean', default: false })
  disabled: boolean;

  @Column({ type: 'boolean', default: false })
  sso: boolean;

  @Column({ name: 'joined_at', type: 'timestamptz', precision: 3 })
  joinedAt: Date;

  @Column({ name: 'last_seen_at', type: 'timestamptz', precision: 3, nullable: true })
  lastSeenAt: Date | null;

  @ManyToOne(() => OrganizationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'organization_id', foreignKeyConstraintName: 'organization_members_organization_fk' })
  organization?: OrganizationEntity;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'organization_members_user_fk' })
  user?: UserEntity;
}
