import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { OrganizationEntity } from '../organizations/organization.entity';
import { UserEntity } from '../users/user.entity';

export const ACCOUNT_LINK_PURPOSES = ['choose-password', 'reset-password', 'invitation'] as const;
/**
 * What a one-time link lets its holder do: choose a first password (the admin of the first
 * start), reset a forgotten one, or accept an invitation (choose a password if they have none).
 */
export type AccountLinkPurpose = (typeof ACCOUNT_LINK_PURPOSES)[number];

/** A one-time link: the URL carries a secret whose SHA-256 is `tokenHash`; used once, then `usedAt`. */
@Entity('account_links')
@Check('account_links_purpose_check', `purpose IN ('choose-password', 'reset-password', 'invitation')`)
@Index('account_links_token_hash_key', ['tokenHash'], { unique: true })
@Index('account_links_user_idx', ['userId', 'purpose'])
@Index('account_links_expires_idx', ['expiresAt'])
// Partial (WHERE organization_id IS NOT NULL): the migration owns it.
@Index('account_links_organization_idx', { synchronize: false })
export class AccountLinkEntity {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'account_links_pkey' })
  id: string;

  @Column({ name: 'token_hash', type: 'bytea' })
  tokenHash: Buffer;

  @Column({ name: 'user_id', type: 'text' })
  userId: string;

  @Column({ type: 'text' })
  purpose: AccountLinkPurpose;

  /** The organization an invitation is to. */
  @Column({ name: 'organization_id', type: 'text', nullable: true })
  organizationId: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', precision: 3 })
  createdAt: Date;

  @Column({ name: 'expires_at', type: 'timestamptz', precision: 3 })
  expiresAt: Date;

  @Column({ name: 'used_at', type: 'timestamptz', precision: 3, nullable: true })
  usedAt: Date | null;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'account_links_user_fk' })
  user?: UserEntity;

  @ManyToOne(() => OrganizationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'organization_id', foreignKeyConstraintName: 'account_links_organization_fk' })
  organization?: OrganizationEntity | null;
}
