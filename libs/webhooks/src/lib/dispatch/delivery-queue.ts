import { Injectable } from '@nestjs/common';
import { preparedStatement, SqlPool } from '@docs/platform';
import type { AttemptOutcome } from '../deliveries/delivery-attempt.entity';
import type { DeliveryKind } from '../deliveries/event-delivery.entity';
import type { SubscriptionKind } from '../subscriptions/event-subscription.entity';

/** A random id made by PostgreSQL (20 characters of [0-9A-Za-z], from gen_random_uuid's 122 random bits). */
const SQL_ID = `left(translate(encode(uuid_send(gen_random_uuid()), 'base64'), '+/=', ''), 20)`;

/**
 * Whether subscription `s` receives event `e` (SQL over those aliases): its types, then its scope.
 * An installation receives the installation events about itself only, whatever their scope; other
 * events by scope: organization events (about no space and no site) when `organization_events`,
 * a space's or a site's when its list is null (all) or names it.
 */
const RECEIVES = `(s.event_types IS NULL OR e.type = ANY (s.event_types))
  AND CASE WHEN s.kind = 'integration' AND e.payload ? 'installationId'
           THEN e.payload ->> 'installationId' = s.installation_id
           ELSE (e.space_id IS NULL AND e.site_id IS NULL AND s.organization_events)
             OR (e.space_id IS NOT NULL AND (s.space_ids IS NULL OR e.space_id = ANY (s.space_ids)))
             OR (e.site_id IS NOT NULL AND (s.site_ids IS NULL OR e.site_id = ANY (s.site_ids)))
      END`;

/**
 * The next event of each subscription in `candidates`' FROM: the first committed event after its
 * cursor that it receives, or none (`event_id` null: the cursor then moves to the organization's
 * last sequence). Every event at or below a committed `last_sequence` is visible (see
 * EventOutbox), so none is skipped; a retired subscription stops at its `retire_after_sequence`.
 */
const NEXT_EVENT = `JOIN LATERAL (SELECT LEAST(q.last_sequence, COALESCE(s.retire_after_sequence, q.last_sequence)) AS last_sequence
                      FROM event_sequences q WHERE q.organization_id = s.organization_id) q ON q.last_sequence > s.cursor
       LEFT JOIN LATERAL (
         SELECT e.id, e.sequence, e.type FROM events e
          WHERE e.organization_id = s.organization_id AND e.sequence > s.cursor AND e.sequence <= q.last_sequence AND ${RECEIVES}
          ORDER BY e.sequence LIMIT 1
       ) nxt ON true`;

/**
 * Hands each active subscription without an unfinished ordered delivery (the head of its order)
 * its next event, as a delivery due now ($1), and moves its cursor. Lock-free and safe under
 * concurrency (other workers, a subscription's own slot): two statements that see the same cursor
 * pick the same event, and the unique (subscription, event) index lets one insert it; a statement
 * that sees a newer state finds the unfinished delivery and does nothing; the cursor only moves
 * forward (GREATEST over the row's latest version).
 */
const ADVANCE = preparedStatement(
  'webhooks_advance',
  `WITH candidates AS (
     SELECT s.id, s.organization_id, s.integration_name, q.last_sequence, nxt.id AS event_id, nxt.sequence, nxt.type
       FROM event_subscriptions s
       ${NEXT_EVENT}
      WHERE s.status = 'active'
        AND NOT EXISTS (SELECT 1 FROM event_deliveries d WHERE d.subscription_id = s.id AND d.kind = 'event' AND d.status <> 'succeeded')
      LIMIT 1000
   ), inserted AS (
     INSERT INTO event_deliveries (id, subscription_id, organization_id, integration_name, kind, event_id, event_sequence, event_type, status, attempts, retry_base, next_attempt_at, created_at, updated_at)
     SELECT ${SQL_ID}, c.id, c.organization_id, c.integration_name, 'event', c.event_id, c.sequence, c.type, 'pending', 0, 0, $1, $1, $1
       FROM candidates c WHERE c.event_id IS NOT NULL
     ON CONFLICT (subscription_id, event_id) WHERE kind = 'event' DO NOTHING
     RETURNING subscription_id
   ), moved AS (
     UPDATE event_subscriptions s SET cursor = GREATEST(s.cursor, COALESCE(c.sequence, c.last_sequence))
       FROM candidates c WHERE s.id = c.id
   )
   SELECT count(*)::int AS handed FROM inserted`,
);

