import { Injectable, OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { emptyDocument } from '@docs/document-model';
import { ContentDelta, ContentIndexer, ContentIndexers, IndexedPage } from '../indexing/content-indexer';
import { deleteInBatches } from '../purge/delete-in-batches';
import type { WriteDocuments } from '../indexing/write-documents';
import { pageSearchText } from './page-search-text';
import { TextSearchConfigs } from './search-language';

/**
 * Keeps `page_search` in step with each write, inside its transaction: rows of removed pages go,
 * pages with a new node (new, edited, renamed) are re-read and re-weighed; pages that only moved
 * keep their row (paths live in `head_pages`). Only document pages are searchable.
 */
@Injectable()
export class SearchIndexer implements ContentIndexer, OnModuleInit {
  readonly name = 'search';
  private readonly configs = new TextSearchConfigs();

  constructor(private readonly registry: ContentIndexers) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  /** The configuration a space's pages are indexed and searched with. */
  async configOf(db: Pick<EntityManager, 'query'>, spaceId: string): Promise<string> {
    const [space]: { language: string | null }[] = await db.query(`SELECT language FROM spaces WHERE id = $1`, [spaceId]);
    return this.configs.forLanguage(db, space?.language);
  }

  async apply(tx: EntityManager, delta: ContentDelta): Promise<void> {
    const gone = [...delta.removed, ...delta.upserted.filter((page) => page.type !== 'document').map((page) => page.pageId)];
    if (gone.length > 0) await tx.query(`DELETE FROM page_search WHERE head_key = $1 AND page_id = ANY($2::text[])`, [delta.headKey, gone]);

    const documents = delta.upserted.filter((page) => page.type === 'document');
    if (documents.length === 0) return;
    const config = await this.configOf(tx, delta.spaceId);
    // A page whose node and configuration are unchanged (it only moved) keeps its row.
    const current: { page_id: string; node_id: string; config: string }[] = await tx.query(
      `SELECT page_id, node_id::text AS node_id, config FROM page_search WHERE head_key = $1 AND page_id = ANY($2::text[])`,
      [delta.headKey, documents.map((page) => page.pageId)],
    );
    const unchanged = new Set(current.filter((row) => row.config === config).map((row) => `${row.page_id}:${row.node_id}`));
    const changed = documents.filter((page) => !unchanged.has(`${page.pageId}:${page.nodeId}`));
    if (changed.length === 0) return;
    await this.write(tx, delta.headKey, config, changed, delta.documents);
  }

  async dropHeads(tx: EntityManager, headKeys: string[], between: () => Promise<void>): Promise<void> {
    await deleteInBatches(tx, 'page_search', 'head_key = ANY($1::text[])', [headKeys], { between });
  }

  async copyHead(tx: EntityManager, copy: { fromHeadKey: string; toHeadKey: string }): Promise<void> {
    await tx.query(
      `INSERT INTO page_search (head_key, page_id, node_id, config, no_index, title, sections, anchors, tsv, section_tsv)
       SELECT $2, page_id, node_id, config, no_index, title, sections, anchors, tsv, section_tsv FROM page_search WHERE head_key = $1`,
      [copy.fromHeadKey, copy.toHeadKey],
    );
  }

  private async write(tx: EntityManager, headKey: string, config: string, pages: IndexedPage[], documents: WriteDocuments): Promise<void> {
    const parsed = await documents.load(
      tx,
      pages.map((page) => page.documentHash),
    );
    const rows = pages.map((page) => {
      const document = page.documentHash ? parsed.get(page.documentHash) : undefined;
      const text = pageSearchText(page, document ?? emptyDocument());
      return {
        page_id: page.pageId,
        node_id: page.nodeId,
        no_index: page.noIndex,
        title: page.title,
        sections: text.sections,
        anchors: text.anchors,
        headings: text.headings,
        body: text.body,
        section_texts: text.sectionTexts,
      };
    });
    await tx.query(
      `INSERT INTO page_search (head_key, page_id, node_id, config, no_index, title, sections, anchors, tsv, section_tsv)
       SELECT $1, x.page_id, x.node_id, $2::text, x.no_index, x.title, x.sections, x.anchors,
              setweight(to_tsvector($2::text::regconfig, x.title), 'A')
              || setweight(to_tsvector($2::text::regconfig, x.headings), 'B')
              || setweight(to_tsvector($2::text::regconfig, x.body), 'C'),
              COALESCE((SELECT array_agg(to_tsvector($2::text::regconfig, t.text) ORDER BY t.i)
                          FROM unnest(x.section_texts) WITH ORDINALITY AS t(text, i)), '{}')
         FROM jsonb_to_recordset($3::jsonb) AS x(page_id text, node_id bigint, no_index boolean, title text, sections jsonb,
              anchors text[], headings text, body text, section_texts text[])
       ON CONFLICT (head_key, page_id) DO UPDATE SET node_id = EXCLUDED.node_id, config = EXCLUDED.config, no_index = EXCLUDED.no_index,
              title = EXCLUDED.title, sections = EXCLUDED.sections, anchors = EXCLUDED.anchors, tsv = EXCLUDED.tsv,
              section_tsv = EXCLUDED.section_tsv`,
      [headKey, config, JSON.stringify(rows)],
    );
  }
}
