import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import type { MemberRoleOrGuest } from '../members/member-role';
import { OrganizationEntity } from '../organizations/organization.entity';
import { UserEntity } from '../users/user.entity';

/**
 * A link an admin hands out (`createOrganizationInvite`): a signed-in person who opens it joins
 * the organization with `role` (`joinOrganization`) until it expires or is deleted. The id is the
 * link's secret: random, ~119 bits, never listed to anyone but the organization's admins.
 */
@Entity('organization_invite_links')
@Index('organization_invite_links_list_idx', ['organizationId', 'createdAt', 'id'])
@Check('organization_invite_links_role_check', `role IN ('admin', 'create', 'review', 'edit', 'comment', 'read')`)
export class InviteLinkEntity {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'organization_invite_links_pkey' })
  id: string;

  @Column({ name: 'organization_id', type: 'text' })
  organizationId: string;

  /** null: people joining through the link are guests. */
  @Column({ type: 'text', nullable: true })
  role: MemberRoleOrGuest;

  @Column({ name: 'created_by', type: 'text', nullable: true })
  createdBy: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', precision: 3 })
  createdAt: Date;

  @Column({ name: 'expires_at', type: 'timestamptz', precision: 3 })
  expiresAt: Date;

  @ManyToOne(() => OrganizationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'organization_id', foreignKeyConstraintName: 'organization_invite_links_organization_fk' })
  organization?: OrganizationEntity;

  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'created_by', foreignKeyConstraintName: 'organization_invite_links_created_by_fk' })
  creator?: UserEntity;
}
