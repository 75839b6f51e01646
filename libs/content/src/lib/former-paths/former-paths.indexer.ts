import { Injectable, OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ContentDelta, ContentIndexer, ContentIndexers } from '../indexing/content-indexer';
import { deleteInBatches } from '../purge/delete-in-batches';

/**
 * Keeps `page_former_paths` of a space's current content in step with each write, inside its
 * transaction (edits, moves, merges, imports and Git Sync all write through `ContentWriter`): a
 * page whose path changed leaves its previous path behind, naming the page; a path a page holds
 * now is nobody's former path (a new page at an old URL wins); a removed page's former paths go
 * with it. Change requests' heads keep none: readers only see a space's own content.
 */
@Injectable()
export class FormerPathsIndexer implements ContentIndexer, OnModuleInit {
  readonly name = 'former-paths';

  constructor(private readonly registry: ContentIndexers) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  async apply(tx: EntityManager, delta: ContentDelta): Promise<void> {
    if (delta.headKey !== delta.spaceId) return;
    if (delta.removed.length > 0) await tx.query(`DELETE FROM page_former_paths WHERE space_id = $1 AND page_id = ANY($2::text[])`, [delta.spaceId, delta.removed]);
    const current = new Set(delta.upserted.map((page) => page.path).filter((path): path is string => path !== null));
    const left = delta.upserted
      .filter((page) => page.previousPath !== null && page.previousPath !== page.path && !current.has(page.previousPath))
      .map((page) => ({ path: page.previousPath, page_id: page.pageId }));
    if (left.length > 0) {
      await tx.query(
        `INSERT INTO page_former_paths (space_id, path, page_id, moved_at)
         SELECT $1, path, page_id, now() FROM jsonb_to_recordset($2::jsonb) AS x(path text, page_id text)
         ON CONFLICT (space_id, path) DO UPDATE SET page_id = EXCLUDED.page_id, moved_at = EXCLUDED.moved_at`,
        [delta.spaceId, JSON.stringify(left)],
      );
    }
    if (current.size > 0) await tx.query(`DELETE FROM page_former_paths WHERE space_id = $1 AND path = ANY($2::text[])`, [delta.spaceId, [...current]]);
  }

  /** A duplicated space starts without history: the former URLs are the original's. */
  copyHead(): Promise<void> {
    return Promise.resolve();
  }

  async dropHeads(tx: EntityManager, headKeys: string[], between: () => Promise<void>): Promise<void> {
    await deleteInBatches(tx, 'page_former_paths', 'space_id = ANY($1::text[])', [headKeys], { between });
  }
}
