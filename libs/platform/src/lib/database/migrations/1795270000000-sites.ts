import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sites: docs sites, their sections, section groups, site spaces and share links (libs/sites).
 *
 * - `position` orders the structure of a site with fractional keys (`COLLATE "C"`, as content's
 *   sibling order): groups and sections without a group share the root order of their site; the
 *   sections of a group, and the site spaces of a section (or of the site when it has no
 *   sections), each have their own.
 * - Share-link keys are never stored in clear: `key_hmac` (HMAC-SHA256 under a key derived from
 *   the configured `ENCRYPTION_KEY`) finds a link by its key, `key_encrypted` (AES-256-GCM under
 *   another key derived from it) lets `urls.published` show it. A database dump holds neither key.
 *   The visitor-auth signing key of a site is kept encrypted the same way.
 * - `hostname` is unique across the installation; `basename` within an organization (both
 *   nullable: unique indexes let NULLs repeat).
 */
export class Sites1795270000000 implements MigrationInterface {
  name = 'Sites1795270000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE sites (
        id text NOT NULL,
        organization_id text NOT NULL,
        type text NOT NULL DEFAULT 'basic',
        title text NOT NULL,
        visibility text NOT NULL DEFAULT 'public',
        published boolean NOT NULL DEFAULT false,
        basename text,
        hostname text,
        proxy_origin text,
        adaptive_content boolean NOT NULL DEFAULT false,
        agents_context text NOT NULL DEFAULT 'included',
        adaptive_schema jsonb,
        adaptive_schema_updated_at timestamp(3) with time zone,
        visitor_key_encrypted text NOT NULL,
        created_at timestamp(3) with time zone NOT NULL,
        updated_at timestamp(3) with time zone NOT NULL,
        CONSTRAINT sites_type_check CHECK (type IN ('basic', 'premium', 'ultimate', 'sponsored', 'legacy-basic', 'legacy-premium')),
        CONSTRAINT sites_visibility_check CHECK (visibility IN ('public', 'unlisted', 'share-link', 'visitor-auth')),
        CONSTRAINT sites_agents_context_check CHECK (agents_context IN ('excluded', 'included')),
        CONSTRAINT sites_pkey PRIMARY KEY (id),
        CONSTRAINT sites_organization_fk FOREIGN KEY (organization_id) REFERENCES organizations (id) ON DELETE CASCADE
      )`);
    await db.query(`CREATE INDEX sites_organization_created_idx ON sites (organization_id, created_at, id)`);
    await db.query(`CREATE UNIQUE INDEX sites_hostname_key ON sites (hostname)`);
    await db.query(`CREATE UNIQUE INDEX sites_basename_key ON sites (organization_id, basename)`);

    await db.query(`
      CREATE TABLE site_section_groups (
        id text NOT NULL,
        site_id text NOT NULL,
        organization_id text NOT NULL,
        title text NOT NULL,
        icon text,
        position text COLLATE "C" NOT NULL,
        created_at timestamp(3) with time zone NOT NULL,
        CONSTRAINT site_section_groups_pkey PRIMARY KEY (id),
        CONSTRAINT site_section_groups_site_fk FOREIGN KEY (site_id) REFERENCES sites (id) ON DELETE CASCADE
      )`);
    await db.query(`CREATE INDEX site_section_groups_order_idx ON site_section_groups (site_id, position, id)`);

    await db.query(`
      CREATE TABLE site_sections (
        id text NOT NULL,
        site_id text NOT NULL,
        organization_id text NOT NULL,
        group_id text,
        title text NOT NULL,
        description text,
        path text NOT NULL,
        icon text,
        condition text,
        is_default boolean NOT NULL DEFAULT false,
        position text COLLATE "C" NOT NULL,
        created_at timestamp(3) with time zone NOT NULL,
        CONSTRAINT site_sections_pkey PRIMARY KEY (id),
        CONSTRAINT site_sections_site_fk FOREIGN KEY (site_id) REFERENCES sites (id) ON DELETE CASCADE,
        CONSTRAINT site_sections_group_fk FOREIGN KEY (group_id) REFERENCES site_section_groups (id) ON DELETE SET NULL
      )`);
    await db.query(`CREATE INDEX site_sections_order_idx ON site_sections (site_id, position, id)`);
    await db.query(`CREATE INDEX site_sections_group_idx ON site_sections (group_id)`);
    await db.query(`CREATE UNIQUE INDEX site_sections_path_key ON site_sections (site_id, path)`);

    await db.query(`
      CREATE TABLE site_spaces (
        id text NOT NULL,
        site_id text NOT NULL,
        organization_id text NOT NULL,
        section_id text,
        space_id text NOT NULL,
        path text NOT NULL,
        condition text,
        is_default boolean NOT NULL DEFAULT false,
        position text COLLATE "C" NOT NULL,
        created_at timestamp(3) with time zone NOT NULL,
        CONSTRAINT site_spaces_pkey PRIMARY KEY (id),
        CONSTRAINT site_spaces_site_fk FOREIGN KEY (site_id) REFERENCES sites (id) ON DELETE CASCADE,
        CONSTRAINT site_spaces_section_fk FOREIGN KEY (section_id) REFERENCES site_sections (id) ON DELETE CASCADE,
        CONSTRAINT site_spaces_space_fk FOREIGN KEY (space_id) REFERENCES spaces (id) ON DELETE CASCADE
      )`);
    await db.query(`CREATE INDEX site_spaces_order_idx ON site_spaces (site_id, section_id, position, id)`);
    await db.query(`CREATE INDEX site_spaces_section_idx ON site_spaces (section_id)`);
    await db.query(`CREATE INDEX site_spaces_space_idx ON site_spaces (space_id, site_id)`);

    await db.query(`
      CREATE TABLE site_share_links (
        id text NOT NULL,
        site_id text NOT NULL,
        organization_id text NOT NULL,
        name text NOT NULL,
        active boolean NOT NULL DEFAULT true,
        key_hmac text NOT NULL,
        key_encrypted text NOT NULL,
        created_at timestamp(3) with time zone NOT NULL,
        CONSTRAINT site_share_links_pkey PRIMARY KEY (id),
        CONSTRAINT site_share_links_site_fk FOREIGN KEY (site_id) REFERENCES sites (id) ON DELETE CASCADE
      )`);
    await db.query(`CREATE INDEX site_share_links_site_idx ON site_share_links (site_id, created_at, id)`);
    await db.query(`CREATE UNIQUE INDEX site_share_links_key_hmac_key ON site_share_links (key_hmac)`);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of ['site_share_links', 'site_spaces', 'site_sections', 'site_section_groups', 'sites']) await db.query(`DROP TABLE ${table}`);
  }
}
