import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { preparedStatement, PreparedStatement, SqlPool } from '@docs/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { type JSONDocument, emptyDocument } from '@docs/document-model';
import { BlobStore } from '../blobs/blob-store';
import type { ContentTarget } from '../heads/content-target';
import { parseDocumentBytes } from '../page-bodies/page-document';
import type { PageType } from '../pages/page-node.entity';
import { pageFieldsOf, pageNodeColumns, PageNodeRow } from '../pages/page-node-row';
import { joinPath } from '../pages/page-slugs';
import { RevisionEntity } from '../revisions/revision.entity';

/** One page node as read, with its path in the tree being read and its child pages. */
export interface PageTreeNode {
  nodeId: string;
  pageId: string;
  type: PageType;
  title: string;
  slug: string | null;
  emoji: string | null;
  description: string | null;
  hidden: boolean;
  noIndex: boolean;
  href: string | null;
  documentHash: string | null;
  /** Its variables as canonical JSON (document pages); null: none. */
  variables: string | null;
  createdAt: Date;
  updatedAt: Date;
  path: string | null;
  pages: PageTreeNode[];
}

/** Every node reachable from `$1` (node ids), in one round trip: a recursive walk over `children`. */
const SUBTREE = preparedStatement(
  'content_subtree',
  `
  WITH RECURSIVE tree AS (
    SELECT n.* FROM page_nodes n WHERE n.id = ANY($1::bigint[])
    UNION ALL
    SELECT c.* FROM tree JOIN page_nodes c ON c.id = ANY(tree.children)
  )
  SELECT ${pageNodeColumns('tree')}
    FROM tree`,
);

/** A page of a head's index, by id and by path: the hot single-page reads. */
const HEAD_PAGE = preparedStatement('content_head_page', `SELECT node_id::text AS node_id, path FROM head_pages WHERE head_key = $1 AND page_id = $2`);
const HEAD_PATH = preparedStatement('content_head_path', `SELECT node_id::text AS node_id, path FROM head_pages WHERE head_key = $1 AND path = $2`);

/**
 * Reads of content at a `ContentTarget`. Current content (`headKey` set) finds one page by id or
 * by path in the head's index, a primary-key lookup; a revision by id is read by walking its
 * tree. Whole trees are one recursive query either way, their bodies one query by hash.
 * `tx`: read inside a write's transaction (its answer sees what it wrote).
 */
@Injectable()
export class ContentReader {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly sql: SqlPool,
    private readonly blobs: BlobStore,
  ) {}

  /** Inside a write: its transaction; otherwise a statement PostgreSQL plans once per connection. */
  private query<R>(statement: PreparedStatement, values: unknown[], tx?: EntityManager): Promise<R[]> {
    return tx ? tx.query(statement.text, values) : this.sql.rows<R>(statement, values);
  }

  async revision(target: ContentTarget, tx?: EntityManager): Promise<RevisionEntity | undefined> {
    const row = await (tx ?? this.dataSource.manager).findOneBy(RevisionEntity, { id: target.revisionId, spaceId: target.spaceId });
    return row ?? undefined;
  }

  /** The top-level pages of the target's revision, each with its subtree. */
  async tree(revision: RevisionEntity, tx?: EntityManager): Promise<PageTreeNode[]> {
    return this.subtrees(revision.rootPages, null, tx);
  }

  /** One page and its subtree; undefined when the target has no such page. */
  async page(target: ContentTarget, pageId: string, tx?: EntityManager): Promise<PageTreeNode | undefined> {
    if (target.headKey !== null) {
      const [row] = await this.query<{ node_id: string; path: string | null }>(HEAD_PAGE, [target.headKey, pageId], tx);
      if (!row) return undefined;
      return (await this.subtrees([row.node_id], parentPathOf(row.path), tx))[0];
    }
    const revision = await this.revision(target, tx);
    return revision ? find(await this.tree(revision, tx), (page) => page.pageId === pageId) : undefined;
  }

  /** The document or group page at `path` (joined slugs); undefined when none. */
  async pageByPath(target: ContentTarget, path: string, tx?: EntityManager): Promise<PageTreeNode | undefined> {
    const clean = path.replace(/^\/+|\/+$/g, '');
    if (target.headKey !== null) {
      const [row] = await this.query<{ node_id: string; path: string }>(HEAD_PATH, [target.headKey, clean], tx);
      if (!row) return undefined;
      return (await this.subtrees([row.node_id], parentPathOf(row.path), tx))[0];
    }
    const revision = await this.revision(target, tx);
    return revision ? find(await this.tree(revision, tx), (page) => page.path === clean) : undefined;
  }

  /** The bodies of the document pages of `pages` (and their subtrees), by hash. */
  async documents(pages: PageTreeNode[], tx?: EntityManager): Promise<Map<string, JSONDocument>> {
    const hashes: string[] = [];
    const collect = (nodes: PageTreeNode[]) => {
      for (const node of nodes) {
        if (node.documentHash) hashes.push(node.documentHash);
        collect(node.pages);
      }
    };
    collect(pages);
    const bytes = await this.blobs.getMany(hashes, tx);
    return new Map([...bytes].map(([hash, data]) => [hash, parseDocumentBytes(data)]));
  }

  /** The body of one page (an empty document when it has none). */
  documentOf(page: PageTreeNode, documents: Map<string, JSONDocument>): JSONDocument {
    return (page.documentHash && documents.get(page.documentHash)) || emptyDocument();
  }

  /** The nodes below `nodeIds` as trees, paths continuing from `parentPath`. */
  private async subtrees(nodeIds: string[], parentPath: string | null, tx?: EntityManager): Promise<PageTreeNode[]> {
    if (nodeIds.length === 0) return [];
    const rows = await this.query<PageNodeRow>(SUBTREE, [nodeIds], tx);
    const byId = new Map(rows.map((row) => [row.node_id, row]));
    const build = (id: string, parent: string | null): PageTreeNode => {
      const row = byId.get(id);
      if (!row) throw new Error(`page node ${id} is missing`);
      const path = row.slug === null ? null : joinPath(parent, row.slug);
      return {
        nodeId: row.node_id,
        pageId: row.page_id,
        ...pageFieldsOf(row),
        path,
        pages: row.children.map((child) => build(child, path)),
      };
    };
    return nodeIds.map((id) => build(id, parentPath));
  }
}

/** The path of a page's parent, from the page's path: what its subtree's paths continue from. */
function parentPathOf(path: string | null): string | null {
  if (path === null) return null;
  const slash = path.lastIndexOf('/');
  return slash < 0 ? null : path.slice(0, slash);
}

function find(pages: PageTreeNode[], match: (page: PageTreeNode) => boolean): PageTreeNode | undefined {
  for (const page of pages) {
    if (match(page)) return page;
    const inside = find(page.pages, match);
    if (inside) return inside;
  }
  return undefined;
}
