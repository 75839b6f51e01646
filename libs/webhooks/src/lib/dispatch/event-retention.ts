import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, AppConfig, DAY_MS, preparedStatement, SqlPool } from '@docs/platform';

/** How often a worker prunes (each pass removes at most BATCH rows of each kind). */
const PRUNE_EVERY_MS = 3_600_000;
const BATCH = 5000;

/** Finished deliveries (and their attempts) older than the retention period. */
const PRUNE_DELIVERIES = preparedStatement(
  'webhooks_prune_deliveries',
  `DELETE FROM event_deliveries WHERE id IN (
     SELECT id FROM event_deliveries WHERE completed_at IS NOT NULL AND completed_at < $1 LIMIT ${BATCH})`,
);

/**
 * Events older than the retention period that every subscription of their organization is past
 * (its cursor beyond them) and that no delivery still names: a paused or disabled subscription
 * keeps its undelivered events, however old.
 */
const PRUNE_EVENTS = preparedStatement(
  'webhooks_prune_events',
  `DELETE FROM events WHERE id IN (
     SELECT e.id FROM events e
      WHERE e.created_at < $1
        AND NOT EXISTS (SELECT 1 FROM event_subscriptions s WHERE s.organization_id = e.organization_id AND s.cursor < e.sequence
                          AND (s.retire_after_sequence IS NULL OR e.sequence <= s.retire_after_sequence))
        AND NOT EXISTS (SELECT 1 FROM event_deliveries d WHERE d.event_id = e.id)
      LIMIT ${BATCH})`,
);

/** Retired subscriptions (removed installations) that have received their last event and have no delivery left. */
const PRUNE_RETIRED = preparedStatement(
  'webhooks_prune_retired',
  `DELETE FROM event_subscriptions s WHERE s.retire_after_sequence IS NOT NULL AND s.cursor >= s.retire_after_sequence
      AND NOT EXISTS (SELECT 1 FROM event_deliveries d WHERE d.subscription_id = s.id)`,
);

/** Keeps the outbox and the delivery log to `EVENT_RETENTION_DAYS` (run by the dispatcher, at most hourly). */
@Injectable()
export class EventRetention {
  private readonly logger = new Logger('EventRetention');
  private readonly retentionMs: number;
  private lastRun = 0;

  constructor(
    private readonly sql: SqlPool,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.retentionMs = config.webhooks.retentionDays * DAY_MS;
  }

  async maybePrune(now: Date): Promise<void> {
    if (Date.now() - this.lastRun < PRUNE_EVERY_MS) return;
    this.lastRun = Date.now();
    await this.prune(now);
  }

  /** Answers how many deliveries, events and retired subscriptions it removed. */
  async prune(now: Date): Promise<{ deliveries: number; events: number; subscriptions: number }> {
    const cutoff = new Date(now.getTime() - this.retentionMs);
    const deliveries = (await this.sql.raw.query({ name: PRUNE_DELIVERIES.name, text: PRUNE_DELIVERIES.text, values: [cutoff] })).rowCount ?? 0;
    const events = (await this.sql.raw.query({ name: PRUNE_EVENTS.name, text: PRUNE_EVENTS.text, values: [cutoff] })).rowCount ?? 0;
    const subscriptions = (await this.sql.raw.query({ name: PRUNE_RETIRED.name, text: PRUNE_RETIRED.text })).rowCount ?? 0;
    if (deliveries + events + subscriptions > 0) this.logger.log({ deliveries, events, subscriptions }, 'pruned old deliveries, events and retired subscriptions');
    return { deliveries, events, subscriptions };
  }
}
