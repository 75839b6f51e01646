import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { EventDeliveryEntity } from './event-delivery.entity';

/**
 * How an attempt ended: `succeeded` (2xx), `http_error` (another status), `redirect` (a 3xx: never
 * followed), `timeout`, `network` (refused or cut connection, DNS), `refused` (an address the
 * fetcher may not reach), `interrupted` (its worker died; the delivery was taken up again).
 * Null while it runs.
 */
export type AttemptOutcome = 'succeeded' | 'http_error' | 'redirect' | 'timeout' | 'network' | 'refused' | 'interrupted';

/** Every attempt of a delivery, numbered from 1. */
@Entity('event_delivery_attempts')
@Index('event_delivery_attempts_started_idx', ['startedAt'])
@Check('event_delivery_attempts_outcome_check', `outcome IN ('succeeded', 'http_error', 'redirect', 'timeout', 'network', 'refused', 'interrupted')`)
export class DeliveryAttemptEntity {
  @PrimaryColumn({ name: 'delivery_id', type: 'text', primaryKeyConstraintName: 'event_delivery_attempts_pkey' })
  deliveryId: string;

  @PrimaryColumn({ type: 'integer', primaryKeyConstraintName: 'event_delivery_attempts_pkey' })
  number: number;

  @Column({ name: 'subscription_id', type: 'text' })
  subscriptionId: string;

  /** Where it was sent (a subscription's URL may change later). */
  @Column({ type: 'text' })
  url: string;

  @Column({ name: 'started_at', type: 'timestamptz', precision: 3 })
  startedAt: Date;

  @Column({ name: 'duration_ms', type: 'integer', nullable: true })
  durationMs: number | null;

  @Column({ type: 'text', nullable: true })
  outcome: AttemptOutcome | null;

  @Column({ name: 'status_code', type: 'integer', nullable: true })
  statusCode: number | null;

  @Column({ type: 'text', nullable: true })
  error: string | null;

  /** The first 1,024 characters of the answer's body. */
  @Column({ name: 'response_excerpt', type: 'text', nullable: true })
  responseExcerpt: string | null;

  @ManyToOne(() => EventDeliveryEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'delivery_id', foreignKeyConstraintName: 'event_delivery_attempts_delivery_fk' })
  delivery?: EventDeliveryEntity;
}
