import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Content: exact counts of live spaces without counting them on every page (libs/content).
 *
 * `space_counts` holds, per organization, parent collection ('' for the top level) and default
 * level ('' for NULL), how many live spaces there are. Every count a space list answers (an
 * organization's, a collection's, a member's, Member.spaces) is a sum over these groups, chosen
 * by the permission rule in code: a handful of rows per collection, however many spaces.
 *
 * A statement-level trigger keeps it in the same transaction as the writes to `spaces`,
 * whatever issues them (TypeORM, hand-written SQL, `ON DELETE` actions of foreign keys): it
 * sums the changed rows by group from the transition tables, so a bulk statement costs one
 * upsert per group, and groups that reach zero are removed. Upserts go in group order, so two
 * writers touching the same groups lock them in the same order. (No CHECK (live >= 0): the row an
 * upsert proposes carries the delta, negative when spaces leave a group, and PostgreSQL checks it
 * before it finds the conflict.)
 */
export class SpaceCounts1795254000000 implements MigrationInterface {
  name = 'SpaceCounts1795254000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE space_counts (
        organization_id text NOT NULL,
        parent_key text NOT NULL,
        default_level text NOT NULL,
        live integer NOT NULL,
        CONSTRAINT space_counts_pkey PRIMARY KEY (organization_id, parent_key, default_level)
      )`);
    // The groups a set of rows adds to (+1 each) or takes from (-1 each), live rows only.
    const delta = (rows: string, sign: 1 | -1) =>
      `SELECT organization_id, COALESCE(parent_id, '') AS parent_key, COALESCE(default_level, '') AS default_level, ${sign} AS delta
         FROM ${rows} WHERE deleted_at IS NULL`;
    const apply = (deltas: string, touched: string) => `
          INSERT INTO space_counts AS c (organization_id, parent_key, default_level, live)
          SELECT d.organization_id, d.parent_key, d.default_level, sum(d.delta)::int FROM (${deltas}) d
           GROUP BY 1, 2, 3 HAVING sum(d.delta) <> 0 ORDER BY 1, 2, 3
          ON CONFLICT (organization_id, parent_key, default_level) DO UPDATE SET live = c.live + EXCLUDED.live;
          DELETE FROM space_counts c WHERE c.live = 0 AND c.organization_id IN (SELECT organization_id FROM ${touched});`;
    await db.query(`
      CREATE FUNCTION space_counts_follow() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN${apply(delta('new_rows', 1), 'new_rows')}
        ELSIF TG_OP = 'DELETE' THEN${apply(delta('old_rows', -1), 'old_rows')}
        ELSE${apply(`${delta('new_rows', 1)} UNION ALL ${delta('old_rows', -1)}`, 'old_rows')}
        END IF;
        RETURN NULL;
      END
      $$`);
    // Transition tables allow one event per trigger.
    await db.query(
      `CREATE TRIGGER spaces_counts_insert AFTER INSERT ON spaces REFERENCING NEW TABLE AS new_rows
         FOR EACH STATEMENT EXECUTE FUNCTION space_counts_follow()`,
    );
    await db.query(
      `CREATE TRIGGER spaces_counts_update AFTER UPDATE ON spaces REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
         FOR EACH STATEMENT EXECUTE FUNCTION space_counts_follow()`,
    );
    await db.query(
      `CREATE TRIGGER spaces_counts_delete AFTER DELETE ON spaces REFERENCING OLD TABLE AS old_rows
         FOR EACH STATEMENT EXECUTE FUNCTION space_counts_follow()`,
    );
    await db.query(`
      INSERT INTO space_counts (organization_id, parent_key, default_level, live)
      SELECT organization_id, COALESCE(parent_id, ''), COALESCE(default_level, ''), count(*)::int
        FROM spaces WHERE deleted_at IS NULL
       GROUP BY 1, 2, 3`);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const event of ['insert', 'update', 'delete']) await db.query(`DROP TRIGGER spaces_counts_${event} ON spaces`);
    await db.query(`DROP FUNCTION space_counts_follow()`);
    await db.query(`DROP TABLE space_counts`);
  }
}
