import { OrganizationEntity } from '@docs/identity';
import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, Relation } from 'typeorm';

export const SITE_TYPES = ['basic', 'premium', 'ultimate', 'sponsored', 'legacy-basic', 'legacy-premium'] as const;
export type SiteType = (typeof SITE_TYPES)[number];

export const SITE_VISIBILITIES = ['public', 'unlisted', 'share-link', 'visitor-auth'] as const;
export type SiteVisibility = (typeof SITE_VISIBILITIES)[number];

export const SITE_AGENTS_CONTEXTS = ['excluded', 'included'] as const;
export type SiteAgentsContext = (typeof SITE_AGENTS_CONTEXTS)[number];

/** A docs site: how spaces reach readers. Its structure lives in sections, groups and site spaces. */
@Entity('sites')
@Index('sites_organization_created_idx', ['organizationId', 'createdAt', 'id'])
@Index('sites_hostname_key', ['hostname'], { unique: true })
@Index('sites_basename_key', ['organizationId', 'basename'], { unique: true })
// Partial (WHERE proxy_origin IS NOT NULL), which the drift check cannot compare: see sites-schema.spec.ts.
@Index('sites_proxy_origin_idx', { synchronize: false })
@Check('sites_type_check', `type IN ('basic', 'premium', 'ultimate', 'sponsored', 'legacy-basic', 'legacy-premium')`)
@Check('sites_visibility_check', `visibility IN ('public', 'unlisted', 'share-link', 'visitor-auth')`)
@Check('sites_agents_context_check', `agents_context IN ('excluded', 'included')`)
export class SiteEntity {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'sites_pkey' })
  id: string;

  @Column({ name: 'organization_id', type: 'text' })
  organizationId: string;

  @Column({ type: 'text', default: 'basic' })
  type: SiteType;

  @Column({ type: 'text' })
  title: string;

  @Column({ type: 'text', default: 'public' })
  visibility: SiteVisibility;

  @Column({ type: 'boolean', default: false })
  published: boolean;

  @Column({ type: 'text', nullable: true })
  basename: string | null;

  /** A custom hostname (lowercase, three labels or more), unique across the installation. */
  @Column({ type: 'text', nullable: true })
  hostname: string | null;

  /** `host/path` where the site is proxied (e.g. `example.com/docs`). */
  @Column({ name: 'proxy_origin', type: 'text', nullable: true })
  proxyOrigin: string | null;

  @Column({ name: 'adaptive_content', type: 'boolean', default: false })
  adaptiveContent: boolean;

  @Column({ name: 'agents_context', type: 'text', default: 'included' })
  agentsContext: SiteAgentsContext;

  /**
   * The visitor claims schema (draft-07), null until set. Typed `object`: TypeORM's deep-partial
   * types never end on a recursive JSON type; read it with `adaptiveSchemaOf`.
   */
  @Column({ name: 'adaptive_schema', type: 'jsonb', nullable: true })
  adaptiveSchema: object | null;

  @Column({ name: 'adaptive_schema_updated_at', type: 'timestamptz', precision: 3, nullable: true })
  adaptiveSchemaUpdatedAt: Date | null;

  /** The HS256 key visitor JWTs are signed with, encrypted (EncryptionKeys, purpose `site-visitor-key`). */
  @Column({ name: 'visitor_key_encrypted', type: 'text' })
  visitorKeyEncrypted: string;

  /** Where visitors of a visitor-auth site go when their token is missing or not valid; null: a 401 page. */
  @Column({ name: 'visitor_fallback_url', type: 'text', nullable: true })
  visitorFallbackUrl: string | null;

  /** The reference's `SiteCustomizationSettings` as last set (null: the defaults); read it with `siteCustomizationOf`. */
  @Column({ type: 'jsonb', nullable: true })
  customization: object | null;

  @Column({ name: 'created_at', type: 'timestamptz', precision: 3 })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', precision: 3 })
  updatedAt: Date;

  @ManyToOne(() => OrganizationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'organization_id', foreignKeyConstraintName: 'sites_organization_fk' })
  organization?: Relation<OrganizationEntity>;
}

/** A site's adaptive schema as the plain JSON object it is. */
export function adaptiveSchemaOf(site: SiteEntity): Record<string, unknown> | null {
  return site.adaptiveSchema as Record<string, unknown> | null;
}
