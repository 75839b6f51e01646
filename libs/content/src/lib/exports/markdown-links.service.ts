import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { preparedStatement, readsInTurn, SqlPool } from '@docs/platform';
import { LRUCache } from 'lru-cache';
import { posix } from 'node:path';
import type { DataSource, EntityManager } from 'typeorm';
import type { RefResolver } from '@docs/document-model';
import { ContentReader } from '../content-reads/content-reader.service';
import { FileReads } from '../files/file-reads.service';
import type { ContentTarget } from '../heads/content-target';
import type { ReusableContentEntry } from '../reusable-contents/reusable-content-entry';
import { RevisionEntity } from '../revisions/revision.entity';
import { ExportLayout, planExportLayout } from './export-layout';
import { layoutLinks } from './layout-links';
import { SpaceExportFileEntity } from './space-export-file.entity';

/** Layouts kept: one per revision (and state of the space's recorded paths) read lately. */
const LAYOUTS = 256;

/** What the space's recorded paths are now, in one value: the layout of a revision depends on them. */
const RECORDED_STATE = preparedStatement(
  'content_recorded_paths_state',
  `SELECT count(*)::text || ':' || coalesce(sum(hashtext(kind || '/' || item_id || '/' || path || '/' || coalesce(parent_id, '') || '/' || coalesce(name, ''))), 0)::text AS state
     FROM space_export_files WHERE space_id = $1`,
);

/**
 * The links of a page's markdown, as GitBook writes them and as the export writes the page's file:
 * a page as the relative path of its file (`../guide/`, `setup.md#install`), a file as
 * `../.gitbook/assets/x.png`, a reusable content as its `.gitbook/includes` path, all relative to
 * the page's own file in the revision's export layout (`planExportLayout`, the space's recorded
 * paths kept: a zip or Git import's own paths). Reads write references that way (`urlOfRef`),
 * writes read them back (`refOfUrl`), so a body read and written back unchanged keeps its
 * references; `ref:` URLs keep working both ways.
 *
 * A layout costs the revision's tree, files and the space's recorded paths (three queries, whatever
 * the number of pages or links); it is kept per revision and state of the recorded paths, so a
 * read of a page of a known revision costs one small query.
 */
@Injectable()
export class MarkdownLinks {
  private readonly layouts = new LRUCache<string, ExportLayout>({ max: LAYOUTS });

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly sql: SqlPool,
    private readonly reader: ContentReader,
    private readonly files: FileReads,
  ) {}

  /** The layout of a target's revision; undefined when the target has no such revision. */
  async layout(target: Pick<ContentTarget, 'spaceId' | 'revisionId'>, tx?: EntityManager, revision?: RevisionEntity): Promise<ExportLayout | undefined> {
    const state = tx
      ? ((await tx.query(RECORDED_STATE.text, [target.spaceId])) as { state: string }[])[0].state
      : (await this.sql.rows<{ state: string }>(RECORDED_STATE, [target.spaceId]))[0].state;
    const key = `${target.spaceId}:${target.revisionId}:${state}`;
    const known = this.layouts.get(key);
    if (known) return known;
    const read = revision ?? (await (tx ?? this.dataSource.manager).findOneBy(RevisionEntity, { id: target.revisionId, spaceId: target.spaceId }));
    if (!read) return undefined;
    const [pages, files, recorded] = await readsInTurn(tx, [
      () => this.reader.tree(read, tx),
      () => this.files.all(read, tx),
      () => (tx ?? this.dataSource.manager).find(SpaceExportFileEntity, { where: { spaceId: target.spaceId } }),
    ]);
    const layout = planExportLayout({ pages, files, reusableContents: (read.reusableContents ?? []) as ReusableContentEntry[], recorded });
    this.layouts.set(key, layout);
    return layout;
  }

  /** How the pages of a target's revision write their references: a resolver per page (undefined outside the layout). */
  async ofTarget(target: Pick<ContentTarget, 'spaceId' | 'revisionId'>, tx?: EntityManager): Promise<(pageId: string) => RefResolver | undefined> {
    const layout = await this.layout(target, tx);
    return (pageId) => {
      const file = layout?.pages.get(pageId)?.file;
      return layout && file ? layoutLinks(file, layout) : undefined;
    };
  }

  /**
   * How a markdown body written into a page of a write (on top of `base`) reads its links: from the
   * page's file, or, for a page the write creates, from a file in its parent's folder.
   */
  async forWrite(base: RevisionEntity, at: { pageId: string } | { parent: string | null }, tx: EntityManager): Promise<RefResolver | undefined> {
    const layout = await this.layout({ spaceId: base.spaceId, revisionId: base.id }, tx, base);
    if (!layout) return undefined;
    if ('pageId' in at) {
      const file = layout.pages.get(at.pageId)?.file;
      return file ? layoutLinks(file, layout) : undefined;
    }
    const folder = at.parent === null ? '' : layout.pages.get(at.parent)?.folder;
    return folder === undefined ? undefined : layoutLinks(posix.join(folder, 'new-page.md'), layout);
  }
}
