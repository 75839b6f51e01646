import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every request of a member reads the grants reaching them (their own by `user_id`, their teams'
 * by `team_id`: grants-sql.ts). The two lookup indexes now carry what those reads select
 * (`space_id`, `collection_id`, `role`), so they are index-only scans instead of a heap visit per
 * grant (the space list with 1,000 grants and 100 teams, docs/performance.md).
 */
export class ContentGrantsCovering1795487000000 implements MigrationInterface {
  name = 'ContentGrantsCovering1795487000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX content_grants_user_idx`);
    await db.query(`DROP INDEX content_grants_team_idx`);
    await db.query(`CREATE INDEX content_grants_user_idx ON content_grants (user_id, organization_id) INCLUDE (space_id, collection_id, role) WHERE user_id IS NOT NULL`);
    await db.query(`CREATE INDEX content_grants_team_idx ON content_grants (team_id) INCLUDE (space_id, collection_id, role) WHERE team_id IS NOT NULL`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX content_grants_user_idx`);
    await db.query(`DROP INDEX content_grants_team_idx`);
    await db.query(`CREATE INDEX content_grants_user_idx ON content_grants (user_id, organization_id) WHERE user_id IS NOT NULL`);
    await db.query(`CREATE INDEX content_grants_team_idx ON content_grants (team_id) WHERE team_id IS NOT NULL`);
  }
}
