import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The published sites' server (apps/site, issue 21):
 * - `sites.visitor_fallback_url`: where a visitor-auth site sends visitors whose token is
 *   missing, expired or forged (the reference's `fallbackURL` of `SitePublishingAuth`); null: a
 *   401 page.
 * - an index on `sites.proxy_origin`: a request reaching the site server through a site's proxy
 *   finds its site by that origin (`host/path`).
 */
export class PublishedSites1795370000000 implements MigrationInterface {
  name = 'PublishedSites1795370000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE sites ADD COLUMN visitor_fallback_url text`);
    await db.query(`CREATE INDEX sites_proxy_origin_idx ON sites (proxy_origin) WHERE proxy_origin IS NOT NULL`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX sites_proxy_origin_idx`);
    await db.query(`ALTER TABLE sites DROP COLUMN visitor_fallback_url`);
  }
}
