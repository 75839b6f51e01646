import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A site's look and its moved pages (issue 32):
 * - `sites.customization`: the site's customization settings as the reference's
 *   `SiteCustomizationSettings` (null: the defaults); `site_spaces.customization`: what a site
 *   space overrides of them (null: nothing). Both are part of the published site's state, so a
 *   change changes its stamp and every page's ETag (the tables already notify `sites_changed`).
 * - `site_redirects`: a site's redirects, a source path below the site to a section, a site space
 *   or a page; one per source. Its changes notify `sites_changed` like the other site tables
 *   (site servers keep the redirects they looked up while they hear them).
 * - `page_former_paths`: the paths the pages of a space's current content had before a rename or
 *   a move, naming the page (written by `FormerPathsIndexer` in the transaction of the write that
 *   moves the space to a new revision: what a revision's former paths are never changes).
 */
export class SiteLook1795472000000 implements MigrationInterface {
  name = 'SiteLook1795472000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE sites ADD COLUMN customization jsonb`);
    await db.query(`ALTER TABLE site_spaces ADD COLUMN customization jsonb`);
    await db.query(`
      CREATE TABLE site_redirects (
        id text NOT NULL,
        site_id text NOT NULL,
        organization_id text NOT NULL,
        source text NOT NULL,
        destination jsonb NOT NULL,
        created_at timestamptz(3) NOT NULL,
        updated_at timestamptz(3) NOT NULL,
        CONSTRAINT site_redirects_pkey PRIMARY KEY (id),
        CONSTRAINT site_redirects_site_fk FOREIGN KEY (site_id) REFERENCES sites (id) ON DELETE CASCADE
      )`);
    await db.query(`CREATE UNIQUE INDEX site_redirects_source_key ON site_redirects (site_id, source)`);
    await db.query(`CREATE TRIGGER site_redirects_sites_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON site_redirects FOR EACH STATEMENT EXECUTE FUNCTION notify_sites_changed()`);
    await db.query(`
      CREATE TABLE page_former_paths (
        space_id text NOT NULL,
        path text NOT NULL,
        page_id text NOT NULL,
        moved_at timestamptz(3) NOT NULL,
        CONSTRAINT page_former_paths_pkey PRIMARY KEY (space_id, path),
        CONSTRAINT page_former_paths_space_fk FOREIGN KEY (space_id) REFERENCES spaces (id) ON DELETE CASCADE
      )`);
    await db.query(`CREATE INDEX page_former_paths_page_idx ON page_former_paths (space_id, page_id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE page_former_paths`);
    await db.query(`DROP TABLE site_redirects`);
    await db.query(`ALTER TABLE site_spaces DROP COLUMN customization`);
    await db.query(`ALTER TABLE sites DROP COLUMN customization`);
  }
}