/**
 * Takes up to $3 due deliveries: pending, their time come, no live lease (a lease past its end
 * means its worker died), and for ordered ones an active subscription. Each gets a lease until $2
 * and a new attempt row (the unfinished one of a dead worker becomes `interrupted`); the answer
 * carries what sending needs. $1: now; $4: deliveries this worker has in hand (never taken twice).
 */
const CLAIM = preparedStatement(
  'webhooks_claim',
  `WITH due AS (
     SELECT d.id FROM event_deliveries d JOIN event_subscriptions s ON s.id = d.subscription_id
      WHERE d.status = 'pending' AND d.next_attempt_at <= $1 AND (d.lease_until IS NULL OR d.lease_until <= $1)
        AND (d.kind <> 'event' OR s.status = 'active') AND NOT (d.id = ANY ($4::text[]))
      ORDER BY d.next_attempt_at, d.id
      LIMIT $3
      FOR UPDATE OF d SKIP LOCKED
   ), claimed AS (
     UPDATE event_deliveries d SET attempts = d.attempts + 1, lease_until = $2, updated_at = $1
       FROM due WHERE d.id = due.id
     RETURNING d.id, d.kind, d.attempts, d.retry_base, d.subscription_id, d.organization_id, d.event_id, d.event_type, d.created_at
   ), interrupted AS (
     UPDATE event_delivery_attempts a SET outcome = 'interrupted', error = 'The worker making this attempt stopped before it ended.'
       FROM claimed c WHERE a.delivery_id = c.id AND a.outcome IS NULL
   ), started AS (
     INSERT INTO event_delivery_attempts (delivery_id, number, subscription_id, url, started_at)
     SELECT c.id, c.attempts, c.subscription_id, COALESCE(s.url, ''), $1 FROM claimed c JOIN event_subscriptions s ON s.id = c.subscription_id
   )
   SELECT c.id, c.kind, c.attempts, c.retry_base, c.subscription_id, c.organization_id, c.event_id, c.event_type, c.created_at,
          s.kind AS subscription_kind, s.url, s.secret, s.previous_secret, s.previous_secret_expires_at, s.installation_id, e.payload
     FROM claimed c
     JOIN event_subscriptions s ON s.id = c.subscription_id
     LEFT JOIN events e ON e.id = c.event_id`,
);

/**
 * The attempt's record (whoever holds the delivery now: a late result is still the truth of that
 * attempt), as a CTE of each completion. $1: delivery; $2: attempt number; $3..$7: duration,
 * outcome, status, error, excerpt.
 */
const FINISH_ATTEMPT = `finished AS (
     UPDATE event_delivery_attempts SET duration_ms = $3, outcome = $4, status_code = $5, error = $6, response_excerpt = $7
      WHERE delivery_id = $1 AND number = $2
   )`;

/** The delivery succeeded, if this worker still holds it. $8: now. */
const SUCCEED = preparedStatement(
  'webhooks_succeed',
  `WITH ${FINISH_ATTEMPT}
   UPDATE event_deliveries SET status = 'succeeded', lease_until = NULL, next_attempt_at = NULL, completed_at = $8, updated_at = $8
    WHERE id = $1 AND attempts = $2 AND status = 'pending'`,
);

/** Another attempt at $9. $8: now. */
const RETRY = preparedStatement(
  'webhooks_retry',
  `WITH ${FINISH_ATTEMPT}
   UPDATE event_deliveries SET lease_until = NULL, next_attempt_at = $9, updated_at = $8
    WHERE id = $1 AND attempts = $2 AND status = 'pending'`,
);

/** No attempt left; an ordered delivery's subscription is disabled with it ($9: why). $8: now. */
const GIVE_UP = preparedStatement(
  'webhooks_give_up',
  `WITH ${FINISH_ATTEMPT}, failed AS (
     UPDATE event_deliveries SET status = 'failed', lease_until = NULL, next_attempt_at = NULL, completed_at = $8, updated_at = $8
      WHERE id = $1 AND attempts = $2 AND status = 'pending'
     RETURNING subscription_id, kind
   )
   UPDATE event_subscriptions s SET status = 'disabled', disabled_at = $8, disabled_reason = $9, updated_at = $8
     FROM failed f WHERE s.id = f.subscription_id AND f.kind = 'event' AND s.status = 'active'
   RETURNING s.id`,
);

