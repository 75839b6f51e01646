import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Cross-space backlinks (libs/content, issue 8): the links written in other spaces that point at
 * a page of this space (`ref:space/<id>/page/<id>`) are found by their target, whatever head they
 * are written in. Only those rows have a `target_space`: a partial index keeps it small.
 */
export class CrossSpaceBacklinks1795310000000 implements MigrationInterface {
  name = 'CrossSpaceBacklinks1795310000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE INDEX page_links_space_target_idx ON page_links (target_space, target_page) WHERE target_space IS NOT NULL`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX page_links_space_target_idx`);
  }
}
