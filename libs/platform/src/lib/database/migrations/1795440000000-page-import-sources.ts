import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Markdown that reads back as it went in (issue 18, item 3): for each page an import wrote from a
 * markdown file, the file's body as it came (`source_hash`, a blob of `content_blobs`) and the
 * SHA-256 of what a page read rendered for that page right after the import (`rendered_sha`). A
 * page read whose rendering still has that sha answers the kept body. A table of its own, not
 * columns of `space_export_files`: Git Sync replaces that table whole at each sync.
 * Keyed by space then page (the reads' lookup); the blob's index serves space purges and the
 * foreign key's check when a blob is deleted.
 */
export class PageImportSources1795440000000 implements MigrationInterface {
  name = 'PageImportSources1795440000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE page_import_sources (
        space_id text NOT NULL,
        page_id text NOT NULL,
        source_hash text NOT NULL,
        rendered_sha text NOT NULL,
        CONSTRAINT page_import_sources_pkey PRIMARY KEY (space_id, page_id),
        CONSTRAINT page_import_sources_space_fk FOREIGN KEY (space_id) REFERENCES spaces (id) ON DELETE CASCADE,
        CONSTRAINT page_import_sources_source_fk FOREIGN KEY (source_hash) REFERENCES content_blobs (hash)
      )`);
    await db.query(`CREATE INDEX page_import_sources_source_idx ON page_import_sources (source_hash)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE page_import_sources`);
  }
}
