import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `openapi_specs_changed` notifications (the published sites' OpenAPI blocks, issues 20 and 21):
 * every statement that changes which version an organization's spec slug names notifies,
 * delivered when it commits: a run that records a new version (`last_version_id` moves), a spec
 * deleted (with its versions, or with its organization). Site servers keep the latest version of
 * each slug only while they hear them (apps/site `HostedOpenApiSpecs`), so a page rendered with a
 * spec is rendered anew on the first request after a new version was processed. A run that finds
 * the same content (no new version), a failed run, a visibility change, a new spec (no version
 * yet) change nothing a site shows, and stay quiet.
 */
export class OpenapiSpecsChanged1795410000000 implements MigrationInterface {
  name = 'OpenapiSpecsChanged1795410000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE FUNCTION notify_openapi_specs_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('openapi_specs_changed', TG_TABLE_NAME);
        RETURN NULL;
      END $$`);
    await db.query(`
      CREATE TRIGGER openapi_specs_version_changed AFTER UPDATE ON openapi_specs FOR EACH ROW
        WHEN (OLD.last_version_id IS DISTINCT FROM NEW.last_version_id OR OLD.slug IS DISTINCT FROM NEW.slug OR OLD.organization_id IS DISTINCT FROM NEW.organization_id)
        EXECUTE FUNCTION notify_openapi_specs_changed()`);
    await db.query(`CREATE TRIGGER openapi_specs_removed AFTER DELETE OR TRUNCATE ON openapi_specs FOR EACH STATEMENT EXECUTE FUNCTION notify_openapi_specs_changed()`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TRIGGER openapi_specs_removed ON openapi_specs`);
    await db.query(`DROP TRIGGER openapi_specs_version_changed ON openapi_specs`);
    await db.query(`DROP FUNCTION notify_openapi_specs_changed()`);
  }
}
