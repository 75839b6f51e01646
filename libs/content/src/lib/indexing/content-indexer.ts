import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { PageType } from '../pages/page-node.entity';
import type { WriteDocuments } from './write-documents';

/** A page of a head as it is after a write: what an index needs to (re)index it. */
export interface IndexedPage {
  pageId: string;
  nodeId: string;
  parentPageId: string | null;
  /** Joined slugs; null for link pages. */
  path: string | null;
  /** Its path in the head before this write (null: a new page, or a link page then). */
  previousPath: string | null;
  type: PageType;
  title: string;
  description: string | null;
  hidden: boolean;
  noIndex: boolean;
  href: string | null;
  /** Hash of the body in the BlobStore (`PageDocuments.load` reads it); null: empty. */
  documentHash: string | null;
}

/**
 * What one write changed in a head's tree, or a batch of it: a large write comes to the indexers
 * in several deltas of the same revision (the pages split between them, `removed` in the first),
 * so an indexer handles each page on its own. `upserted`: every page that is new, whose own fields
 * or body changed, or whose path changed (moved, renamed, or under a moved or renamed page);
 * not the ancestors whose only change is their children. `removed`: ids of deleted pages (a
 * deleted subtree lists every page of it).
 */
export interface ContentDelta {
  headKey: string;
  spaceId: string;
  organizationId: string;
  /** The revision the head moved to, and the one it moved from. */
  revisionId: string;
  previousRevisionId: string;
  upserted: IndexedPage[];
  removed: string[];
  /** The write's page documents, parsed once for all indexers (`documents.load(tx, hashes)`). */
  documents: WriteDocuments;
}

/**
 * An index kept up to date from each write (search, links), inside the write's transaction:
 * it sees exactly the pages that changed, never rescans the space.
 */
export interface ContentIndexer {
  /** A short name for logs and errors. */
  readonly name: string;

  apply(tx: EntityManager, delta: ContentDelta): Promise<void>;

  /** A new head starts as a copy of another's content (space duplicate): copy the index rows. */
  copyHead(tx: EntityManager, copy: { fromHeadKey: string; toHeadKey: string; spaceId: string; organizationId: string }): Promise<void>;

  /**
   * Heads removed for good (a purged space and its change requests): delete every row kept for
   * them, in bounded batches (`deleteInBatches`, calling `between` after each), in the purge's
   * transaction. Required, so that an index added later cannot leave rows behind a purge.
   */
  dropHeads(tx: EntityManager, headKeys: string[], between: () => Promise<void>): Promise<void>;
}

/**
 * The indexers every content write feeds. Modules that keep an index register it on init:
 * `constructor(registry: ContentIndexers) {}  onModuleInit() { this.registry.register(this) }`.
 */
@Injectable()
export class ContentIndexers {
  private readonly indexers: ContentIndexer[] = [];

  register(indexer: ContentIndexer): void {
    if (!this.indexers.includes(indexer)) this.indexers.push(indexer);
  }

  all(): readonly ContentIndexer[] {
    return this.indexers;
  }
}
