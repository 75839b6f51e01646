import { Column, Entity, Index, PrimaryColumn, Unique } from 'typeorm';

/** One event of the outbox, written by `EventOutbox.emit` (SQL), read by the delivery side. */
@Entity('events')
@Unique('events_organization_sequence_key', ['organizationId', 'sequence'])
@Index('events_created_idx', ['createdAt'])
@Index('events_space_idx', ['spaceId'])
export class EventEntity {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'events_pkey' })
  id: string;

  @Column({ name: 'organization_id', type: 'text' })
  organizationId: string;

  /** Its place in its organization's events: 1, 2, 3... in commit order. */
  @Column({ type: 'bigint' })
  sequence: string;

  @Column({ type: 'text' })
  type: string;

  /** What it is about, for subscription filters (also in the payload). */
  @Column({ name: 'space_id', type: 'text', nullable: true })
  spaceId: string | null;

  @Column({ name: 'site_id', type: 'text', nullable: true })
  siteId: string | null;

  /** As delivered, but for the recipient's `installationId` / `webhookId`. */
  @Column({ type: 'jsonb' })
  payload: Record<string, any>;

  @Column({ name: 'created_at', type: 'timestamptz', precision: 3 })
  createdAt: Date;
}

/** The last sequence number handed out per organization (`EventOutbox.emit` takes the next ones). */
@Entity('event_sequences')
export class EventSequenceEntity {
  @PrimaryColumn({ name: 'organization_id', type: 'text', primaryKeyConstraintName: 'event_sequences_pkey' })
  organizationId: string;

  @Column({ name: 'last_sequence', type: 'bigint' })
  lastSequence: string;
}
