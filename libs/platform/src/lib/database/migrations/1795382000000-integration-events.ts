import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Integration events (libs/integrations, issue 22): what a published integration receives.
 * `events` are the reference event types it listed, `events_url` where they are POSTed, and the
 * signing secret (sealed by EncryptionKeys: the ciphertext only) with the one it replaced, which
 * still signs for 24 hours after a publication changes it.
 */
export class IntegrationEvents1795382000000 implements MigrationInterface {
  name = 'IntegrationEvents1795382000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE integrations
        ADD COLUMN events text[] NOT NULL DEFAULT '{}',
        ADD COLUMN events_url text,
        ADD COLUMN events_secret text,
        ADD COLUMN events_previous_secret text,
        ADD COLUMN events_previous_secret_expires_at timestamp(3) with time zone`);
    // libs/webhooks cannot declare a foreign key to installations (it may not import this
    // library): an installation's event subscription goes with it here, however it is removed,
    // unless libs/integrations retired it first (to deliver its installation_deleted event).
    await db.query(`
      CREATE FUNCTION delete_installation_subscription() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM event_subscriptions WHERE installation_id = OLD.id AND retire_after_sequence IS NULL;
        RETURN NULL;
      END $$`);
    await db.query(
      `CREATE TRIGGER integration_installations_subscription AFTER DELETE ON integration_installations FOR EACH ROW EXECUTE FUNCTION delete_installation_subscription()`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TRIGGER integration_installations_subscription ON integration_installations`);
    await db.query(`DROP FUNCTION delete_installation_subscription()`);
    await db.query(`
      ALTER TABLE integrations
        DROP COLUMN events, DROP COLUMN events_url, DROP COLUMN events_secret,
        DROP COLUMN events_previous_secret, DROP COLUMN events_previous_secret_expires_at`);
  }
}
