import { Injectable } from '@nestjs/common';
import { preparedStatement, SqlPool } from '@docs/platform';
import type { EntityManager } from 'typeorm';
import type { PageType } from '../pages/page-node.entity';

/** A page of a head's current tree without its subtree or body: what refers to a page needs (comments). */
export interface PageSummary {
  pageId: string;
  type: PageType;
  title: string;
  emoji: string | null;
  /** Null for link pages. */
  path: string | null;
  /** Content hash of its body; null when empty (or not a document). */
  documentHash: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** Some pages of a head's index with their node's fields: one indexed lookup per page, one round trip. */
const HEAD_PAGE_SUMMARIES = preparedStatement(
  'content_head_page_summaries',
  `SELECT hp.page_id, hp.path, n.type, n.title, n.emoji, n.document_hash, n.created_at, n.updated_at
     FROM head_pages hp JOIN page_nodes n ON n.id = hp.node_id
    WHERE hp.head_key = $1 AND hp.page_id = ANY($2::text[])`,
);

interface SummaryRow {
  page_id: string;
  path: string | null;
  type: PageType;
  title: string;
  emoji: string | null;
  document_hash: string | null;
  created_at: Date;
  updated_at: Date;
}

/**
 * Pages of a head's current content by id, shallow: unlike `ContentReader.page`, no subtree and
 * no body, so a list of things pointing at pages (a page of comments) costs one statement
 * whatever the size of those pages.
 */
@Injectable()
export class PageSummaries {
  constructor(private readonly sql: SqlPool) {}

  /** The pages of `pageIds` that the head (a space id, a change request id) has now; absent ones are left out. */
  async inHead(headKey: string, pageIds: Iterable<string>, tx?: EntityManager): Promise<Map<string, PageSummary>> {
    const ids = [...new Set(pageIds)];
    if (ids.length === 0) return new Map();
    const rows: SummaryRow[] = tx
      ? await tx.query(HEAD_PAGE_SUMMARIES.text, [headKey, ids])
      : await this.sql.rows<SummaryRow>(HEAD_PAGE_SUMMARIES, [headKey, ids]);
    return new Map(
      rows.map((row) => [
        row.page_id,
        {
          pageId: row.page_id,
          type: row.type,
          title: row.title,
          emoji: row.emoji,
          path: row.path,
          documentHash: row.document_hash,
          createdAt: row.created_at,
          updatedAt: row.updated_at,
        },
      ]),
    );
  }
}
