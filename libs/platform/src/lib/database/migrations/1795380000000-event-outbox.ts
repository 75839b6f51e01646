import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The event outbox (platform, issue 22): every domain writes its events here in the transaction
 * of the change that causes them (`EventOutbox.emit`).
 *
 * - `event_sequences` hands out each organization's next sequence number: the upsert takes the
 *   organization's row lock until the writing transaction ends, so sequences commit in order and
 *   every event at or below a committed `last_sequence` is visible (the dispatcher relies on it).
 * - `events` keeps the payload as delivered (without the recipient's `installationId`/`webhookId`).
 *   No foreign key to spaces or sites: an event outlives what it is about (`space_purged`); none
 *   to organizations either (the platform's entities cannot name identity's).
 * - A statement-level trigger notifies `events_written` on commit, so workers wake at once.
 */
export class EventOutbox1795380000000 implements MigrationInterface {
  name = 'EventOutbox1795380000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE event_sequences (
        organization_id text NOT NULL,
        last_sequence bigint NOT NULL,
        CONSTRAINT event_sequences_pkey PRIMARY KEY (organization_id)
      )`);
    await db.query(`
      CREATE TABLE events (
        id text NOT NULL,
        organization_id text NOT NULL,
        sequence bigint NOT NULL,
        type text NOT NULL,
        space_id text,
        site_id text,
        payload jsonb NOT NULL,
        created_at timestamp(3) with time zone NOT NULL,
        CONSTRAINT events_pkey PRIMARY KEY (id),
        CONSTRAINT events_organization_sequence_key UNIQUE (organization_id, sequence)
      )`);
    await db.query(`CREATE INDEX events_created_idx ON events (created_at)`);
    await db.query(`
      CREATE FUNCTION notify_events_written() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('events_written', '');
        RETURN NULL;
      END $$`);
    await db.query(`CREATE TRIGGER events_written AFTER INSERT ON events FOR EACH STATEMENT EXECUTE FUNCTION notify_events_written()`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TRIGGER events_written ON events`);
    await db.query(`DROP FUNCTION notify_events_written()`);
    await db.query(`DROP TABLE events`);
    await db.query(`DROP TABLE event_sequences`);
  }
}
