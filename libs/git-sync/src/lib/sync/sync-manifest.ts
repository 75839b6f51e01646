import type { RecordedPath } from '@docs/content';
import type { EntityManager } from 'typeorm';

/** One file of a sync as recorded: where an item went, what this installation renders for it, its blob. */
export interface ManifestEntry extends RecordedPath {
  renderedSha: string | null;
  oid: string | null;
}

/**
 * Replaces the space's record of its last sync (`space_export_files`) in the sync's transaction:
 * one statement for any number of files (arrays unnested).
 */
export async function replaceManifest(tx: EntityManager, spaceId: string, entries: readonly ManifestEntry[]): Promise<void> {
  await tx.query(`DELETE FROM space_export_files WHERE space_id = $1`, [spaceId]);
  const unique = new Map(entries.map((entry) => [`${entry.kind}:${entry.itemId}`, entry]));
  if (unique.size === 0) return;
  const rows = [...unique.values()];
  await tx.query(
    `INSERT INTO space_export_files (space_id, kind, item_id, path, parent_id, name, rendered_sha, oid)
     SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[])`,
    [
      spaceId,
      rows.map((row) => row.kind),
      rows.map((row) => row.itemId),
      rows.map((row) => row.path),
      rows.map((row) => row.parentId),
      rows.map((row) => row.name),
      rows.map((row) => row.renderedSha),
      rows.map((row) => row.oid),
    ],
  );
}
