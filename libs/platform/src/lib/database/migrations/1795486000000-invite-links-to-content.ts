import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Invite links to one space or one collection (the reference's `CreateInviteToSpace` and
 * `CreateInviteToCollection`): a link names at most one of `space_id` and `collection_id`, with
 * the `level` joining gives there (a grant in content_grants); such a link makes people guests
 * of the organization, so its `role` is NULL. A link to nothing has no level.
 *
 * No foreign keys to spaces and collections: the entity belongs to identity, which cannot name
 * content's tables (schema-drift.spec.ts holds entities and tables to the same constraints).
 * Content deletes the links of what it deletes, soft-deletes or transfers, in the same
 * transaction; the partial indexes serve those deletes.
 */
export class InviteLinksToContent1795486000000 implements MigrationInterface {
  name = 'InviteLinksToContent1795486000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE organization_invite_links ADD COLUMN space_id text, ADD COLUMN collection_id text, ADD COLUMN level text`);
    await db.query(
      `ALTER TABLE organization_invite_links ADD CONSTRAINT organization_invite_links_level_check CHECK (level IN ('admin', 'create', 'review', 'edit', 'comment', 'read'))`,
    );
    await db.query(
      `ALTER TABLE organization_invite_links ADD CONSTRAINT organization_invite_links_target_check CHECK (
         CASE WHEN space_id IS NULL AND collection_id IS NULL THEN level IS NULL
              ELSE level IS NOT NULL AND role IS NULL AND (space_id IS NULL OR collection_id IS NULL) END)`,
    );
    await db.query(`CREATE INDEX organization_invite_links_space_idx ON organization_invite_links (space_id) WHERE space_id IS NOT NULL`);
    await db.query(`CREATE INDEX organization_invite_links_collection_idx ON organization_invite_links (collection_id) WHERE collection_id IS NOT NULL`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX organization_invite_links_collection_idx`);
    await db.query(`DROP INDEX organization_invite_links_space_idx`);
    await db.query(`ALTER TABLE organization_invite_links DROP CONSTRAINT organization_invite_links_target_check`);
    await db.query(`ALTER TABLE organization_invite_links DROP CONSTRAINT organization_invite_links_level_check`);
    await db.query(`ALTER TABLE organization_invite_links DROP COLUMN level, DROP COLUMN collection_id, DROP COLUMN space_id`);
  }
}