/**
 * Ordered deliveries succeeded (each if this worker still holds it: $1 ids, $2 attempt numbers,
 * $3..$7 the attempts' duration, outcome, status, error, excerpt, in the same order) and, in the
 * same statement, each one's subscription gets its next event as a delivery already claimed
 * (leased until $9, its first attempt started). One round trip for a whole batch of successes:
 * the subscriptions of one event's fan-out go on together. A batch holds at most one delivery per
 * subscription (a subscription has one unfinished ordered delivery at a time). Nothing is handed
 * out for a success that did not apply (the lease was lost). A delivery that succeeds here was its
 * subscription's head, so no other unfinished one exists: ADVANCE hands out none while a head is
 * unfinished, and a statement that saw an older state picks an event the unique (subscription,
 * event) index already holds. $8: now; $10: the subscriptions.
 *
 * Planned at each execution, not prepared, and with `= ANY` beside its joins: its tables grow by
 * thousands of rows a second while a backlog drains, faster than autovacuum's statistics, and a
 * plan kept from when they were small scanned them whole (a head check that walked every delivery
 * of the subscription, a sequential scan of the attempts: about 440 deliveries a second instead
 * of 1,500). Planning costs a fraction of a millisecond, once per batch.
 */
const SUCCEED_AND_NEXT = `WITH results AS (
     SELECT * FROM unnest($1::text[], $2::int[], $3::int[], $4::text[], $5::int[], $6::text[], $7::text[])
       AS r(delivery_id, number, duration_ms, outcome, status_code, error, response_excerpt)
   ), finished AS (
     UPDATE event_delivery_attempts a
        SET duration_ms = r.duration_ms, outcome = r.outcome, status_code = r.status_code, error = r.error, response_excerpt = r.response_excerpt
       FROM results r WHERE a.delivery_id = ANY ($1::text[]) AND a.delivery_id = r.delivery_id AND a.number = r.number
   ), succeeded AS (
     UPDATE event_deliveries d SET status = 'succeeded', lease_until = NULL, next_attempt_at = NULL, completed_at = $8, updated_at = $8
       FROM results r WHERE d.id = ANY ($1::text[]) AND d.id = r.delivery_id AND d.attempts = r.number AND d.status = 'pending'
     RETURNING d.id, d.subscription_id
   ), candidates AS (
     SELECT s.id, s.organization_id, s.integration_name, q.last_sequence, nxt.id AS event_id, nxt.sequence, nxt.type
       FROM succeeded done
       JOIN event_subscriptions s ON s.id = done.subscription_id
       ${NEXT_EVENT}
      WHERE s.id = ANY ($10::text[]) AND s.status = 'active'
   ), inserted AS (
     INSERT INTO event_deliveries (id, subscription_id, organization_id, integration_name, kind, event_id, event_sequence, event_type, status, attempts, retry_base, next_attempt_at, lease_until, created_at, updated_at)
     SELECT ${SQL_ID}, c.id, c.organization_id, c.integration_name, 'event', c.event_id, c.sequence, c.type, 'pending', 1, 0, $8, $9, $8, $8
       FROM candidates c WHERE c.event_id IS NOT NULL
     ON CONFLICT (subscription_id, event_id) WHERE kind = 'event' DO NOTHING
     RETURNING id, kind, attempts, retry_base, subscription_id, organization_id, event_id, event_type, created_at
   ), started AS (
     INSERT INTO event_delivery_attempts (delivery_id, number, subscription_id, url, started_at)
     SELECT i.id, 1, i.subscription_id, COALESCE(s.url, ''), $8 FROM inserted i JOIN event_subscriptions s ON s.id = i.subscription_id
   ), moved AS (
     UPDATE event_subscriptions s SET cursor = GREATEST(s.cursor, COALESCE(c.sequence, c.last_sequence))
       FROM candidates c WHERE s.id = c.id
   )
   SELECT i.id, i.kind, i.attempts, i.retry_base, i.subscription_id, i.organization_id, i.event_id, i.event_type, i.created_at,
          s.kind AS subscription_kind, s.url, s.secret, s.previous_secret, s.previous_secret_expires_at, s.installation_id, e.payload
     FROM inserted i
     JOIN event_subscriptions s ON s.id = i.subscription_id
     JOIN events e ON e.id = i.event_id`;

/** Lets another worker take a delivery at once (this one is shutting down). */
const RELEASE = preparedStatement(
  'webhooks_release',
  `WITH released AS (
     UPDATE event_deliveries SET lease_until = NULL, updated_at = $3 WHERE id = $1 AND attempts = $2 AND status = 'pending' RETURNING id
   )
   UPDATE event_delivery_attempts a SET outcome = 'interrupted', error = 'The worker shut down before the attempt ended.'
     FROM released r WHERE a.delivery_id = r.id AND a.number = $2 AND a.outcome IS NULL`,
);

