import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { EventOutbox } from '@docs/platform';
import { DataSource, EntityManager } from 'typeorm';
import { ContentIndexers } from '../indexing/content-indexer';
import { deleteInBatches, Pacer, PURGE_BATCH } from './delete-in-batches';
import { SpacePurgeHooks } from './space-purge-hooks';

/** How long a deleted space can be restored before a purge may remove it (the database's clock decides). */
export const PURGE_AFTER = '7 days';

/** Revisions whose roots, files and reusable contents one statement collects. */
const REVISION_BATCH = 100;

/**
 * After each statement a purge pauses as long as it worked (`Pacer`): it takes about twice as long,
 * and the api's requests on the same database keep their latency (docs/performance.md, "Space purge").
 */
export const PURGE_PAUSE_RATIO = 1;

/** What a purge removed. */
export interface PurgeReport {
  spaceId: string;
  organizationId: string;
  changeRequests: number;
  revisions: number;
  /** Its events in the outbox (their deliveries go by ON DELETE CASCADE). */
  events: number;
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
 * with it, as does `space_purged`), every statement bounded (`PURGE_BATCH` rows, 100 revisions), with a pause after each
 * as long as the statement took (`PURGE_PAUSE_RATIO`):
 *
 * 1. the space row, locked `FOR UPDATE` if its `deleted_at` is older than 7 days by the database's
 *    clock; a restore holds the same lock, and after it the row no longer matches (nothing to do);
 * 2. rows keyed by head without a foreign key: `head_pages`, and each registered indexer's rows
 *    (`ContentIndexer.dropHeads`: search, links), for the space's head and each change request's;
 * 3. what the space's revisions reach in the shared storage: page nodes (their trees) and file
 *    entries (their `files`), minus what the revisions of its duplicates still reach
 *    (`space_storage_families`), and the blobs those name (bodies, files, reusable contents),
 *    with the blobs of its imported pages' kept files (`page_import_sources`);
 * 4. the change requests (their reviews, contributors and any other row with a foreign key to them
 *    go by ON DELETE CASCADE), the revisions, then the space row: every table with a foreign key
 *    to `spaces` follows by its ON DELETE CASCADE, whoever added it (and subscriptions filtered by
 *    the space forget it, by trigger); then the space's events in the outbox;
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
    private readonly events: EventOutbox,
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
  async purge(spaceId: string, options: { pauseRatio?: number } = {}): Promise<PurgeReport | null> {
    const started = performance.now();
    const blobReferences = await this.blobReferenceColumns();
    const pace = new Pacer(options.pauseRatio ?? PURGE_PAUSE_RATIO).breathe;
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
      const headPages = await deleteInBatches(tx, 'head_pages', 'head_key = ANY($1::text[])', [headKeys], { between: pace });
      for (const indexer of this.indexers.all()) await indexer.dropHeads(tx, headKeys, pace);

      // 3. What the space's revisions reach in the shared storage, minus what its duplicates reach.
      const shared = await this.collectStorage(tx, spaceId, pace);

      // 4. Change requests, revisions, the space: ON DELETE CASCADE takes every row keyed to them.
      const changeRequests = await deleteInBatches(tx, 'change_requests', 'space_id = $1', [spaceId], { batch: 200, between: pace });
      const revisions = await deleteInBatches(tx, 'revisions', 'space_id = $1', [spaceId], { between: pace });
      await tx.query(`DELETE FROM spaces WHERE id = $1`, [spaceId]);
      // Its events go too (the outbox's history of it; a space_purged event, if any hook writes one, comes after).
      const events = await deleteInBatches(tx, 'events', 'space_id = $1', [spaceId], { between: pace });

      // 5. The storage only this space used (blobs in smaller batches: their bytes go too).
      const pageNodes = await this.drain(tx, pace, { list: 'purge_nodes', listKey: 'id', target: 'page_nodes', key: 'id' });
      const fileEntries = await this.drain(tx, pace, { list: 'purge_files', listKey: 'id', target: 'file_entries', key: 'id' });
      const blobs = await this.drain(tx, pace, { list: 'purge_blobs', listKey: 'hash', target: 'content_blobs', key: 'hash', condition: unreferencedBlob(blobReferences), batch: 500 });

      await this.hooks.run(tx, { spaceId, organizationId: space.organization_id, deletedAt: space.deleted_at, changeRequestIds });
      // Last, as EventOutbox asks: commits if and only if the space is gone. A job's: no actor.
      await this.events.emit(tx, { type: 'space_purged', organizationId: space.organization_id, actor: null, payload: { spaceId } });
      return {
        spaceId,
        organizationId: space.organization_id,
        changeRequests,
        revisions,
        events,
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
   * with what only this space's revisions reach, in bounded statements: the revisions 100 at a
   * time (their roots, files and reusable contents), then the trees breadth first, 2,000 nodes at
   * a time (each node once, however many revisions share it). Blobs are candidates: what another
   * space uses is kept by the check at deletion. Answers how many nodes and files its duplicates
   * still share (kept).
   */
  private async collectStorage(tx: EntityManager, spaceId: string, pace: () => Promise<void>): Promise<{ nodes: number; files: number }> {
    await tx.query(`CREATE TEMPORARY TABLE purge_nodes (id bigint PRIMARY KEY, expanded boolean NOT NULL DEFAULT false) ON COMMIT DROP`);
    await tx.query(`CREATE INDEX ON purge_nodes (id) WHERE NOT expanded`);
    await tx.query(`CREATE TEMPORARY TABLE purge_files (id bigint PRIMARY KEY) ON COMMIT DROP`);
    await tx.query(`CREATE TEMPORARY TABLE purge_blobs (hash text PRIMARY KEY) ON COMMIT DROP`);

    for (let after = ''; ; ) {
      const revisions = ((await tx.query(`SELECT id FROM revisions WHERE space_id = $1 AND id > $2 ORDER BY id LIMIT ${REVISION_BATCH}`, [spaceId, after])) as { id: string }[]).map(
        (row) => row.id,
      );
      if (revisions.length === 0) break;
      after = revisions[revisions.length - 1];
      await tx.query(`INSERT INTO purge_nodes (id) SELECT DISTINCT unnest(root_pages) FROM revisions WHERE id = ANY($1::text[]) ON CONFLICT DO NOTHING`, [revisions]);
      await tx.query(`INSERT INTO purge_files (id) SELECT DISTINCT unnest(files) FROM revisions WHERE id = ANY($1::text[]) ON CONFLICT DO NOTHING`, [revisions]);
      await tx.query(
        `INSERT INTO purge_blobs (hash)
         SELECT DISTINCT rc->>'document' FROM revisions r CROSS JOIN LATERAL jsonb_array_elements(r.reusable_contents) rc
          WHERE r.id = ANY($1::text[]) AND r.reusable_contents <> '[]'::jsonb AND rc->>'document' IS NOT NULL
         ON CONFLICT DO NOTHING`,
        [revisions],
      );
      await pace();
    }
    // Breadth first: a batch of nodes not yet expanded adds its children and its body's blob.
    for (;;) {
      await tx.query(
        `WITH batch AS (
           UPDATE purge_nodes SET expanded = true WHERE id IN (SELECT id FROM purge_nodes WHERE NOT expanded LIMIT ${PURGE_BATCH}) RETURNING id
         ), nodes AS (
           SELECT n.children, n.document_hash FROM page_nodes n JOIN batch b ON b.id = n.id
         ), blobs AS (
           INSERT INTO purge_blobs (hash) SELECT DISTINCT document_hash FROM nodes WHERE document_hash IS NOT NULL ON CONFLICT DO NOTHING
         )
         INSERT INTO purge_nodes (id) SELECT DISTINCT unnest(children) FROM nodes ON CONFLICT DO NOTHING`,
      );
      await pace();
      const [{ left }]: { left: boolean }[] = await tx.query(`SELECT EXISTS (SELECT 1 FROM purge_nodes WHERE NOT expanded) AS left`);
      if (!left) break;
    }
    await tx.query(
      `INSERT INTO purge_blobs (hash) SELECT DISTINCT e.blob_hash FROM file_entries e JOIN purge_files f ON f.id = e.id ON CONFLICT DO NOTHING`,
    );
    await pace();
    // The files its imported pages keep (page_import_sources goes with the space, by ON DELETE CASCADE).
    await tx.query(`INSERT INTO purge_blobs (hash) SELECT DISTINCT source_hash FROM page_import_sources WHERE space_id = $1 ON CONFLICT DO NOTHING`, [spaceId]);
    await pace();

    const others = ((await tx.query(
      `SELECT o.space_id FROM space_storage_families f JOIN space_storage_families o ON o.family_id = f.family_id AND o.space_id <> f.space_id
        WHERE f.space_id = $1`,
      [spaceId],
    )) as { space_id: string }[]).map((row) => row.space_id);
    if (others.length === 0) return { nodes: 0, files: 0 };
    // Spaces that share storage with this one (duplicates) are rare: their trees are walked in one
    // statement each, not below a node of this space (the whole subtree under it is then theirs
    // too): the nodes where their trees enter this space's storage, and everything below them.
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
    await pace();
    const [, keptNodes]: [unknown[], number] = await tx.query(
      `WITH RECURSIVE below(id) AS (
         SELECT id FROM purge_entries
         UNION
         SELECT unnest(n.children) FROM below b JOIN page_nodes n ON n.id = b.id
       ) DELETE FROM purge_nodes p USING below b WHERE p.id = b.id`,
    );
    await pace();
    const [, keptFiles]: [unknown[], number] = await tx.query(
      `DELETE FROM purge_files f USING (SELECT DISTINCT unnest(files) AS id FROM revisions WHERE space_id = ANY($1::text[])) o WHERE f.id = o.id`,
      [others],
    );
    await pace();
    return { nodes: keptNodes, files: keptFiles };
  }

  /**
   * Deletes from `target` the rows whose `key` a temporary table lists, `batch` at a time (taking
   * them off the list as it goes), those matching `condition` (`t` is the target row).
   */
  private async drain(
    tx: EntityManager,
    pace: () => Promise<void>,
    work: { list: string; listKey: string; target: string; key: string; condition?: string; batch?: number },
  ): Promise<number> {
    const { list, listKey, target, key } = work;
    let total = 0;
    for (;;) {
      const [, taken]: [unknown[], number] = await tx.query(
        `WITH batch AS (DELETE FROM ${list} WHERE ${listKey} IN (SELECT ${listKey} FROM ${list} LIMIT ${work.batch ?? PURGE_BATCH}) RETURNING ${listKey} AS key)
         DELETE FROM ${target} t USING batch WHERE t.${key} = batch.key AND ${work.condition ?? 'true'}`,
      );
      total += taken;
      await pace();
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
