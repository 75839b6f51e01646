import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Search and links of a head's current pages (libs/content, issue 8 items 5 and 6). Both are
 * per-head indexes beside `head_pages`, rewritten from each write's delta for the pages it
 * changed (never a rescan of the space).
 *
 * - `page_search`: one row per page of a head: its title, its sections (split at headings, for
 *   the result excerpts), its heading anchors (links to `#anchor` check them) and `tsv`, the
 *   weighted tsvector (title A, headings B, description and body C) built with the text search
 *   configuration of the space's language (`config`), and one tsvector per section
 *   (`section_tsv`: which sections of a result to show, without parsing text on read). GIN
 *   index on `tsv`.
 * - `page_links`: one row per link written in a page of a head, parsed from the page's document
 *   when its node is written: what it points at (a page by id or by path, an anchor, a file, a
 *   space, a URL), grouped by `target_key`. Status (ok, broken, in-app) is resolved on read
 *   against the head's pages and the revision's files, so it follows later writes elsewhere.
 */
export class ContentSearchLinks1795265000000 implements MigrationInterface {
  name = 'ContentSearchLinks1795265000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE page_search (
        head_key text NOT NULL,
        page_id text NOT NULL,
        node_id bigint NOT NULL,
        config text NOT NULL,
        no_index boolean NOT NULL,
        title text NOT NULL,
        sections jsonb NOT NULL,
        anchors text array NOT NULL DEFAULT '{}',
        tsv tsvector NOT NULL,
        section_tsv tsvector array NOT NULL DEFAULT '{}',
        CONSTRAINT page_search_pkey PRIMARY KEY (head_key, page_id)
      )`);
    await db.query(`CREATE INDEX page_search_tsv_idx ON page_search USING gin (tsv)`);

    await db.query(`
      CREATE TABLE page_links (
        head_key text NOT NULL,
        page_id text NOT NULL,
        seq integer NOT NULL,
        kind text NOT NULL,
        relation text NOT NULL,
        target_key text NOT NULL,
        target_space text,
        target_page text,
        target_path text,
        raw_path text,
        target_file text,
        anchor text,
        url text,
        location_anchor text,
        location_node text,
        CONSTRAINT page_links_kind_check CHECK (kind IN ('url', 'page', 'path', 'file', 'space', 'other')),
        CONSTRAINT page_links_relation_check CHECK (relation IN ('reference', 'dependsOn')),
        CONSTRAINT page_links_pkey PRIMARY KEY (head_key, page_id, seq)
      )`);
    await db.query(`CREATE INDEX page_links_target_idx ON page_links (head_key, target_key, relation)`);
    await db.query(`CREATE INDEX page_links_page_target_idx ON page_links (head_key, target_page)`);
    await db.query(`CREATE INDEX page_links_path_target_idx ON page_links (head_key, target_path)`);
    await db.query(`CREATE INDEX page_links_file_target_idx ON page_links (head_key, target_file)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE page_links`);
    await db.query(`DROP TABLE page_search`);
  }
}
