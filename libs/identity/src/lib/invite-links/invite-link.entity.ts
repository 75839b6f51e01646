import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import type { MemberRole, MemberRoleOrGuest } from '../members/member-role';
import { OrganizationEntity } from '../organizations/organization.entity';
import { UserEntity } from '../users/user.entity';

/**
 * A link an admin hands out (`createOrganizationInvite`): a signed-in person who opens it joins
 * the organization with `role` (`joinOrganization`) until it expires or is deleted. The id is the
 * link's secret: random, ~119 bits, never listed to anyone but the organization's admins.
 */
@Entity('organization_invite_links')
@Index('organization_invite_links_list_idx', ['organizationId', 'createdAt', 'id'])
@Index('organization_invite_links_space_idx', ['spaceId'], { where: 'space_id IS NOT NULL' })
@Index('organization_invite_links_collection_idx', ['collectionId'], { where: 'collection_id IS NOT NULL' })
@Check('organization_invite_links_role_check', `role IN ('admin', 'create', 'review', 'edit', 'comment', 'read')`)
@Check('organization_invite_links_level_check', `level IN ('admin', 'create', 'review', 'edit', 'comment', 'read')`)
@Check(
  'organization_invite_links_target_check',
  `CASE WHEN space_id IS NULL AND collection_id IS NULL THEN level IS NULL
        ELSE level IS NOT NULL AND role IS NULL AND (space_id IS NULL OR collection_id IS NULL) END`,
)
export class InviteLinkEntity {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'organization_invite_links_pkey' })
  id: string;

  @Column({ name: 'organization_id', type: 'text' })
  organizationId: string;

  /** null: people joining through the link are guests. */
  @Column({ type: 'text', nullable: true })
  role: MemberRoleOrGuest;

  /** The space the link is to (no foreign key: content deletes the links of what it removes). */
  @Column({ name: 'space_id', type: 'text', nullable: true })
  spaceId: string | null;

  @Column({ name: 'collection_id', type: 'text', nullable: true })
  collectionId: string | null;

  /** The level joining grants on the space or collection; null for a link to the organization. */
  @Column({ type: 'text', nullable: true })
  level: MemberRole | null;

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
