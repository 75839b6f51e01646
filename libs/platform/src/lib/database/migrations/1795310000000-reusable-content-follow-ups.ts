import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Reusable content follow-ups (libs/content, issue 8).
 * - Cross-space backlinks: the links written in other spaces that point at a page of this space
 *   (`ref:space/<id>/page/<id>`) are found by their target, whatever head they are written in.
 *   Only those rows have a `target_space`: a partial index keeps it small.
 * - Page-level variables (the reference's `RevisionPageDocument.variables`): a jsonb map on the
 *   page node, null when the page has none.
 */
export class ReusableContentFollowUps1795310000000 implements MigrationInterface {
  name = 'ReusableContentFollowUps1795310000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE INDEX page_links_space_target_idx ON page_links (target_space, target_page) WHERE target_space IS NOT NULL`);
    await db.query(`ALTER TABLE page_nodes ADD COLUMN variables jsonb`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE page_nodes DROP COLUMN variables`);
    await db.query(`DROP INDEX page_links_space_target_idx`);
  }
}
