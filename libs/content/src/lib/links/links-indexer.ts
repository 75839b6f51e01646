import { Injectable, OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { extractLinks } from '@docs/document-model';
import { ContentDelta, ContentIndexer, ContentIndexers } from '../indexing/content-indexer';
import { deleteInBatches } from '../purge/delete-in-batches';
import { linkRows } from './link-rows';

/**
 * Keeps `page_links` in step with each write, inside its transaction: the links of every page of
 * the delta (new, edited, or moved: relative links resolve from the page's new path) are parsed
 * from its document and replace its rows; removed pages lose theirs. Nothing is parsed on read.
 */
@Injectable()
export class LinksIndexer implements ContentIndexer, OnModuleInit {
  readonly name = 'links';

  constructor(private readonly registry: ContentIndexers) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  async apply(tx: EntityManager, delta: ContentDelta): Promise<void> {
    const touched = [...delta.removed, ...delta.upserted.map((page) => page.pageId)];
    if (touched.length === 0) return;
    await tx.query(`DELETE FROM page_links WHERE head_key = $1 AND page_id = ANY($2::text[])`, [delta.headKey, touched]);

    const withBody = delta.upserted.filter((page) => page.type === 'document' && page.documentHash !== null);
    if (withBody.length === 0) return;
    const documents = await delta.documents.load(
      tx,
      withBody.map((page) => page.documentHash),
    );
    const rows = withBody.flatMap((page) => {
      const document = documents.get(page.documentHash as string);
      if (!document) return [];
      const links = extractLinks(document);
      return linkRows(links, { spaceId: delta.spaceId, pageId: page.pageId, path: page.path }).map((row) => ({ ...row, pageId: page.pageId }));
    });
    if (rows.length === 0) return;
    await tx.query(
      `INSERT INTO page_links (head_key, page_id, seq, kind, relation, target_key, target_space, target_page, target_path, raw_path,
                               target_file, anchor, url, location_anchor, location_node)
       SELECT $1, x."pageId", x.seq, x.kind, x.relation, x."targetKey", x."targetSpace", x."targetPage", x."targetPath", x."rawPath",
              x."targetFile", x.anchor, x.url, x."locationAnchor", x."locationNode"
         FROM jsonb_to_recordset($2::jsonb) AS x("pageId" text, seq integer, kind text, relation text, "targetKey" text, "targetSpace" text,
              "targetPage" text, "targetPath" text, "rawPath" text, "targetFile" text, anchor text, url text, "locationAnchor" text,
              "locationNode" text)`,
      [delta.headKey, JSON.stringify(rows)],
    );
  }

  async dropHeads(tx: EntityManager, headKeys: string[], between: () => Promise<void>): Promise<void> {
    await deleteInBatches(tx, 'page_links', 'head_key = ANY($1::text[])', [headKeys], { between });
  }

  async copyHead(tx: EntityManager, copy: { fromHeadKey: string; toHeadKey: string }): Promise<void> {
    await tx.query(
      `INSERT INTO page_links (head_key, page_id, seq, kind, relation, target_key, target_space, target_page, target_path, raw_path,
                               target_file, anchor, url, location_anchor, location_node)
       SELECT $2, page_id, seq, kind, relation, target_key, target_space, target_page, target_path, raw_path,
              target_file, anchor, url, location_anchor, location_node
         FROM page_links WHERE head_key = $1`,
      [copy.fromHeadKey, copy.toHeadKey],
    );
  }
}
