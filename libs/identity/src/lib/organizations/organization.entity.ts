import { Check, Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { MemberRoleOrGuest } from '../members/member-role';
import type { MergeRulesStandalone } from '../merge-rules/merge-rules';

export const ORGANIZATION_TYPES = ['business', 'community'] as const;
export type OrganizationType = (typeof ORGANIZATION_TYPES)[number];

@Entity('organizations')
@Check('organizations_type_check', `type IN ('business', 'community')`)
@Check('organizations_default_role_check', `default_role IN ('admin', 'create', 'review', 'edit', 'comment', 'read')`)
@Index('organizations_email_domains_idx', { synchronize: false })
@Index('organizations_subdomain_key', ['subdomain'], { unique: true })
export class OrganizationEntity {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'organizations_pkey' })
  id: string;

  @Column({ type: 'text' })
  title: string;

  @Column({ type: 'text', default: 'business' })
  type: OrganizationType;

  @Column({ name: 'email_domains', type: 'text', array: true, default: () => "'{}'" })
  emailDomains: string[];

  /** The role of people who join because their email's domain is one of `emailDomains` (null: as guests). */
  @Column({ name: 'default_role', type: 'text', nullable: true, default: 'read' })
  defaultRole: MemberRoleOrGuest;

  @Column({ name: 'created_at', type: 'timestamptz', precision: 3 })
  createdAt: Date;

  /** What a change request needs before merge, in spaces that inherit (validated before it is stored). */
  @Column({ name: 'merge_rules', type: 'jsonb', default: () => `'{"type": "none"}'` })
  mergeRules: MergeRulesStandalone;

  /** Where the site server also answers the organization's sites: `{subdomain}.{PUBLISHED_URL's host}` (unique; null: none). */
  @Column({ type: 'text', nullable: true })
  subdomain: string | null;
}