export interface ClaimedDelivery {
  id: string;
  kind: DeliveryKind;
  /** This attempt's number. */
  attempt: number;
  /** Attempts made before the current retry schedule began. */
  retryBase: number;
  subscriptionId: string;
  organizationId: string;
  eventId: string | null;
  eventType: string;
  createdAt: Date;
  subscription: {
    kind: SubscriptionKind;
    url: string | null;
    secret: string | null;
    previousSecret: string | null;
    previousSecretExpiresAt: Date | null;
    installationId: string | null;
  };
  /** The stored event (null for a ping, or an event pruned meanwhile). */
  payload: Record<string, unknown> | null;
}

export interface AttemptResult {
  outcome: AttemptOutcome;
  durationMs: number;
  statusCode: number | null;
  error: string | null;
  responseExcerpt: string | null;
}

/** The delivery tables as the dispatcher moves them: every statement one round trip, all but the batch of successes prepared. */
@Injectable()
export class DeliveryQueue {
  constructor(private readonly sql: SqlPool) {}

  /** Hands out the next event of every subscription that can take one (ADVANCE); answers how many got a delivery. */
  async advance(now: Date): Promise<number> {
    const [row] = await this.sql.rows<{ handed: number }>(ADVANCE, [now]);
    return row?.handed ?? 0;
  }

  /**
   * Deliveries of ordered subscriptions succeeded: records them and hands each subscription its next
   * event already claimed (leased until `leaseUntil`), so the caller sends it at once. One statement
   * for the whole batch; answers the next deliveries by subscription id.
   */
  async succeedAndTakeNext(successes: { delivery: ClaimedDelivery; result: AttemptResult }[], now: Date, leaseUntil: Date): Promise<Map<string, ClaimedDelivery>> {
    const rows = await this.sql.rowsPlannedEachTime<Record<string, any>>(SUCCEED_AND_NEXT, [
      successes.map((s) => s.delivery.id),
      successes.map((s) => s.delivery.attempt),
      successes.map((s) => s.result.durationMs),
      successes.map((s) => s.result.outcome),
      successes.map((s) => s.result.statusCode),
      successes.map((s) => s.result.error),
      successes.map((s) => s.result.responseExcerpt),
      now,
      leaseUntil,
      successes.map((s) => s.delivery.subscriptionId),
    ]);
    return new Map(rows.map((row) => [row.subscription_id as string, claimedFrom(row)]));
  }

  async claim(now: Date, leaseUntil: Date, limit: number, inHand: string[] = []): Promise<ClaimedDelivery[]> {
    return (await this.sql.rows<Record<string, any>>(CLAIM, [now, leaseUntil, limit, inHand])).map(claimedFrom);
  }

  async succeed(delivery: ClaimedDelivery, result: AttemptResult, now: Date): Promise<void> {
    await this.sql.rows(SUCCEED, [...this.finished(delivery, result), now]);
  }

  async retry(delivery: ClaimedDelivery, result: AttemptResult, at: Date, now: Date): Promise<void> {
    await this.sql.rows(RETRY, [...this.finished(delivery, result), now, at]);
  }

  /** Answers whether a subscription was disabled by it. */
  async giveUp(delivery: ClaimedDelivery, result: AttemptResult, now: Date, reason: string): Promise<boolean> {
    return (await this.sql.rows(GIVE_UP, [...this.finished(delivery, result), now, reason])).length > 0;
  }

  private finished(delivery: ClaimedDelivery, result: AttemptResult): unknown[] {
    return [delivery.id, delivery.attempt, result.durationMs, result.outcome, result.statusCode, result.error, result.responseExcerpt];
  }

  async release(delivery: ClaimedDelivery, now: Date): Promise<void> {
    await this.sql.rows(RELEASE, [delivery.id, delivery.attempt, now]);
  }
}

function claimedFrom(row: Record<string, any>): ClaimedDelivery {
  return {
    id: row.id,
    kind: row.kind,
    attempt: row.attempts,
    retryBase: row.retry_base,
    subscriptionId: row.subscription_id,
    organizationId: row.organization_id,
    eventId: row.event_id,
    eventType: row.event_type,
    createdAt: row.created_at,
    subscription: {
      kind: row.subscription_kind,
      url: row.url,
      secret: row.secret,
      previousSecret: row.previous_secret,
      previousSecretExpiresAt: row.previous_secret_expires_at,
      installationId: row.installation_id,
    },
    payload: row.payload,
  };
}
