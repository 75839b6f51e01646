import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What a space removed for good leaves in the event side (issue 20 meets issue 22):
 * - `events_space_idx`: the purge deletes the space's events (`events.space_id`) in bounded
 *   statements, which needs an index (the outbox keeps EVENT_RETENTION_DAYS of every
 *   organization's events);
 * - webhook and integration subscriptions filtered by space or site lose the id of a space or a
 *   site that is deleted for good (a trigger, whatever deletes the row). An emptied filter then
 *   matches no space or site event, as the subscription asked, rather than all of them (null).
 */
export class PurgeFollow1795431000000 implements MigrationInterface {
  name = 'PurgeFollow1795431000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE INDEX events_space_idx ON events (space_id)`);
    await db.query(`
      CREATE FUNCTION event_subscriptions_forget_space() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE event_subscriptions SET space_ids = array_remove(space_ids, OLD.id)
         WHERE organization_id = OLD.organization_id AND OLD.id = ANY (space_ids);
        RETURN NULL;
      END
      $$`);
    await db.query(`
      CREATE FUNCTION event_subscriptions_forget_site() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE event_subscriptions SET site_ids = array_remove(site_ids, OLD.id)
         WHERE organization_id = OLD.organization_id AND OLD.id = ANY (site_ids);
        RETURN NULL;
      END
      $$`);
    await db.query(`CREATE TRIGGER spaces_forget_in_subscriptions AFTER DELETE ON spaces FOR EACH ROW EXECUTE FUNCTION event_subscriptions_forget_space()`);
    await db.query(`CREATE TRIGGER sites_forget_in_subscriptions AFTER DELETE ON sites FOR EACH ROW EXECUTE FUNCTION event_subscriptions_forget_site()`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TRIGGER sites_forget_in_subscriptions ON sites`);
    await db.query(`DROP TRIGGER spaces_forget_in_subscriptions ON spaces`);
    await db.query(`DROP FUNCTION event_subscriptions_forget_site()`);
    await db.query(`DROP FUNCTION event_subscriptions_forget_space()`);
    await db.query(`DROP INDEX events_space_idx`);
  }
}
