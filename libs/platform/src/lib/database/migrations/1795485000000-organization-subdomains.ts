import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Organization subdomains (issue 32): `organizations.subdomain`, unique across the installation,
 * under which the site server answers the organization's sites (`{subdomain}.{PUBLISHED_URL's
 * host}/{site basename or id}/...`). Changing one changes what the site server finds at an
 * address, so it notifies `sites_changed` as the sites' own tables do.
 */
export class OrganizationSubdomains1795485000000 implements MigrationInterface {
  name = 'OrganizationSubdomains1795485000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE organizations ADD COLUMN subdomain text`);
    await db.query(`CREATE UNIQUE INDEX organizations_subdomain_key ON organizations (subdomain)`);
    await db.query(`CREATE TRIGGER organizations_sites_changed AFTER UPDATE OF subdomain OR DELETE ON organizations FOR EACH STATEMENT EXECUTE FUNCTION notify_sites_changed()`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TRIGGER organizations_sites_changed ON organizations`);
    await db.query(`DROP INDEX organizations_subdomain_key`);
    await db.query(`ALTER TABLE organizations DROP COLUMN subdomain`);
  }
}
