import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { LRUCache } from 'lru-cache';
import type { Readable } from 'node:stream';
import { DataSource, In } from 'typeorm';
import type { JSONDocument } from '@docs/document-model';
import { preparedStatement, SqlPool } from '@docs/platform';
import { BlobStore } from '../blobs/blob-store';
import { ContentReader, PageTreeNode } from '../content-reads/content-reader.service';
import type { FileEntryEntity } from '../files/file-entry.entity';
import { FileReads } from '../files/file-reads.service';
import { parseDocumentBytes } from '../page-bodies/page-document';
import { RevisionEntity } from '../revisions/revision.entity';
import { HeadSearchMatch, SpaceSearch } from '../search/space-search.service';

/** Rough bytes of a tree in memory: what the cache counts it as. */
function treeSize(pages: PageTreeNode[]): number {
  let size = 0;
  const walk = (nodes: PageTreeNode[]) => {
    for (const node of nodes) {
      size += 400 + node.title.length * 2 + (node.description?.length ?? 0) * 2;
      walk(node.pages);
    }
  };
  walk(pages);
  return size;
}

const FORMER_PAGE = preparedStatement('content_former_page', `SELECT page_id FROM page_former_paths WHERE space_id = $1 AND path = $2`);

/**
 * Content as published sites read it: revisions, their page trees (without bodies), page
 * bodies by hash, files and their bytes, and search over several spaces. A revision never
 * changes, nor does a blob, so every answer is kept in memory by revision id or content hash
 * (bounded caches): a site server reads each once, however many pages and visitors use it, and
 * nothing kept can be stale. Who may see what is the caller's business (the site's audience).
 */
@Injectable()
export class PublishedContent {
  private readonly revisionCache = new LRUCache<string, RevisionEntity>({ max: 5_000 });
  private readonly treeCache = new LRUCache<string, PageTreeNode[]>({ maxSize: 64 * 1024 * 1024, sizeCalculation: (tree) => Math.max(1, treeSize(tree)) });
  private readonly treesLoading = new Map<string, Promise<PageTreeNode[]>>();
  private readonly documentCache = new LRUCache<string, JSONDocument>({ maxSize: 64 * 1024 * 1024 });
  private readonly fileLists = new LRUCache<string, Promise<FileEntryEntity[]>>({ max: 2_000 });
  private readonly formerPages = new LRUCache<string, { pageId: string | null }>({ max: 20_000 });

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly reader: ContentReader,
    private readonly fileReads: FileReads,
    private readonly blobs: BlobStore,
    private readonly search: SpaceSearch,
    private readonly sql: SqlPool,
  ) {}

  /**
   * The page of a space's current content that was at `path` before it was renamed or moved
   * (`FormerPathsIndexer`), if any: one primary-key lookup, asked only for a path no page holds.
   * The rows change only in a write that gives the space a new revision, so the answer (none
   * included) is kept by the revision it was asked for: never stale.
   */
  async formerPage(spaceId: string, revisionId: string, path: string): Promise<string | undefined> {
    const key = `${spaceId}\u0000${revisionId}\u0000${path}`;
    const known = this.formerPages.get(key);
    if (known) return known.pageId ?? undefined;
    const row = await this.sql.first<{ page_id: string }>(FORMER_PAGE, [spaceId, path]);
    this.formerPages.set(key, { pageId: row?.page_id ?? null });
    return row?.page_id;
  }

  /** Revisions by id, in one query for those not in memory yet (unknown ids are left out). */
  async revisions(ids: string[]): Promise<Map<string, RevisionEntity>> {
    const out = new Map<string, RevisionEntity>();
    const missing: string[] = [];
    for (const id of new Set(ids)) {
      const cached = this.revisionCache.get(id);
      if (cached) out.set(id, cached);
      else missing.push(id);
    }
    if (missing.length > 0) {
      for (const revision of await this.dataSource.getRepository(RevisionEntity).findBy({ id: In(missing) })) {
        this.revisionCache.set(revision.id, revision);
        out.set(revision.id, revision);
      }
    }
    return out;
  }

  /** The page tree of a revision (paths, fields, body hashes; no bodies): one recursive query, then memory. */
  tree(revision: RevisionEntity): Promise<PageTreeNode[]> {
    const known = this.treeCache.get(revision.id);
    if (known) return Promise.resolve(known);
    let pending = this.treesLoading.get(revision.id);
    if (!pending) {
      // Concurrent requests for a tree not yet loaded share one query.
      pending = this.reader.tree(revision).then((tree) => {
        this.treeCache.set(revision.id, tree);
        return tree;
      });
      const forget = () => this.treesLoading.delete(revision.id);
      pending.then(forget, forget);
      this.treesLoading.set(revision.id, pending);
    }
    return pending;
  }

  /** Page (and reusable content) bodies by hash, in one query for those not in memory. */
  async documents(hashes: string[]): Promise<Map<string, JSONDocument>> {
    const out = new Map<string, JSONDocument>();
    const missing: string[] = [];
    for (const hash of new Set(hashes)) {
      const cached = this.documentCache.get(hash);
      if (cached) out.set(hash, cached);
      else missing.push(hash);
    }
    if (missing.length > 0) {
      for (const [hash, bytes] of await this.blobs.getMany(missing)) {
        const document = parseDocumentBytes(bytes);
        // A parsed document takes a few times its JSON's bytes.
        this.documentCache.set(hash, document, { size: Math.max(1, bytes.length * 4) });
        out.set(hash, document);
      }
    }
    return out;
  }

  /** Every file of a revision (names, types, sizes, dimensions, blob hashes). */
  files(revision: RevisionEntity): Promise<FileEntryEntity[]> {
    let pending = this.fileLists.get(revision.id);
    if (!pending) {
      pending = this.fileReads.all(revision);
      pending.catch(() => this.fileLists.delete(revision.id));
      this.fileLists.set(revision.id, pending);
    }
    return pending;
  }

  /** The bytes of a blob (a file's), streamed; undefined when there is none. */
  stream(hash: string): Promise<Readable | undefined> {
    return this.blobs.stream(hash);
  }

  /** Full-text search over the current content of these spaces: the best `perHead` pages of each, best first. */
  searchSpaces(spaces: { id: string; language: string | null }[], query: string, perHead: number): Promise<{ words: string[]; matches: HeadSearchMatch[] }> {
    return this.search.searchHeads(spaces, query, perHead);
  }
}
