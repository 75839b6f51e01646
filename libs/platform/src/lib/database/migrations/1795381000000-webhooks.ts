import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Webhooks and event deliveries (libs/webhooks, issue 22).
 *
 * - `event_subscriptions`: who receives which events of an organization: an admin's webhook
 *   (`kind` webhook) or an integration's installation (`kind` integration, one row per
 *   installation, kept in step by libs/integrations, removed with it by a trigger of
 *   1795382000000-integration-events: this library's entities cannot name integrations'). `cursor` is the organization's event
 *   sequence up to which the dispatcher has handed events to deliveries (or skipped them).
 *   Secrets are sealed (EncryptionKeys), never stored in clear. A removed installation's
 *   subscription is retired rather than deleted: it still receives the events up to
 *   `retire_after_sequence` (its own `installation_deleted`), keeps its delivery log for the
 *   integration's events list, and is pruned with it.
 * - `event_deliveries`: one event (or a ping) for one subscription, with its retry state. At most
 *   one unfinished `event` delivery per subscription: that is what keeps deliveries in order.
 * - `event_delivery_attempts`: every attempt, with its outcome, status, duration and an excerpt of
 *   the answer; an attempt whose worker died is `interrupted`.
 */
export class Webhooks1795381000000 implements MigrationInterface {
  name = 'Webhooks1795381000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE event_subscriptions (
        id text NOT NULL,
        organization_id text NOT NULL,
        kind text NOT NULL,
        url text,
        description text NOT NULL DEFAULT '',
        event_types text[],
        space_ids text[],
        site_ids text[],
        organization_events boolean NOT NULL,
        status text NOT NULL,
        disabled_at timestamp(3) with time zone,
        disabled_reason text,
        secret text,
        previous_secret text,
        previous_secret_expires_at timestamp(3) with time zone,
        cursor bigint NOT NULL,
        retire_after_sequence bigint,
        integration_name text,
        installation_id text,
        created_by text,
        created_at timestamp(3) with time zone NOT NULL,
        updated_at timestamp(3) with time zone NOT NULL,
        CONSTRAINT event_subscriptions_kind_check CHECK (kind IN ('webhook', 'integration')),
        CONSTRAINT event_subscriptions_status_check CHECK (status IN ('active', 'paused', 'disabled')),
        CONSTRAINT event_subscriptions_pkey PRIMARY KEY (id),
        CONSTRAINT event_subscriptions_installation_key UNIQUE (installation_id),
        CONSTRAINT event_subscriptions_organization_fk FOREIGN KEY (organization_id) REFERENCES organizations (id) ON DELETE CASCADE
      )`);
    await db.query(`CREATE INDEX event_subscriptions_list_idx ON event_subscriptions (organization_id, kind, created_at, id)`);
    await db.query(`CREATE INDEX event_subscriptions_active_idx ON event_subscriptions (organization_id) WHERE status = 'active'`);
    await db.query(`CREATE INDEX event_subscriptions_integration_idx ON event_subscriptions (integration_name) WHERE integration_name IS NOT NULL`);

    await db.query(`
      CREATE TABLE event_deliveries (
        id text NOT NULL,
        subscription_id text NOT NULL,
        organization_id text NOT NULL,
        integration_name text,
        kind text NOT NULL,
        event_id text,
        event_sequence bigint,
        event_type text NOT NULL,
        status text NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        retry_base integer NOT NULL DEFAULT 0,
        next_attempt_at timestamp(3) with time zone,
        lease_until timestamp(3) with time zone,
        created_at timestamp(3) with time zone NOT NULL,
        updated_at timestamp(3) with time zone NOT NULL,
        completed_at timestamp(3) with time zone,
        CONSTRAINT event_deliveries_kind_check CHECK (kind IN ('event', 'redelivery', 'ping')),
        CONSTRAINT event_deliveries_status_check CHECK (status IN ('pending', 'succeeded', 'failed')),
        CONSTRAINT event_deliveries_pkey PRIMARY KEY (id),
        CONSTRAINT event_deliveries_subscription_fk FOREIGN KEY (subscription_id) REFERENCES event_subscriptions (id) ON DELETE CASCADE,
        CONSTRAINT event_deliveries_event_fk FOREIGN KEY (event_id) REFERENCES events (id) ON DELETE CASCADE
      )`);
    await db.query(`CREATE INDEX event_deliveries_list_idx ON event_deliveries (subscription_id, created_at, id)`);
    await db.query(`CREATE INDEX event_deliveries_due_idx ON event_deliveries (next_attempt_at) WHERE status = 'pending'`);
    await db.query(`CREATE UNIQUE INDEX event_deliveries_event_key ON event_deliveries (subscription_id, event_id) WHERE kind = 'event'`);
    await db.query(`CREATE INDEX event_deliveries_unfinished_idx ON event_deliveries (subscription_id) WHERE kind = 'event' AND status <> 'succeeded'`);
    await db.query(`CREATE INDEX event_deliveries_integration_idx ON event_deliveries (integration_name, created_at, id) WHERE integration_name IS NOT NULL AND attempts > 0`);
    await db.query(`CREATE INDEX event_deliveries_event_idx ON event_deliveries (event_id)`);
    await db.query(`CREATE INDEX event_deliveries_completed_idx ON event_deliveries (completed_at) WHERE completed_at IS NOT NULL`);

    await db.query(`
      CREATE TABLE event_delivery_attempts (
        delivery_id text NOT NULL,
        number integer NOT NULL,
        subscription_id text NOT NULL,
        url text NOT NULL,
        started_at timestamp(3) with time zone NOT NULL,
        duration_ms integer,
        outcome text,
        status_code integer,
        error text,
        response_excerpt text,
        CONSTRAINT event_delivery_attempts_outcome_check CHECK (outcome IN ('succeeded', 'http_error', 'redirect', 'timeout', 'network', 'refused', 'interrupted')),
        CONSTRAINT event_delivery_attempts_pkey PRIMARY KEY (delivery_id, number),
        CONSTRAINT event_delivery_attempts_delivery_fk FOREIGN KEY (delivery_id) REFERENCES event_deliveries (id) ON DELETE CASCADE
      )`);
    await db.query(`CREATE INDEX event_delivery_attempts_started_idx ON event_delivery_attempts (started_at)`);
    await db.query(`
      CREATE FUNCTION notify_deliveries_requested() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('deliveries_requested', '');
        RETURN NULL;
      END $$`);
    // Deliveries asked for through the api (ping, redeliver) and subscriptions resumed wake the
    // workers; the ordered deliveries the workers make themselves notify nobody.
    await db.query(
      `CREATE TRIGGER event_deliveries_requested AFTER INSERT ON event_deliveries FOR EACH ROW WHEN (NEW.kind <> 'event') EXECUTE FUNCTION notify_deliveries_requested()`,
    );
    await db.query(
      `CREATE TRIGGER event_subscriptions_changed AFTER INSERT OR UPDATE OF status ON event_subscriptions FOR EACH STATEMENT EXECUTE FUNCTION notify_deliveries_requested()`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE event_delivery_attempts`);
    await db.query(`DROP TABLE event_deliveries`);
    await db.query(`DROP TABLE event_subscriptions`);
    await db.query(`DROP FUNCTION notify_deliveries_requested()`);
  }
}
