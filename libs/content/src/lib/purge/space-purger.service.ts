import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { ContentIndexers } from '../indexing/content-indexer';
import { deleteInBatches, PURGE_BATCH } from './delete-in-batches';
import { SpacePurgeHooks } from './space-purge-hooks';

/** How long a deleted space can be restored before a purge may remove it (the database's clock decides). */
export const PURGE_AFTER = '7 days';

/** What a purge removed. */
export interface PurgeReport {
  spaceId: string;
  organizationId: string;
  changeRequests: number;
  revisions: number;
  /** Rows of the head indexes (pages of the space's and its change requests' heads). */
  headPages: number;
  pageNodes: number;
  fileEntries: number;
  blobs: number;
  /** Page nodes and file entries kept because a duplicate of the space still uses them. */
  sharedNodesKept: number;
  sharedFilesKept: number;
  ms: number;
}

/**
 * Removes a space deleted more than 7 days ago for good, with everything that belongs to it, in
 * ONE transaction (a restore racing it wins or loses entirely; an event written by a hook commits
 * with it), every statement bounded to `PURGE_BATCH` rows:
 *
 * 1. the space row, locked `FOR UPDATE` if its `deleted_at` is older than 7 days by the database's
 *    clock; a restore holds the same lock, and after it the row no longer matches (nothing to do);
 * 2. rows keyed by head without a foreign key: `head_pages`, and each registered indexer's rows
 *    (`ContentIndexer.dropHeads`: search, links), for the space's head and each change request's;
 * 3. what the space's revisions reach in the shared storage: page nodes (their trees) and file
 *    entries (their `files`), minus what the revisions of its duplicates still reach
 *    (`space_storage_families`), and the blobs those name (bodies, files, reusable contents);
 * 4. the change requests (their reviews, contributors and any other row with a foreign key to them
 *    go by ON DELETE CASCADE), the revisions, then the space row: every table with a foreign key
 *    to `spaces` follows by its ON DELETE CASCADE, whoever added it;
 * 5. the page nodes and file entries of step 3, then those blobs that nothing references any more:
 *    no row of any table with a foreign key to `content_blobs` (read from the catalog, so a table
 *    added later counts too) and no revision's reusable content.
 */
