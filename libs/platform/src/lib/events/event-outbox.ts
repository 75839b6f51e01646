import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Clock } from '../clock/clock';
import { newId } from '../ids/random-id';
import { DomainEvent, eventTypeDefinition } from './event-catalog';

/** An event as written: its id and its place in its organization's sequence. */
export interface EmittedEvent {
  id: string;
  organizationId: string;
  sequence: number;
  type: string;
}

/**
 * One statement per organization: takes the next `n` numbers of the organization's sequence (its
 * row in `event_sequences`, locked until the transaction ends, so sequences commit in order) and
 * inserts the events with them, the sequence written into each payload too.
 */
const EMIT_SQL = `WITH seq AS (
    INSERT INTO event_sequences (organization_id, last_sequence) VALUES ($1, $2)
    ON CONFLICT (organization_id) DO UPDATE SET last_sequence = event_sequences.last_sequence + $2
    RETURNING last_sequence
  )
  INSERT INTO events (id, organization_id, sequence, type, space_id, site_id, payload, created_at)
  SELECT e.id, $1, seq.last_sequence - $2 + e.ord, e.type, e.space_id, e.site_id,
         e.payload || jsonb_build_object('sequence', seq.last_sequence - $2 + e.ord), $3
    FROM seq, jsonb_to_recordset($4::jsonb) AS e(ord int, id text, type text, space_id text, site_id text, payload jsonb)
  RETURNING id, sequence, type`;

/**
 * The writing side of the event outbox: `emit(tx, event)` in the transaction of the change that
 * causes the event, so the event exists if and only if the change commits. Every domain injects it
 * (the platform module is global). Emit last in the transaction: the organization's sequence row
 * stays locked from the emit to the commit, and writers of one organization queue on it.
 */
@Injectable()
export class EventOutbox {
  constructor(private readonly clock: Clock) {}

  /** Writes the events (in the given order) in `tx`; answers each one's id and sequence. */
  async emit(tx: EntityManager, events: DomainEvent | readonly DomainEvent[]): Promise<EmittedEvent[]> {
    const list = Array.isArray(events) ? (events as readonly DomainEvent[]) : [events as DomainEvent];
    if (list.length === 0) return [];
    if (!tx.queryRunner?.isTransactionActive) throw new Error('EventOutbox.emit needs the EntityManager of an open transaction');
    const createdAt = this.clock.now();
    const byOrganization = new Map<string, DomainEvent[]>();
    for (const event of list) {
      if (!eventTypeDefinition(event.type)) throw new Error(`unknown event type ${event.type}`);
      const group = byOrganization.get(event.organizationId) ?? [];
      group.push(event);
      byOrganization.set(event.organizationId, group);
    }
    const emitted: EmittedEvent[] = [];
    // Organizations in a fixed order, so two transactions emitting for the same two never deadlock.
    for (const organizationId of [...byOrganization.keys()].sort()) {
      const group = byOrganization.get(organizationId)!;
      const rows = group.map((event, index) => {
        const id = newId();
        const payload = event.payload as Record<string, unknown>;
        return {
          ord: index + 1,
          id,
          type: event.type,
          space_id: typeof payload['spaceId'] === 'string' ? payload['spaceId'] : null,
          site_id: typeof payload['siteId'] === 'string' ? payload['siteId'] : null,
          payload: {
            eventId: id,
            type: event.type,
            organizationId,
            createdAt: createdAt.toISOString(),
            ...(event.actor ? { auth: { userId: event.actor } } : {}),
            ...payload,
          },
        };
      });
      const inserted: { id: string; sequence: string; type: string }[] = await tx.query(EMIT_SQL, [organizationId, rows.length, createdAt, JSON.stringify(rows)]);
      const order = new Map(rows.map((row) => [row.id, row.ord]));
      inserted.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
      for (const row of inserted) emitted.push({ id: row.id, organizationId, sequence: Number(row.sequence), type: row.type });
    }
    return emitted;
  }
}
