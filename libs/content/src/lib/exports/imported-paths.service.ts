import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ContentReader, PageTreeNode } from '../content-reads/content-reader.service';
import type { RevisionEntity } from '../revisions/revision.entity';

/** Where the items an import wrote came from: `file:///<path>` source URLs (an archive's entries), by id. */
export interface ImportedSources {
  pages: ReadonlyMap<string, string>;
  files?: ReadonlyMap<string, string>;
  reusableContents?: ReadonlyMap<string, string>;
  /** The archive's first page (`structure.readme`) and table of contents (`structure.summary`) when they are the space's. */
  readme?: string;
  summary?: string;
}

/**
 * Remembers the paths of an archive's pages, files and includes once an import wrote them (in its
 * transaction), so that an export of the space writes each item where it came from (`developers.md`
 * for a page whose slug came from its title, `LICENSE` outside `.gitbook/assets`) for as long as it
 * stays where it is. The importer's one call: `recordImport(tx, revision, sources)` after its write.
 * Paths already recorded for other items stay; sources that are not archive entries are ignored.
 */
@Injectable()
export class ImportedPaths {
  constructor(private readonly reader: ContentReader) {}

  async recordImport(tx: EntityManager, revision: RevisionEntity, sources: ImportedSources): Promise<void> {
    const placed = new Map<string, { parentId: string | null; slug: string | null }>();
    const walk = (pages: PageTreeNode[], parentId: string | null) => pages.forEach((page) => (placed.set(page.pageId, { parentId, slug: page.slug }), walk(page.pages, page.pageId)));
    walk(await this.reader.tree(revision, tx), null);
    const rows: { kind: string; itemId: string; path: string; parentId: string | null; name: string | null }[] = [];
    for (const [pageId, source] of sources.pages) {
      const path = archivePath(source);
      const at = placed.get(pageId);
      if (path && at) rows.push({ kind: 'page', itemId: pageId, path, parentId: at.parentId, name: at.slug });
    }
    for (const [fileId, source] of sources.files ?? []) {
      const path = archivePath(source);
      if (path) rows.push({ kind: 'file', itemId: fileId, path, parentId: null, name: path.split('/').pop() as string });
    }
    for (const [id, source] of sources.reusableContents ?? []) {
      const path = archivePath(source);
      const title = (revision.reusableContents as { id: string; title: string }[]).find((entry) => entry.id === id)?.title ?? null;
      if (path) rows.push({ kind: 'include', itemId: id, path, parentId: null, name: title });
    }
    for (const kind of ['readme', 'summary'] as const) {
      const path = sources[kind] ? archivePath(sources[kind] as string) : undefined;
      if (path) rows.push({ kind, itemId: kind, path, parentId: null, name: null });
    }
    if (rows.length === 0) return;
    await tx.query(
      `INSERT INTO space_export_files (space_id, kind, item_id, path, parent_id, name)
       SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[])
       ON CONFLICT (space_id, kind, item_id) DO UPDATE SET path = EXCLUDED.path, parent_id = EXCLUDED.parent_id, name = EXCLUDED.name, rendered_sha = NULL, oid = NULL`,
      [revision.spaceId, rows.map((r) => r.kind), rows.map((r) => r.itemId), rows.map((r) => r.path), rows.map((r) => r.parentId), rows.map((r) => r.name)],
    );
  }
}

/** The entry path of a `file:///` source URL; undefined for anything else. */
function archivePath(source: string): string | undefined {
  if (!source.startsWith('file:///')) return undefined;
  try {
    const path = decodeURIComponent(new URL(source).pathname.slice(1));
    return path && !path.endsWith('/') ? path : undefined;
  } catch {
    return undefined;
  }
}