@Injectable()
export class SpacePurger {
  private readonly logger = new Logger('SpacePurger');
  private blobReferences?: Promise<{ table: string; column: string }[]>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly indexers: ContentIndexers,
    private readonly hooks: SpacePurgeHooks,
  ) {}

  /** Ids of spaces due for a purge (deleted more than 7 days ago), oldest deletion first. */
  async due(limit: number): Promise<string[]> {
    const rows: { id: string }[] = await this.dataSource.query(
      `SELECT id FROM spaces WHERE deleted_at IS NOT NULL AND deleted_at < now() - interval '${PURGE_AFTER}' ORDER BY deleted_at, id LIMIT $1`,
      [limit],
    );
    return rows.map((row) => row.id);
  }

  /** Purges the space if it is due; null when it is not (restored, not old enough, or already gone). */
  async purge(spaceId: string): Promise<PurgeReport | null> {
    const started = performance.now();
    const blobReferences = await this.blobReferenceColumns();
    const report = await this.dataSource.transaction(async (tx) => {
      const [space]: { id: string; organization_id: string; deleted_at: Date }[] = await tx.query(
        `SELECT id, organization_id, deleted_at FROM spaces
          WHERE id = $1 AND deleted_at IS NOT NULL AND deleted_at < now() - interval '${PURGE_AFTER}'
          FOR UPDATE`,
        [spaceId],
      );
      if (!space) return null;
      const changeRequestIds = ((await tx.query(`SELECT id FROM change_requests WHERE space_id = $1`, [spaceId])) as { id: string }[]).map((row) => row.id);
      const headKeys = [spaceId, ...changeRequestIds];

      // 2. Per-head rows (no foreign key to anything of the space).
      const headPages = await deleteInBatches(tx, 'head_pages', 'head_key = ANY($1::text[])', [headKeys]);
      for (const indexer of this.indexers.all()) await indexer.dropHeads(tx, headKeys);

      // 3. What the space's revisions reach in the shared storage, minus what its duplicates reach.
      const shared = await this.collectStorage(tx, spaceId);

      // 4. Change requests, revisions, the space: ON DELETE CASCADE takes every row keyed to them.
      const changeRequests = await deleteInBatches(tx, 'change_requests', 'space_id = $1', [spaceId], 200);
      const revisions = await deleteInBatches(tx, 'revisions', 'space_id = $1', [spaceId]);
      await tx.query(`DELETE FROM spaces WHERE id = $1`, [spaceId]);

      // 5. The storage only this space used.
      const pageNodes = await this.drain(tx, 'purge_nodes', 'id', 'page_nodes', 'id');
      const fileEntries = await this.drain(tx, 'purge_files', 'id', 'file_entries', 'id');
      const blobs = await this.drain(tx, 'purge_blobs', 'hash', 'content_blobs', 'hash', unreferencedBlob(blobReferences));

      await this.hooks.run(tx, { spaceId, organizationId: space.organization_id, deletedAt: space.deleted_at, changeRequestIds });
      return {
        spaceId,
        organizationId: space.organization_id,
        changeRequests,
        revisions,
        headPages,
        pageNodes,
        fileEntries,
        blobs,
        sharedNodesKept: shared.nodes,
        sharedFilesKept: shared.files,
        ms: 0,
      } satisfies PurgeReport;
    });
    if (!report) return null;
    report.ms = Math.round(performance.now() - started);
    this.logger.log({ ...report }, 'space purged');
    return report;
  }

  /**
   * Fills the temporary tables `purge_nodes`, `purge_files` and `purge_blobs` (dropped at commit)
   * with what only this space's revisions reach; answers how many nodes and files its duplicates
   * still share (kept).
   */
  private async collectStorage(tx: EntityManager, spaceId: string): Promise<{ nodes: number; files: number }> {
    await tx.query(`CREATE TEMPORARY TABLE purge_nodes (id bigint PRIMARY KEY) ON COMMIT DROP`);
    await tx.query(`CREATE TEMPORARY TABLE purge_files (id bigint PRIMARY KEY) ON COMMIT DROP`);
    await tx.query(`CREATE TEMPORARY TABLE purge_blobs (hash text PRIMARY KEY) ON COMMIT DROP`);
    // Every node of every tree of the space's revisions (and its change requests'): shared subtrees
    // are walked once (UNION drops rows already found).
    await tx.query(
      `INSERT INTO purge_nodes (id)
       WITH RECURSIVE walk(id) AS (
         SELECT DISTINCT unnest(root_pages) FROM revisions WHERE space_id = $1
         UNION
         SELECT unnest(n.children) FROM walk w JOIN page_nodes n ON n.id = w.id
       ) SELECT id FROM walk`,
      [spaceId],
    );
    await tx.query(`INSERT INTO purge_files (id) SELECT DISTINCT unnest(files) FROM revisions WHERE space_id = $1`, [spaceId]);

    const others = ((await tx.query(
      `SELECT o.space_id FROM space_storage_families f JOIN space_storage_families o ON o.family_id = f.family_id AND o.space_id <> f.space_id
        WHERE f.space_id = $1`,
      [spaceId],
    )) as { space_id: string }[]).map((row) => row.space_id);
    let keptNodes = 0;
    let keptFiles = 0;
    if (others.length > 0) {
      // Walk the duplicates' trees, not below a node of this space (the whole subtree under it is
      // then theirs too): the nodes where their trees enter this space's storage.
      await tx.query(
        `CREATE TEMPORARY TABLE purge_entries ON COMMIT DROP AS
         WITH RECURSIVE walk(id) AS (
           SELECT DISTINCT unnest(root_pages) FROM revisions WHERE space_id = ANY($1::text[])
           UNION
           SELECT unnest(n.children) FROM walk w JOIN page_nodes n ON n.id = w.id
            WHERE NOT EXISTS (SELECT 1 FROM purge_nodes p WHERE p.id = w.id)
         ) SELECT w.id FROM walk w JOIN purge_nodes p ON p.id = w.id`,
        [others],
      );
      const [, kept]: [unknown[], number] = await tx.query(
        `WITH RECURSIVE below(id) AS (
           SELECT id FROM purge_entries
           UNION
           SELECT unnest(n.children) FROM below b JOIN page_nodes n ON n.id = b.id
         ) DELETE FROM purge_nodes p USING below b WHERE p.id = b.id`,
      );
      keptNodes = kept;
      const [, keptEntries]: [unknown[], number] = await tx.query(
        `DELETE FROM purge_files f USING (SELECT DISTINCT unnest(files) AS id FROM revisions WHERE space_id = ANY($1::text[])) o WHERE f.id = o.id`,
        [others],
      );
      keptFiles = keptEntries;
    }
    // The blobs named by what goes: candidates only (another space may use the same bytes).
    await tx.query(
      `INSERT INTO purge_blobs (hash)
       SELECT n.document_hash FROM page_nodes n JOIN purge_nodes p ON p.id = n.id WHERE n.document_hash IS NOT NULL
       UNION
       SELECT e.blob_hash FROM file_entries e JOIN purge_files f ON f.id = e.id
       UNION
       SELECT rc->>'document' FROM revisions r CROSS JOIN LATERAL jsonb_array_elements(r.reusable_contents) rc
        WHERE r.space_id = $1 AND r.reusable_contents <> '[]'::jsonb AND rc->>'document' IS NOT NULL`,
      [spaceId],
    );
    return { nodes: keptNodes, files: keptFiles };
  }

  /**
   * Deletes from `target` the rows whose `key` a temporary table lists, `PURGE_BATCH` at a time
   * (taking them off the list as it goes), those matching `condition` (`t` is the target row).
   */
  private async drain(tx: EntityManager, list: string, listKey: string, target: string, key: string, condition = 'true'): Promise<number> {
    let total = 0;
    for (;;) {
      const [, taken]: [unknown[], number] = await tx.query(
        `WITH batch AS (DELETE FROM ${list} WHERE ${listKey} IN (SELECT ${listKey} FROM ${list} LIMIT ${PURGE_BATCH}) RETURNING ${listKey} AS key)
         DELETE FROM ${target} t USING batch WHERE t.${key} = batch.key AND ${condition}`,
      );
      total += taken;
      const [{ left }]: { left: boolean }[] = await tx.query(`SELECT EXISTS (SELECT 1 FROM ${list}) AS left`);
      if (!left) return total;
    }
  }

  /** Every (table, column) with a foreign key to `content_blobs`, read once from the catalog. */
  private blobReferenceColumns(): Promise<{ table: string; column: string }[]> {
    this.blobReferences ??= this.dataSource.query(
      `SELECT c.conrelid::regclass::text AS "table", quote_ident(a.attname) AS "column"
         FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
        WHERE c.contype = 'f' AND c.confrelid = 'content_blobs'::regclass AND cardinality(c.conkey) = 1
        ORDER BY 1, 2`,
    );
    return this.blobReferences;
  }
}

/** A blob row `t` nothing uses: no row with a foreign key to it, and no revision's reusable content. */
function unreferencedBlob(references: { table: string; column: string }[]): string {
  return [
    ...references.map(({ table, column }) => `NOT EXISTS (SELECT 1 FROM ${table} x WHERE x.${column} = t.hash)`),
    `NOT EXISTS (SELECT 1 FROM revisions r WHERE r.reusable_contents <> '[]'::jsonb AND r.reusable_contents @> jsonb_build_array(jsonb_build_object('document', t.hash)))`,
  ].join(' AND ');
}
