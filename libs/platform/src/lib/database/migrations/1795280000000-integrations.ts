import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Integrations (libs/integrations): translation settings, published integrations, their images,
 * and installations on organizations, spaces and sites.
 *
 * - `integrations.secrets` holds the AES-256-GCM ciphertext of the secrets map (never clear text).
 * - `block_domains` is derived from the blocks' `urlUnfurl` patterns at publish time, so the
 *   `blockDomain` filter is an indexed array lookup; GIN indexes serve the array filters.
 * - `integration_site_installations.site_id` has no foreign key yet: sites live in libs/sites,
 *   which adds one (ON DELETE CASCADE) when both are merged.
 * - GIN indexes (arrays, trigrams) cannot be described by TypeORM: the entities declare them `synchronize: false`.
 */
export class Integrations1795280000000 implements MigrationInterface {
  name = 'Integrations1795280000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE translation_settings (
        id text NOT NULL,
        organization_id text NOT NULL,
        title text NOT NULL,
        languages text[] NOT NULL DEFAULT '{}',
        created_at timestamp(3) with time zone NOT NULL,
        updated_at timestamp(3) with time zone NOT NULL,
        CONSTRAINT translation_settings_pkey PRIMARY KEY (id),
        CONSTRAINT translation_settings_organization_fk FOREIGN KEY (organization_id) REFERENCES organizations (id) ON DELETE CASCADE
      )`);
    await db.query(`CREATE INDEX translation_settings_organization_idx ON translation_settings (organization_id, created_at, id)`);

    await db.query(`
      CREATE TABLE integrations (
        name text NOT NULL,
        owner_organization_id text NOT NULL,
        version integer NOT NULL,
        runtime text NOT NULL,
        title text NOT NULL,
        description text NOT NULL,
        summary text,
        visibility text NOT NULL,
        target text NOT NULL,
        scopes text[] NOT NULL,
        categories text[] NOT NULL,
        blocks jsonb NOT NULL,
        block_domains text[] NOT NULL,
        content_sources jsonb NOT NULL,
        external_links jsonb NOT NULL,
        configurations jsonb NOT NULL,
        content_security_policy jsonb,
        script text NOT NULL,
        secrets bytea,
        icon_asset_id text,
        preview_asset_ids text[] NOT NULL,
        created_at timestamp(3) with time zone NOT NULL,
        updated_at timestamp(3) with time zone NOT NULL,
        CONSTRAINT integrations_visibility_check CHECK (visibility IN ('public', 'private', 'unlisted')),
        CONSTRAINT integrations_target_check CHECK (target IN ('all', 'site', 'space', 'organization')),
        CONSTRAINT integrations_runtime_check CHECK (runtime IN ('v1', 'v2')),
        CONSTRAINT integrations_pkey PRIMARY KEY (name),
        CONSTRAINT integrations_owner_fk FOREIGN KEY (owner_organization_id) REFERENCES organizations (id) ON DELETE CASCADE
      )`);
    await db.query(`CREATE INDEX integrations_owner_idx ON integrations (owner_organization_id, name)`);
    await db.query(`CREATE INDEX integrations_categories_idx ON integrations USING gin (categories)`);
    await db.query(`CREATE INDEX integrations_scopes_idx ON integrations USING gin (scopes)`);
    await db.query(`CREATE INDEX integrations_block_domains_idx ON integrations USING gin (block_domains)`);
    // The list's `search` (a case-insensitive part of the name or the title); pg_trgm comes with the identity migrations.
    await db.query(`CREATE INDEX integrations_name_trgm_idx ON integrations USING gin (name gin_trgm_ops)`);
    await db.query(`CREATE INDEX integrations_title_trgm_idx ON integrations USING gin (title gin_trgm_ops)`);

    await db.query(`
      CREATE TABLE integration_assets (
        id text NOT NULL,
        integration_name text NOT NULL,
        content_type text NOT NULL,
        data bytea NOT NULL,
        width integer NOT NULL,
        height integer NOT NULL,
        created_at timestamp(3) with time zone NOT NULL,
        CONSTRAINT integration_assets_pkey PRIMARY KEY (id),
        CONSTRAINT integration_assets_integration_fk FOREIGN KEY (integration_name) REFERENCES integrations (name) ON DELETE CASCADE
      )`);
    await db.query(`CREATE INDEX integration_assets_integration_idx ON integration_assets (integration_name)`);

    await db.query(`
      CREATE TABLE integration_installations (
        id text NOT NULL,
        integration_name text NOT NULL,
        organization_id text NOT NULL,
        status text NOT NULL,
        configuration jsonb NOT NULL,
        external_ids text[] NOT NULL,
        space_selection text NOT NULL,
        site_selection text NOT NULL,
        created_at timestamp(3) with time zone NOT NULL,
        updated_at timestamp(3) with time zone NOT NULL,
        CONSTRAINT integration_installations_status_check CHECK (status IN ('active', 'pending', 'paused')),
        CONSTRAINT integration_installations_space_selection_check CHECK (space_selection IN ('all', 'selected')),
        CONSTRAINT integration_installations_site_selection_check CHECK (site_selection IN ('all', 'selected')),
        CONSTRAINT integration_installations_pkey PRIMARY KEY (id),
        CONSTRAINT integration_installations_organization_uq UNIQUE (integration_name, organization_id),
        CONSTRAINT integration_installations_integration_fk FOREIGN KEY (integration_name) REFERENCES integrations (name) ON DELETE CASCADE,
        CONSTRAINT integration_installations_organization_fk FOREIGN KEY (organization_id) REFERENCES organizations (id) ON DELETE CASCADE
      )`);
    await db.query(`CREATE INDEX integration_installations_list_idx ON integration_installations (integration_name, created_at, id)`);
    await db.query(`CREATE INDEX integration_installations_organization_idx ON integration_installations (organization_id)`);
    await db.query(`CREATE INDEX integration_installations_external_ids_idx ON integration_installations USING gin (external_ids)`);

    await db.query(`
      CREATE TABLE integration_space_installations (
        installation_id text NOT NULL,
        space_id text NOT NULL,
        status text NOT NULL,
        configuration jsonb NOT NULL,
        external_ids text[] NOT NULL,
        created_at timestamp(3) with time zone NOT NULL,
        updated_at timestamp(3) with time zone NOT NULL,
        CONSTRAINT integration_space_installations_status_check CHECK (status IN ('active', 'pending', 'paused')),
        CONSTRAINT integration_space_installations_pkey PRIMARY KEY (installation_id, space_id),
        CONSTRAINT integration_space_installations_installation_fk FOREIGN KEY (installation_id)
          REFERENCES integration_installations (id) ON DELETE CASCADE,
        CONSTRAINT integration_space_installations_space_fk FOREIGN KEY (space_id) REFERENCES spaces (id) ON DELETE CASCADE
      )`);
    await db.query(
      `CREATE INDEX integration_space_installations_list_idx ON integration_space_installations (installation_id, created_at, space_id)`,
    );
    await db.query(`CREATE INDEX integration_space_installations_space_idx ON integration_space_installations (space_id)`);

    await db.query(`
      CREATE TABLE integration_site_installations (
        installation_id text NOT NULL,
        site_id text NOT NULL,
        status text NOT NULL,
        configuration jsonb NOT NULL,
        external_ids text[] NOT NULL,
        created_at timestamp(3) with time zone NOT NULL,
        updated_at timestamp(3) with time zone NOT NULL,
        CONSTRAINT integration_site_installations_status_check CHECK (status IN ('active', 'pending', 'paused')),
        CONSTRAINT integration_site_installations_pkey PRIMARY KEY (installation_id, site_id),
        CONSTRAINT integration_site_installations_installation_fk FOREIGN KEY (installation_id)
          REFERENCES integration_installations (id) ON DELETE CASCADE
      )`);
    await db.query(
      `CREATE INDEX integration_site_installations_list_idx ON integration_site_installations (installation_id, created_at, site_id)`,
    );
    await db.query(`CREATE INDEX integration_site_installations_site_idx ON integration_site_installations (site_id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE integration_site_installations`);
    await db.query(`DROP TABLE integration_space_installations`);
    await db.query(`DROP TABLE integration_installations`);
    await db.query(`DROP TABLE integration_assets`);
    await db.query(`DROP TABLE integrations`);
    await db.query(`DROP TABLE translation_settings`);
  }
}
