import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A transferred space takes its change requests, their reviews and requested reviewers, and its
 * Git Sync configuration and operations into its new organization (as comments already do,
 * 1795350000000). Without it, lookups that check `organization_id` (a change request's head) miss
 * the space's change requests after a transfer, and deleting the old organization would leave
 * rows of a space it no longer owns pointing at it. A trigger, so that every path that moves a
 * space (the api, the CLI, plain SQL) moves them in the same statement's transaction.
 */
export class SpaceTransferFollow1795430000000 implements MigrationInterface {
  name = 'SpaceTransferFollow1795430000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE FUNCTION space_rows_follow_organization() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE change_requests SET organization_id = NEW.organization_id WHERE space_id = NEW.id;
        UPDATE change_request_reviews r SET organization_id = NEW.organization_id
          FROM change_requests cr WHERE cr.space_id = NEW.id AND r.change_request_id = cr.id;
        UPDATE change_request_requested_reviewers r SET organization_id = NEW.organization_id
          FROM change_requests cr WHERE cr.space_id = NEW.id AND r.change_request_id = cr.id;
        UPDATE git_sync_configs SET organization_id = NEW.organization_id WHERE space_id = NEW.id;
        UPDATE git_sync_operations SET organization_id = NEW.organization_id WHERE space_id = NEW.id;
        RETURN NULL;
      END
      $$`);
    await db.query(
      `CREATE TRIGGER spaces_rows_follow_organization AFTER UPDATE OF organization_id ON spaces
         FOR EACH ROW WHEN (OLD.organization_id IS DISTINCT FROM NEW.organization_id) EXECUTE FUNCTION space_rows_follow_organization()`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TRIGGER spaces_rows_follow_organization ON spaces`);
    await db.query(`DROP FUNCTION space_rows_follow_organization()`);
  }
}
