import { MigrationInterface, QueryRunner } from 'typeorm';

/** Identity: teams and their members, SAML providers, member search and last-seen sorting. */
export class OrganizationAdmin1795245000000 implements MigrationInterface {
  name = 'OrganizationAdmin1795245000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE teams (
        id text NOT NULL,
        organization_id text NOT NULL,
        title text NOT NULL,
        created_at timestamp(3) with time zone NOT NULL,
        CONSTRAINT teams_pkey PRIMARY KEY (id),
        CONSTRAINT teams_organization_fk FOREIGN KEY (organization_id) REFERENCES organizations (id) ON DELETE CASCADE
      )`);
    await db.query(`CREATE INDEX teams_organization_idx ON teams (organization_id, created_at, id)`);
    await db.query(`
      CREATE TABLE team_members (
        team_id text NOT NULL,
        user_id text NOT NULL,
        organization_id text NOT NULL,
        role text NOT NULL,
        created_at timestamp(3) with time zone NOT NULL,
        CONSTRAINT team_members_role_check CHECK (role IN ('owner', 'member')),
        CONSTRAINT team_members_pkey PRIMARY KEY (team_id, user_id),
        CONSTRAINT team_members_team_fk FOREIGN KEY (team_id) REFERENCES teams (id) ON DELETE CASCADE,
        CONSTRAINT team_members_member_fk FOREIGN KEY (organization_id, user_id)
          REFERENCES organization_members (organization_id, user_id) ON DELETE CASCADE
      )`);
    await db.query(`CREATE INDEX team_members_list_idx ON team_members (team_id, created_at, user_id)`);
    await db.query(`CREATE INDEX team_members_member_idx ON team_members (organization_id, user_id)`);
    await db.query(`
      CREATE TABLE saml_providers (
        id text NOT NULL,
        organization_id text NOT NULL,
        label text NOT NULL,
        entity_id text,
        certificate text,
        sso_url text,
        default_team_id text,
        default_role text,
        created_at timestamp(3) with time zone NOT NULL,
        CONSTRAINT saml_providers_default_role_check CHECK (default_role IN ('admin', 'create', 'review', 'edit', 'comment', 'read')),
        CONSTRAINT saml_providers_pkey PRIMARY KEY (id),
        CONSTRAINT saml_providers_organization_fk FOREIGN KEY (organization_id) REFERENCES organizations (id) ON DELETE CASCADE,
        CONSTRAINT saml_providers_default_team_fk FOREIGN KEY (default_team_id) REFERENCES teams (id) ON DELETE SET NULL
      )`);
    await db.query(`CREATE INDEX saml_providers_organization_idx ON saml_providers (organization_id, created_at, id)`);
    await db.query(
      `CREATE INDEX organization_members_seen_idx ON organization_members (organization_id, last_seen_at, user_id) WHERE last_seen_at IS NOT NULL`,
    );
    // Case-insensitive "contains" search on members (ILIKE '%term%') uses trigram indexes.
    await db.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await db.query(`CREATE INDEX users_display_name_trgm_idx ON users USING gin (display_name gin_trgm_ops)`);
    await db.query(`CREATE INDEX users_email_trgm_idx ON users USING gin (email gin_trgm_ops)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX users_email_trgm_idx`);
    await db.query(`DROP INDEX users_display_name_trgm_idx`);
    await db.query(`DROP INDEX organization_members_seen_idx`);
    await db.query(`DROP TABLE saml_providers`);
    await db.query(`DROP TABLE team_members`);
    await db.query(`DROP TABLE teams`);
  }
}
