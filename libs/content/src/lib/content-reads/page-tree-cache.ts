import { Injectable } from '@nestjs/common';
import { SerializedJson } from '@docs/platform';
import { LRUCache } from 'lru-cache';

/** At most this many bytes of serialized trees per process (a tree of 1,000 pages is about 0.6 MB). */
export const PAGE_TREE_CACHE_BYTES = 64 * 1024 * 1024;

/**
 * Page trees without bodies, serialized, by space and revision. A revision never changes (a
 * write makes a new one), so a tree once presented is the answer for as long as it is asked for:
 * a read costs the permission check and a lookup, whatever the number of pages, and its gzip is
 * compressed once. The least recently read trees go first beyond PAGE_TREE_CACHE_BYTES. Nothing
 * in the tree depends on the caller (no permissions, no signed URLs).
 */
@Injectable()
export class PageTreeCache {
  private readonly trees = new LRUCache<string, SerializedJson>({
    maxSize: PAGE_TREE_CACHE_BYTES,
    // Its bytes and room for their gzip.
    sizeCalculation: (tree) => Math.max(1, Math.ceil(tree.bytes.length * 1.2)),
  });
  private readonly building = new Map<string, Promise<SerializedJson>>();

  /** The tree of `revisionId` in `spaceId`, built by `build` once for concurrent readers. */
  async get(spaceId: string, revisionId: string, build: () => Promise<unknown>): Promise<SerializedJson> {
    const key = `${spaceId}/${revisionId}`;
    const known = this.trees.get(key);
    if (known) return known;
    let pending = this.building.get(key);
    if (!pending) {
      pending = build().then((value) => SerializedJson.of(value));
      this.building.set(key, pending);
      pending.then(
        (tree) => {
          this.trees.set(key, tree);
          this.building.delete(key);
        },
        () => this.building.delete(key),
      );
    }
    return pending;
  }
}
