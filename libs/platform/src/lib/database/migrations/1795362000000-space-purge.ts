import { randomBytes } from 'node:crypto';
import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Removing deleted spaces for good (libs/content, issue 20).
 *
 * - Indexes for every foreign key a purge deletes through, so that each deleted row's check is
 *   an index lookup instead of a scan of the referencing table: `head_pages.node_id` (deleting
 *   page nodes), `page_nodes.document_hash` and `file_entries.blob_hash` (deleting blobs; also how
 *   a purge asks whether anything else still uses a blob), `spaces.revision_id` (deleting
 *   revisions: the space's deferred key); `spaces.deleted_at` of deleted spaces (the sweep's
 *   lookup). Reusable contents name their body blobs inside
 *   `revisions.reusable_contents` (jsonb, no foreign key): a GIN index answers "does any revision
 *   still use this blob" for them.
 * - `space_storage_families`: spaces that share page nodes and file entries because one was
 *   duplicated from another (a duplicate shares its source's arrays). A purge keeps what other
 *   members of the family still reach. Spaces that were never duplicated have no row. The family
 *   id is random, so no row names another space; rows go with their space (ON DELETE CASCADE).
 *   Existing duplicates are found by the message their first revision was written with.
 */
export class SpacePurge1795362000000 implements MigrationInterface {
  name = 'SpacePurge1795362000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE INDEX head_pages_node_idx ON head_pages (node_id)`);
    await db.query(`CREATE INDEX page_nodes_document_idx ON page_nodes (document_hash) WHERE document_hash IS NOT NULL`);
    await db.query(`CREATE INDEX file_entries_blob_idx ON file_entries (blob_hash)`);
    await db.query(`CREATE INDEX spaces_revision_idx ON spaces (revision_id)`);
    // The purge sweep's lookup: deleted spaces by the time of their deletion (only deleted rows).
    await db.query(`CREATE INDEX spaces_deleted_idx ON spaces (deleted_at) WHERE deleted_at IS NOT NULL`);
    await db.query(
      `CREATE INDEX revisions_reusable_documents_idx ON revisions USING gin (reusable_contents jsonb_path_ops) WHERE reusable_contents <> '[]'::jsonb`,
    );

    await db.query(`
      CREATE TABLE space_storage_families (
        space_id text NOT NULL,
        family_id text NOT NULL,
        CONSTRAINT space_storage_families_pkey PRIMARY KEY (space_id),
        CONSTRAINT space_storage_families_space_fk FOREIGN KEY (space_id) REFERENCES spaces (id) ON DELETE CASCADE
      )`);
    await db.query(`CREATE INDEX space_storage_families_family_idx ON space_storage_families (family_id)`);

    // Duplicates made before this migration: RevisionsService.copyInto wrote their first revision
    // with no parents and the message "Copy of space <source id>".
    const edges: { copy: string; source: string }[] = await db.query(`
      SELECT r.space_id AS copy, s.id AS source
        FROM revisions r JOIN spaces s ON s.id = substring(r.message FROM '^Copy of space (.+)$')
       WHERE r.parents = '{}' AND r.message LIKE 'Copy of space %'`);
    const parent = new Map<string, string>();
    const find = (id: string): string => {
      let root = id;
      while (parent.has(root) && parent.get(root) !== root) root = parent.get(root)!;
      parent.set(id, root);
      return root;
    };
    for (const { copy, source } of edges) {
      const [a, b] = [find(copy), find(source)];
      if (a !== b) parent.set(a, b);
    }
    const families = new Map<string, string>();
    const rows: [string, string][] = [];
    for (const id of parent.keys()) {
      const root = find(id);
      if (!families.has(root)) families.set(root, randomBytes(12).toString('base64url'));
      rows.push([id, families.get(root)!]);
    }
    if (rows.length > 0) {
      await db.query(`INSERT INTO space_storage_families (space_id, family_id) SELECT * FROM unnest($1::text[], $2::text[])`, [
        rows.map((row) => row[0]),
        rows.map((row) => row[1]),
      ]);
    }
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE space_storage_families`);
    for (const index of ['revisions_reusable_documents_idx', 'spaces_deleted_idx', 'spaces_revision_idx', 'file_entries_blob_idx', 'page_nodes_document_idx', 'head_pages_node_idx']) {
      await db.query(`DROP INDEX ${index}`);
    }
  }
}
