import { OrganizationEntity } from '@docs/identity';
import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, Unique } from 'typeorm';

export type SubscriptionKind = 'webhook' | 'integration';
export type SubscriptionStatus = 'active' | 'paused' | 'disabled';

/**
 * Who receives which events of an organization: a webhook an admin manages, or an integration's
 * installation (one per installation, kept in step by libs/integrations). The dispatcher reads
 * and advances `cursor`; its filter is `event_types` (null: every type), `space_ids` / `site_ids`
 * (null: every space / site; empty: none) and `organization_events` (events about neither).
 */
@Entity('event_subscriptions')
@Unique('event_subscriptions_installation_key', ['installationId'])
@Index('event_subscriptions_list_idx', ['organizationId', 'kind', 'createdAt', 'id'])
@Index('event_subscriptions_active_idx', { synchronize: false })
@Index('event_subscriptions_integration_idx', { synchronize: false })
@Check('event_subscriptions_kind_check', `kind IN ('webhook', 'integration')`)
@Check('event_subscriptions_status_check', `status IN ('active', 'paused', 'disabled')`)
export class EventSubscriptionEntity {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'event_subscriptions_pkey' })
  id: string;

  @Column({ name: 'organization_id', type: 'text' })
  organizationId: string;

  @Column({ type: 'text' })
  kind: SubscriptionKind;

  /** Where deliveries go; null for an installation of an integration that declares no `eventsURL`. */
  @Column({ type: 'text', nullable: true })
  url: string | null;

  @Column({ type: 'text', default: '' })
  description: string;

  @Column({ name: 'event_types', type: 'text', array: true, nullable: true })
  eventTypes: string[] | null;

  @Column({ name: 'space_ids', type: 'text', array: true, nullable: true })
  spaceIds: string[] | null;

  @Column({ name: 'site_ids', type: 'text', array: true, nullable: true })
  siteIds: string[] | null;

  @Column({ name: 'organization_events', type: 'boolean' })
  organizationEvents: boolean;

  @Column({ type: 'text' })
  status: SubscriptionStatus;

  @Column({ name: 'disabled_at', type: 'timestamptz', precision: 3, nullable: true })
  disabledAt: Date | null;

  @Column({ name: 'disabled_reason', type: 'text', nullable: true })
  disabledReason: string | null;

  /** The signing secret, sealed (`SubscriptionSecrets`). */
  @Column({ type: 'text', nullable: true })
  secret: string | null;

  /** The secret a rotation replaced: deliveries are signed with both until it expires. */
  @Column({ name: 'previous_secret', type: 'text', nullable: true })
  previousSecret: string | null;

  @Column({ name: 'previous_secret_expires_at', type: 'timestamptz', precision: 3, nullable: true })
  previousSecretExpiresAt: Date | null;

  @Column({ type: 'bigint' })
  cursor: string;

  /** A removed installation's subscription: it receives events up to this sequence (its `installation_deleted`), then nothing. */
  @Column({ name: 'retire_after_sequence', type: 'bigint', nullable: true })
  retireAfterSequence: string | null;

  @Column({ name: 'integration_name', type: 'text', nullable: true })
  integrationName: string | null;

  @Column({ name: 'installation_id', type: 'text', nullable: true })
  installationId: string | null;

  @Column({ name: 'created_by', type: 'text', nullable: true })
  createdBy: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', precision: 3 })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', precision: 3 })
  updatedAt: Date;

  @ManyToOne(() => OrganizationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'organization_id', foreignKeyConstraintName: 'event_subscriptions_organization_fk' })
  organization?: OrganizationEntity;
}
