import { canonicalVariables } from '@docs/content';
import type { EntityManager } from 'typeorm';
import type { NodeLoader, PageNodeInfo } from './page-version';

/** Loads page nodes by id through `tx` (one query per call), for `diffTrees`. */
export function nodeLoader(tx: EntityManager): NodeLoader {
  return async (ids: string[]) => {
    const rows: Record<string, any>[] = await tx.query(
      `SELECT id::text AS node_id, page_id, type, title, slug, emoji, description, hidden, no_index, href, document_hash, variables, children::text[] AS children
         FROM page_nodes WHERE id = ANY($1::bigint[])`,
      [ids],
    );
    if (rows.length !== ids.length) throw new Error(`page nodes missing: asked ${ids.length}, found ${rows.length}`);
    return rows.map(
      (row): PageNodeInfo => ({
        nodeId: row.node_id,
        pageId: row.page_id,
        type: row.type,
        title: row.title,
        slug: row.slug,
        emoji: row.emoji,
        description: row.description,
        hidden: row.hidden,
        noIndex: row.no_index,
        href: row.href,
        documentHash: row.document_hash,
        variables: canonicalVariables(row.variables),
        children: row.children,
      }),
    );
  };
}
