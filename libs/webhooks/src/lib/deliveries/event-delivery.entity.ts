import { EventEntity } from '@docs/platform';
import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { EventSubscriptionEntity } from '../subscriptions/event-subscription.entity';

/** `event`: in the subscription's order; `redelivery` and `ping`: asked for through the API, out of order. */
export type DeliveryKind = 'event' | 'redelivery' | 'ping';
/** `failed`: its attempts are over (a ping or redelivery's one attempt, or the retries of a subscription since disabled). */
export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';

/** One event (or ping) for one subscription, and where its retries stand. */
@Entity('event_deliveries')
@Index('event_deliveries_list_idx', ['subscriptionId', 'createdAt', 'id'])
@Index('event_deliveries_due_idx', { synchronize: false })
@Index('event_deliveries_event_key', { synchronize: false })
@Index('event_deliveries_unfinished_idx', { synchronize: false })
@Index('event_deliveries_integration_idx', { synchronize: false })
@Index('event_deliveries_event_idx', ['eventId'])
@Index('event_deliveries_completed_idx', { synchronize: false })
@Check('event_deliveries_kind_check', `kind IN ('event', 'redelivery', 'ping')`)
@Check('event_deliveries_status_check', `status IN ('pending', 'succeeded', 'failed')`)
export class EventDeliveryEntity {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'event_deliveries_pkey' })
  id: string;

  @Column({ name: 'subscription_id', type: 'text' })
  subscriptionId: string;

  @Column({ name: 'organization_id', type: 'text' })
  organizationId: string;

  /** Set for an integration's deliveries (its events list). */
  @Column({ name: 'integration_name', type: 'text', nullable: true })
  integrationName: string | null;

  @Column({ type: 'text' })
  kind: DeliveryKind;

  /** Null for a ping. */
  @Column({ name: 'event_id', type: 'text', nullable: true })
  eventId: string | null;

  @Column({ name: 'event_sequence', type: 'bigint', nullable: true })
  eventSequence: string | null;

  /** The event's type, or `ping`. */
  @Column({ name: 'event_type', type: 'text' })
  eventType: string;

  @Column({ type: 'text' })
  status: DeliveryStatus;

  /** Attempts started so far. */
  @Column({ type: 'integer', default: 0 })
  attempts: number;

  /** Attempts made before the current retry schedule began (an admin turned the subscription back on). */
  @Column({ name: 'retry_base', type: 'integer', default: 0 })
  retryBase: number;

  @Column({ name: 'next_attempt_at', type: 'timestamptz', precision: 3, nullable: true })
  nextAttemptAt: Date | null;

  /** While a worker holds it: after this, another worker may take it (the first one died). */
  @Column({ name: 'lease_until', type: 'timestamptz', precision: 3, nullable: true })
  leaseUntil: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz', precision: 3 })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', precision: 3 })
  updatedAt: Date;

  @Column({ name: 'completed_at', type: 'timestamptz', precision: 3, nullable: true })
  completedAt: Date | null;

  @ManyToOne(() => EventSubscriptionEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'subscription_id', foreignKeyConstraintName: 'event_deliveries_subscription_fk' })
  subscription?: EventSubscriptionEntity;

  @ManyToOne(() => EventEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'event_id', foreignKeyConstraintName: 'event_deliveries_event_fk' })
  event?: EventEntity;
}
