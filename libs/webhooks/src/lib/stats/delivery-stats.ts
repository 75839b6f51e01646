import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { DeliveryKind, DeliveryStatus } from '../deliveries/event-delivery.entity';
import type { SubscriptionKind, SubscriptionStatus } from '../subscriptions/event-subscription.entity';

/** Where one subscription stands. */
export interface SubscriptionStanding {
  id: string;
  organizationId: string;
  kind: SubscriptionKind;
  /** The integration, for an installation's subscription. */
  integrationName: string | null;
  url: string | null;
  status: SubscriptionStatus;
  /** Deliveries waiting for an attempt (retries included). */
  pending: number;
  /** Events of the organization the dispatcher has not looked at for it yet (some may not be for it). */
  eventsBehind: number;
  /** Age of the oldest event it has not received: the delivery lag (0 when caught up). */
  lagSeconds: number;
  /** Successful deliveries over the window. */
  delivered: number;
  /** Failed attempts over the window. */
  failedAttempts: number;
}

export interface DeliverySummary {
  windowSeconds: number;
  /** Successful deliveries per second over the window, every subscription together. */
  deliveredPerSecond: number;
  /** Attempts over the window by outcome. */
  attempts: Record<string, number>;
  /** Mean time from an event's write to its successful delivery over the window (ordered deliveries). */
  meanLagSeconds: number | null;
  subscriptions: SubscriptionStanding[];
}

export interface RecentDelivery {
  id: string;
  subscriptionId: string;
  organizationId: string;
  kind: DeliveryKind;
  eventType: string;
  eventSequence: number | null;
  status: DeliveryStatus;
  attempts: number;
  createdAt: Date;
  completedAt: Date | null;
  nextAttemptAt: Date | null;
  lastOutcome: string | null;
  lastStatusCode: number | null;
  lastError: string | null;
}

/**
 * Throughput and lag of deliveries, read from the database (so every worker's work counts, and
 * the CLI sees it without one): what `npm run cli -- webhooks ...` prints and the gauges a
 * metrics endpoint reads.
 */
@Injectable()
export class DeliveryStats {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async summary(options: { now: Date; windowSeconds?: number; organizationId?: string }): Promise<DeliverySummary> {
    const windowSeconds = options.windowSeconds ?? 300;
    const since = new Date(options.now.getTime() - windowSeconds * 1000);
    const org = options.organizationId ?? null;
    const outcomes: { outcome: string | null; count: number }[] = await this.dataSource.query(
      `SELECT a.outcome, count(*)::int AS count FROM event_delivery_attempts a
         JOIN event_subscriptions s ON s.id = a.subscription_id
        WHERE a.started_at >= $1 AND ($2::text IS NULL OR s.organization_id = $2)
        GROUP BY a.outcome`,
      [since, org],
    );
    const [lag]: { mean: number | null }[] = await this.dataSource.query(
      `SELECT avg(extract(epoch FROM d.completed_at - e.created_at))::float8 AS mean
         FROM event_deliveries d JOIN events e ON e.id = d.event_id
        WHERE d.completed_at >= $1 AND d.status = 'succeeded' AND d.kind = 'event' AND ($2::text IS NULL OR d.organization_id = $2)`,
      [since, org],
    );
    const rows: Record<string, any>[] = await this.dataSource.query(
      `SELECT s.id, s.organization_id, s.kind, s.integration_name, s.url, s.status,
              (SELECT count(*)::int FROM event_deliveries d WHERE d.subscription_id = s.id AND d.status = 'pending') AS pending,
              GREATEST(COALESCE(q.last_sequence, 0) - s.cursor, 0)::int AS events_behind,
              LEAST(
                (SELECT min(e.created_at) FROM event_deliveries d JOIN events e ON e.id = d.event_id
                  WHERE d.subscription_id = s.id AND d.kind = 'event' AND d.status <> 'succeeded'),
                (SELECT e.created_at FROM events e WHERE e.organization_id = s.organization_id AND e.sequence > s.cursor ORDER BY e.sequence LIMIT 1)
              ) AS oldest_undelivered,
              (SELECT count(*)::int FROM event_deliveries d WHERE d.subscription_id = s.id AND d.status = 'succeeded' AND d.completed_at >= $1) AS delivered,
              (SELECT count(*)::int FROM event_delivery_attempts a
                WHERE a.subscription_id = s.id AND a.started_at >= $1 AND a.outcome IS NOT NULL AND a.outcome <> 'succeeded') AS failed_attempts
         FROM event_subscriptions s
         LEFT JOIN event_sequences q ON q.organization_id = s.organization_id
        WHERE $2::text IS NULL OR s.organization_id = $2
        ORDER BY s.organization_id, s.kind DESC, s.created_at, s.id`,
      [since, org],
    );
    const attempts: Record<string, number> = {};
    let succeeded = 0;
    for (const row of outcomes) {
      attempts[row.outcome ?? 'running'] = row.count;
      if (row.outcome === 'succeeded') succeeded = row.count;
    }
    return {
      windowSeconds,
      deliveredPerSecond: succeeded / windowSeconds,
      attempts,
      meanLagSeconds: lag?.mean ?? null,
      subscriptions: rows.map((row) => ({
        id: row.id,
        organizationId: row.organization_id,
        kind: row.kind,
        integrationName: row.integration_name,
        url: row.url,
        status: row.status,
        pending: row.pending,
        eventsBehind: row.events_behind,
        lagSeconds: row.oldest_undelivered ? Math.max(0, (options.now.getTime() - new Date(row.oldest_undelivered).getTime()) / 1000) : 0,
        delivered: row.delivered,
        failedAttempts: row.failed_attempts,
      })),
    };
  }

  /** The latest deliveries, newest first, with their last attempt. */
  async recent(options: { organizationId?: string; subscriptionId?: string; status?: DeliveryStatus; limit: number }): Promise<RecentDelivery[]> {
    const rows: Record<string, any>[] = await this.dataSource.query(
      `SELECT d.*, a.outcome AS last_outcome, a.status_code AS last_status_code, a.error AS last_error
         FROM event_deliveries d
         LEFT JOIN LATERAL (SELECT * FROM event_delivery_attempts a WHERE a.delivery_id = d.id ORDER BY a.number DESC LIMIT 1) a ON true
        WHERE ($1::text IS NULL OR d.organization_id = $1) AND ($2::text IS NULL OR d.subscription_id = $2) AND ($3::text IS NULL OR d.status = $3)
        ORDER BY d.created_at DESC, d.id DESC
        LIMIT $4`,
      [options.organizationId ?? null, options.subscriptionId ?? null, options.status ?? null, options.limit],
    );
    return rows.map((row) => ({
      id: row.id,
      subscriptionId: row.subscription_id,
      organizationId: row.organization_id,
      kind: row.kind,
      eventType: row.event_type,
      eventSequence: row.event_sequence === null ? null : Number(row.event_sequence),
      status: row.status,
      attempts: row.attempts,
      createdAt: row.created_at,
      completedAt: row.completed_at,
      nextAttemptAt: row.next_attempt_at,
      lastOutcome: row.last_outcome,
      lastStatusCode: row.last_status_code,
      lastError: row.last_error,
    }));
  }
}
