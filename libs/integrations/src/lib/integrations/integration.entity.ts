import { OrganizationEntity } from '@docs/identity';
import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import type {
  IntegrationBlock,
  IntegrationConfigurations,
  IntegrationContentSource,
  IntegrationExternalLink,
  IntegrationRuntime,
  IntegrationTarget,
  IntegrationVisibility,
} from './integration-values';

/** A published integration, addressed by its unique name. */
@Entity('integrations')
@Index('integrations_owner_idx', ['ownerOrganizationId', 'name'])
// GIN indexes on categories, scopes and block_domains, and trigram indexes on name and title (the
// `search` filter): TypeORM cannot describe them, the migration owns them.
@Index('integrations_categories_idx', { synchronize: false })
@Index('integrations_name_trgm_idx', { synchronize: false })
@Index('integrations_title_trgm_idx', { synchronize: false })
@Index('integrations_scopes_idx', { synchronize: false })
@Index('integrations_block_domains_idx', { synchronize: false })
@Check('integrations_visibility_check', `visibility IN ('public', 'private', 'unlisted')`)
@Check('integrations_target_check', `target IN ('all', 'site', 'space', 'organization')`)
@Check('integrations_runtime_check', `runtime IN ('v1', 'v2')`)
export class IntegrationEntity {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'integrations_pkey' })
  name: string;

  @Column({ name: 'owner_organization_id', type: 'text' })
  ownerOrganizationId: string;

  /** 1 on the first publication, incremented by each publication after it. */
  @Column({ type: 'integer' })
  version: number;

  @Column({ type: 'text' })
  runtime: IntegrationRuntime;

  @Column({ type: 'text' })
  title: string;

  @Column({ type: 'text' })
  description: string;

  @Column({ type: 'text', nullable: true })
  summary: string | null;

  @Column({ type: 'text' })
  visibility: IntegrationVisibility;

  @Column({ type: 'text' })
  target: IntegrationTarget;

  @Column({ type: 'text', array: true })
  scopes: string[];

  @Column({ type: 'text', array: true })
  categories: string[];

  @Column({ type: 'jsonb' })
  blocks: IntegrationBlock[];

  /** Host names of the blocks' urlUnfurl patterns, lower-cased (the blockDomain filter). */
  @Column({ name: 'block_domains', type: 'text', array: true })
  blockDomains: string[];

  @Column({ name: 'content_sources', type: 'jsonb' })
  contentSources: IntegrationContentSource[];

  @Column({ name: 'external_links', type: 'jsonb' })
  externalLinks: IntegrationExternalLink[];

  @Column({ type: 'jsonb' })
  configurations: IntegrationConfigurations;

  @Column({ name: 'content_security_policy', type: 'jsonb', nullable: true })
  contentSecurityPolicy: string | Record<string, string> | null;

  @Column({ type: 'text' })
  script: string;

  /** AES-256-GCM ciphertext of the secrets map (SecretBox); null when there are none. */
  @Column({ type: 'bytea', nullable: true })
  secrets: Buffer | null;

  /** The reference event types it receives (extension: `events` of the publish body). */
  @Column({ type: 'text', array: true, default: () => "'{}'" })
  events: string[];

  /** Where its events are POSTed (extension: `eventsURL`); null: it receives none. */
  @Column({ name: 'events_url', type: 'text', nullable: true })
  eventsUrl: string | null;

  /** Its events' signing secret, sealed by `SubscriptionSecrets` (libs/webhooks); never returned. */
  @Column({ name: 'events_secret', type: 'text', nullable: true })
  eventsSecret: string | null;

  /** The secret a publication replaced: it keeps signing beside the new one until it expires. */
  @Column({ name: 'events_previous_secret', type: 'text', nullable: true })
  eventsPreviousSecret: string | null;

  @Column({ name: 'events_previous_secret_expires_at', type: 'timestamptz', precision: 3, nullable: true })
  eventsPreviousSecretExpiresAt: Date | null;

  @Column({ name: 'icon_asset_id', type: 'text', nullable: true })
  iconAssetId: string | null;

  @Column({ name: 'preview_asset_ids', type: 'text', array: true })
  previewAssetIds: string[];

  @Column({ name: 'created_at', type: 'timestamptz', precision: 3 })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', precision: 3 })
  updatedAt: Date;

  @ManyToOne(() => OrganizationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'owner_organization_id', foreignKeyConstraintName: 'integrations_owner_fk' })
  owner?: OrganizationEntity;
}
