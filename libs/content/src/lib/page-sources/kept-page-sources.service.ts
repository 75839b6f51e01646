import { Injectable } from '@nestjs/common';
import { preparedStatement, SqlPool } from '@docs/platform';
import type { EntityManager } from 'typeorm';
import { blobHash } from '../blobs/blob-hash';
import { BlobStore } from '../blobs/blob-store';
import { ContentReader, PageTreeNode } from '../content-reads/content-reader.service';
import { pageMarkdown } from '../content-reads/page.presenter';
import { MarkdownLinks } from '../exports/markdown-links.service';
import type { RevisionEntity } from '../revisions/revision.entity';

/** The kept sources of some pages of a space: one indexed lookup (primary key) per read. */
const KEPT = preparedStatement(
  'content_kept_page_sources',
  `SELECT page_id, source_hash, rendered_sha FROM page_import_sources WHERE space_id = $1 AND page_id = ANY($2::text[])`,
);

/** Pages rendered per batch when an import records its sources (their documents read together). */
const RENDER_BATCH = 200;
/** Source bodies read and stored per statement: what an import holds of them is one batch's. */
const STORE_BATCH = 200;

/** What a read needs to know of a page's kept source. */
export interface KeptSource {
  sourceHash: string;
  renderedSha: string;
}

/** A page's file body as an import source gives it (`ImportedPage.sourceBody`): the text, or how to read it. */
export type SourceBody = string | (() => Promise<string>);

/** SHA-256 (hex) of a page's markdown as a read gives it: the address its UTF-8 would have as a blob. */
export function markdownSha(markdown: string): string {
  return blobHash(Buffer.from(markdown, 'utf8'));
}

/**
 * Markdown that reads back as it went in: an imported page keeps its file's body as it came (a
 * content-addressed blob) beside the SHA-256 of what a page read rendered for it right after the
 * import. A markdown read whose rendering still has that sha answers the kept body instead, byte
 * for byte (hand-written `-` bullets, unpadded tables and whatever else our writer would put in
 * GitBook's conventions). Anything that changes the rendering — an edit of the page, a move or
 * rename of it or of a page or file it links to (its relative links change) — makes the read fall
 * back to our rendering, for good or until the change is undone. The same check serves the space,
 * its revisions and its change requests: the rendering decides, not the revision.
 */
@Injectable()
export class KeptPageSources {
  constructor(
    private readonly sql: SqlPool,
    private readonly blobs: BlobStore,
    private readonly reader: ContentReader,
    private readonly links: MarkdownLinks,
  ) {}

  /**
   * What an importer calls in its transaction once its revision and recorded paths are written:
   * stores the pages' file bodies as blobs (content-addressed, one statement per 200 pages, read
   * a batch at a time) and records them (`record`). The zip and markdown imports and the Git
   * import share it.
   */
  async keep(tx: EntityManager, revision: RevisionEntity, bodies: readonly { pageId: string; sourceBody: SourceBody }[]): Promise<void> {
    const sources = new Map<string, string>();
    for (let start = 0; start < bodies.length; start += STORE_BATCH) {
      const batch = bodies.slice(start, start + STORE_BATCH);
      const bytes: Buffer[] = [];
      // One read at a time, as the importers read their sources.
      for (const { sourceBody } of batch) bytes.push(Buffer.from(typeof sourceBody === 'string' ? sourceBody : await sourceBody(), 'utf8'));
      const stored = await this.blobs.putMany(tx, bytes);
      batch.forEach(({ pageId }, index) => sources.set(pageId, stored[index].hash));
    }
    await this.record(tx, revision, sources);
  }

  /**
   * In the import's transaction, once its revision and recorded paths are written: for each page
   * (id -> blob of its source body, already stored), the sha of its markdown as a read of that
   * revision renders it, in one statement. A page imported again gets its new source.
   */
  async record(tx: EntityManager, revision: RevisionEntity, sources: ReadonlyMap<string, string>): Promise<void> {
    if (sources.size === 0) return;
    const pages: PageTreeNode[] = [];
    const walk = (nodes: PageTreeNode[]) => nodes.forEach((node) => (node.type === 'document' && sources.has(node.pageId) && pages.push({ ...node, pages: [] }), walk(node.pages)));
    walk(await this.reader.tree(revision, tx));
    const links = await this.links.ofTarget({ spaceId: revision.spaceId, revisionId: revision.id }, tx);
    const rows: { pageId: string; sourceHash: string; renderedSha: string }[] = [];
    for (let start = 0; start < pages.length; start += RENDER_BATCH) {
      const batch = pages.slice(start, start + RENDER_BATCH);
      const documents = await this.reader.documents(batch, tx);
      for (const page of batch) rows.push({ pageId: page.pageId, sourceHash: sources.get(page.pageId) as string, renderedSha: markdownSha(pageMarkdown(page, documents, links)) });
    }
    if (rows.length === 0) return;
    await tx.query(
      `INSERT INTO page_import_sources (space_id, page_id, source_hash, rendered_sha)
       SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[])
       ON CONFLICT (space_id, page_id) DO UPDATE SET source_hash = EXCLUDED.source_hash, rendered_sha = EXCLUDED.rendered_sha`,
      [revision.spaceId, rows.map((row) => row.pageId), rows.map((row) => row.sourceHash), rows.map((row) => row.renderedSha)],
    );
  }

  /** The kept sources of these pages of a space (those without one are absent): one statement. */
  async lookup(spaceId: string, pageIds: readonly string[], tx?: EntityManager): Promise<Map<string, KeptSource>> {
    if (pageIds.length === 0) return new Map();
    const values = [spaceId, pageIds];
    const rows: { page_id: string; source_hash: string; rendered_sha: string }[] = tx ? await tx.query(KEPT.text, values) : await this.sql.rows(KEPT, values);
    return new Map(rows.map((row) => [row.page_id, { sourceHash: row.source_hash, renderedSha: row.rendered_sha }]));
  }

  /**
   * Presented pages (and their presented child pages) whose `markdown` is still what the import
   * rendered get their kept source instead; the blobs are read (one statement) only for those.
   */
  async restore(presented: readonly Record<string, unknown>[], kept: ReadonlyMap<string, KeptSource>, tx?: EntityManager): Promise<void> {
    if (kept.size === 0) return;
    const matching: { page: Record<string, unknown>; hash: string }[] = [];
    const visit = (pages: readonly Record<string, unknown>[]) => {
      for (const page of pages) {
        const source = kept.get(page['id'] as string);
        if (source && typeof page['markdown'] === 'string' && markdownSha(page['markdown']) === source.renderedSha) matching.push({ page, hash: source.sourceHash });
        if (Array.isArray(page['pages'])) visit(page['pages'] as Record<string, unknown>[]);
      }
    };
    visit(presented);
    if (matching.length === 0) return;
    const bytes = await this.blobs.getMany(matching.map((entry) => entry.hash), tx);
    for (const { page, hash } of matching) {
      const source = bytes.get(hash);
      if (source) page['markdown'] = source.toString('utf8');
    }
  }
}
