import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The organization-wide views of issue 31:
 *
 * - `organization_invite_links`: links an admin hands out; a signed-in person who opens one joins
 *   the organization with its role until it expires or is deleted. The id is the link's secret
 *   (random, ~119 bits).
 * - `organizations.default_role`: the role of people who join because their email domain is one
 *   of the organization's `email_domains` (NULL: as guests).
 * - `change_requests_organization_idx`: the change requests of an organization with one status,
 *   newest first (`listChangeRequestsForOrganization`), without reading other statuses.
 * - `organizations_email_domains_idx`: the organizations that let people of one email domain join.
 */
export class OrganizationWide1795475310000 implements MigrationInterface {
  name = 'OrganizationWide1795475310000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE organization_invite_links (
        id text NOT NULL,
        organization_id text NOT NULL,
        role text,
        created_by text,
        created_at timestamptz(3) NOT NULL,
        expires_at timestamptz(3) NOT NULL,
        CONSTRAINT organization_invite_links_pkey PRIMARY KEY (id),
        CONSTRAINT organization_invite_links_role_check CHECK (role IN ('admin', 'create', 'review', 'edit', 'comment', 'read')),
        CONSTRAINT organization_invite_links_organization_fk FOREIGN KEY (organization_id) REFERENCES organizations (id) ON DELETE CASCADE,
        CONSTRAINT organization_invite_links_created_by_fk FOREIGN KEY (created_by) REFERENCES users (id) ON DELETE SET NULL
      )`);
    await db.query(`CREATE INDEX organization_invite_links_list_idx ON organization_invite_links (organization_id, created_at, id)`);
    await db.query(`ALTER TABLE organizations ADD COLUMN default_role text DEFAULT 'read'`);
    await db.query(
      `ALTER TABLE organizations ADD CONSTRAINT organizations_default_role_check CHECK (default_role IN ('admin', 'create', 'review', 'edit', 'comment', 'read'))`,
    );
    await db.query(`CREATE INDEX organizations_email_domains_idx ON organizations USING gin (email_domains)`);
    await db.query(`CREATE INDEX change_requests_organization_idx ON change_requests (organization_id, status, created_at, id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX change_requests_organization_idx`);
    await db.query(`DROP INDEX organizations_email_domains_idx`);
    await db.query(`ALTER TABLE organizations DROP CONSTRAINT organizations_default_role_check`);
    await db.query(`ALTER TABLE organizations DROP COLUMN default_role`);
    await db.query(`DROP TABLE organization_invite_links`);
  }
}
