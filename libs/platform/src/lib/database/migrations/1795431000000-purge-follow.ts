import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What a space removed for good leaves in the event side (issue 20 meets issue 22):
 * - `events_space_idx`: the purge deletes the space's events (`events.space_id`) in bounded
 *   statements, which needs an index (the outbox keeps EVENT_RETENTION_DAYS of every
 *   organization's events);
 * - webhook and integration subscriptions filtered by space or site lose the id of a space or a
 *   site deleted for good (a trigger, whatever deletes the row): a stale id would make every later
 *   `PATCH` of the webhook a 404 naming it. A webhook whose filter that empties is disabled, with
 *   its reason: an empty filter reads as "everything" in the API, and it asked for that space only.
 */
export class PurgeFollow1795431000000 implements MigrationInterface {
  name = 'PurgeFollow1795431000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE INDEX events_space_idx ON events (space_id)`);
    await db.query(forgetFunction('space', 'site'));
    await db.query(forgetFunction('site', 'space'));
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

/** The trigger function that takes a deleted space's (or site's) id out of subscriptions' filters. */
function forgetFunction(kind: 'space' | 'site', other: 'space' | 'site'): string {
  return `
    CREATE FUNCTION event_subscriptions_forget_${kind}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      WITH changed AS (
        SELECT id, array_remove(${kind}_ids, OLD.id) AS rest,
               kind = 'webhook' AND status <> 'disabled' AND NOT organization_events
                 AND cardinality(array_remove(${kind}_ids, OLD.id)) = 0 AND coalesce(cardinality(${other}_ids), 0) = 0 AS emptied
          FROM event_subscriptions WHERE organization_id = OLD.organization_id AND OLD.id = ANY (${kind}_ids))
      UPDATE event_subscriptions s
         SET ${kind}_ids = c.rest, updated_at = now(),
             status = CASE WHEN c.emptied THEN 'disabled' ELSE s.status END,
             disabled_at = CASE WHEN c.emptied THEN now() ELSE s.disabled_at END,
             disabled_reason = CASE WHEN c.emptied THEN 'Every space and site it was filtered by was deleted for good.' ELSE s.disabled_reason END
        FROM changed c WHERE s.id = c.id;
      RETURN NULL;
    END
    $$`;
}
