import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Hosted OpenAPI specs (libs/openapi-hosting, issue 20).
 *
 * - `openapi_specs`: one per (organization, slug). The source is a URL or a text (exactly one).
 *   Processing is requested by counting: `process_requested` goes up with every write that needs
 *   a run (create, a new source, the same URL again, a scheduled refresh), `process_done` is the
 *   request the last finished run covered; a run holds a lease (`lease_job`, `lease_until`) so
 *   that one spec is processed by one job at a time, and a run that finishes with newer requests
 *   pending runs again. `last_version_id` is the newest version (versions are immutable).
 * - `openapi_spec_versions`: a new one only when the content changed (`content_hash`: SHA-256
 *   over every file's path and bytes), newest first per spec.
 * - `openapi_spec_files`: every file of a version (the entry and the files its relative `$ref`s
 *   reach): the bytes as fetched (`text`, served at the version's URL) and the parsed document
 *   (`document`, `json` so that the order of keys is kept).
 */
export class OpenapiSpecs1795361000000 implements MigrationInterface {
  name = 'OpenapiSpecs1795361000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE openapi_specs (
        id text NOT NULL,
        organization_id text NOT NULL,
        slug text NOT NULL,
        source_url text,
        source_text text,
        visibility text NOT NULL DEFAULT 'private',
        processing_state text NOT NULL DEFAULT 'pending',
        last_version_id text,
        last_processed_at timestamptz(3),
        last_process_error_code text,
        last_process_errors jsonb,
        process_requested integer NOT NULL DEFAULT 1,
        process_done integer NOT NULL DEFAULT 0,
        requested_at timestamptz(3) NOT NULL,
        lease_job text,
        lease_until timestamptz(3),
        created_at timestamptz(3) NOT NULL,
        updated_at timestamptz(3) NOT NULL,
        CONSTRAINT openapi_specs_pkey PRIMARY KEY (id),
        CONSTRAINT openapi_specs_source_check CHECK ((source_url IS NULL) <> (source_text IS NULL)),
        CONSTRAINT openapi_specs_visibility_check CHECK (visibility IN ('private', 'public')),
        CONSTRAINT openapi_specs_processing_state_check CHECK (processing_state IN ('pending', 'progress', 'complete')),
        CONSTRAINT openapi_specs_error_code_check CHECK (last_process_error_code IN ('FETCH_TIMEOUT', 'FETCH_ERROR', 'PARSE_ERROR')),
        CONSTRAINT openapi_specs_organization_fk FOREIGN KEY (organization_id) REFERENCES organizations (id) ON DELETE CASCADE
      )`);
    await db.query(`CREATE UNIQUE INDEX openapi_specs_slug_key ON openapi_specs (organization_id, slug)`);
    await db.query(`CREATE INDEX openapi_specs_list_idx ON openapi_specs (organization_id, created_at, id)`);
    // The refresh sweep: URL specs by their last run.
    await db.query(`CREATE INDEX openapi_specs_refresh_idx ON openapi_specs (last_processed_at) WHERE source_url IS NOT NULL`);

    await db.query(`
      CREATE TABLE openapi_spec_versions (
        id text NOT NULL,
        spec_id text NOT NULL,
        organization_id text NOT NULL,
        content_hash text NOT NULL,
        entry text NOT NULL,
        source_url text,
        files integer NOT NULL,
        bytes integer NOT NULL,
        created_at timestamptz(3) NOT NULL,
        CONSTRAINT openapi_spec_versions_pkey PRIMARY KEY (id),
        CONSTRAINT openapi_spec_versions_spec_fk FOREIGN KEY (spec_id) REFERENCES openapi_specs (id) ON DELETE CASCADE
      )`);
    await db.query(`CREATE INDEX openapi_spec_versions_list_idx ON openapi_spec_versions (spec_id, created_at, id)`);
    // The foreign key's ON DELETE SET NULL looks specs up by their last version.
    await db.query(`CREATE INDEX openapi_specs_last_version_idx ON openapi_specs (last_version_id)`);
    await db.query(
      `ALTER TABLE openapi_specs ADD CONSTRAINT openapi_specs_last_version_fk FOREIGN KEY (last_version_id) REFERENCES openapi_spec_versions (id) ON DELETE SET NULL`,
    );

    await db.query(`
      CREATE TABLE openapi_spec_files (
        version_id text NOT NULL,
        path text NOT NULL,
        media_type text NOT NULL,
        text text NOT NULL,
        document json NOT NULL,
        CONSTRAINT openapi_spec_files_pkey PRIMARY KEY (version_id, path),
        CONSTRAINT openapi_spec_files_version_fk FOREIGN KEY (version_id) REFERENCES openapi_spec_versions (id) ON DELETE CASCADE
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE openapi_spec_files`);
    await db.query(`ALTER TABLE openapi_specs DROP CONSTRAINT openapi_specs_last_version_fk`);
    await db.query(`DROP TABLE openapi_spec_versions`);
    await db.query(`DROP TABLE openapi_specs`);
  }
}
