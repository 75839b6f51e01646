import { MigrationInterface, QueryRunner } from 'typeorm';

/** The tables of a site's structure and access (a space's changes notify too: see below). */
const SITE_TABLES = ['sites', 'site_sections', 'site_section_groups', 'site_spaces', 'site_share_links'];

/**
 * The published sites' server (apps/site, issue 21):
 * - `sites.visitor_fallback_url`: where a visitor-auth site sends visitors whose token is
 *   missing, expired or forged (the reference's `fallbackURL` of `SitePublishingAuth`); null: a
 *   401 page.
 * - an index on `sites.proxy_origin`: a request reaching the site server through a site's proxy
 *   finds its site by that origin (`host/path`).
 * - `sites_changed` notifications: every statement that changes what a published site shows (its
 *   row, sections, groups, site spaces, share links, or a space: its title, revision, deletion)
 *   notifies, delivered when it commits. Site servers keep each site's state only while they hear
 *   them (PublishedSiteDirectory), and read it again after any.
 */
export class PublishedSites1795370000000 implements MigrationInterface {
  name = 'PublishedSites1795370000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE sites ADD COLUMN visitor_fallback_url text`);
    await db.query(`CREATE INDEX sites_proxy_origin_idx ON sites (proxy_origin) WHERE proxy_origin IS NOT NULL`);
    await db.query(`
      CREATE FUNCTION notify_sites_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('sites_changed', TG_TABLE_NAME);
        RETURN NULL;
      END $$`);
    for (const table of SITE_TABLES) {
      await db.query(`CREATE TRIGGER ${table}_sites_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION notify_sites_changed()`);
    }
    // A new space is in no site yet: only changes and deletions matter.
    await db.query(`CREATE TRIGGER spaces_sites_changed AFTER UPDATE OR DELETE OR TRUNCATE ON spaces FOR EACH STATEMENT EXECUTE FUNCTION notify_sites_changed()`);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of [...SITE_TABLES, 'spaces']) await db.query(`DROP TRIGGER ${table}_sites_changed ON ${table}`);
    await db.query(`DROP FUNCTION notify_sites_changed()`);
    await db.query(`DROP INDEX sites_proxy_origin_idx`);
    await db.query(`ALTER TABLE sites DROP COLUMN visitor_fallback_url`);
  }
}
