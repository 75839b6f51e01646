import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { readsInTurn } from '@docs/platform';
import { Readable } from 'node:stream';
import type { DataSource, EntityManager } from 'typeorm';
import { documentToMarkdown, emptyDocument } from '@docs/document-model';
import { BlobStore } from '../blobs/blob-store';
import { ContentReader, PageTreeNode } from '../content-reads/content-reader.service';
import { FileReads } from '../files/file-reads.service';
import type { ContentTarget } from '../heads/content-target';
import { parseDocumentBytes } from '../page-bodies/page-document';
import type { ReusableContentEntry, Variables } from '../reusable-contents/reusable-content-entry';
import type { RevisionEntity } from '../revisions/revision.entity';
import { includeFileText, layoutFileText, pageFileText, summaryFileText, varsFileText } from './export-files';
import { relativeRefs } from './layout-links';
import { ExportLayout, LAYOUT_FILE, planExportLayout, RecordedKind, RecordedPath } from './export-layout';
import { SpaceExportFileEntity } from './space-export-file.entity';

/** Page bodies read and rendered at once: what an export holds of documents is one batch's. */
export const EXPORT_PAGES_PER_BATCH = 200;

/** One file of an export. Its bytes are produced when read, in the order of the entries. */
export interface ExportEntry {
  /** Relative to the content root. */
  path: string;
  kind: RecordedKind;
  itemId: string;
  /** Files: the blob's SHA-256 and size, known without reading it. */
  sha?: string;
  size?: number;
  read(): Promise<Buffer>;
  /** The bytes as a stream: files come from the blob store in slices, never whole. */
  stream(): Promise<Readable>;
}

/** A revision laid out as GitBook's Git Sync files, ready to be read entry by entry. */
export interface MarkdownExport {
  revision: RevisionEntity;
  pages: PageTreeNode[];
  layout: ExportLayout;
  /** Where every item went (groups included): what a sync records for the next export. */
  records: RecordedPath[];
  /** `.gitbook.yaml`, the readme and other pages, SUMMARY.md, includes, vars, files: in this order. */
  entries: ExportEntry[];
}

/**
 * A revision of any target (a space's, a change request's head) as files in GitBook's Git Sync
 * layout (`planExportLayout`), keeping the paths the space's last Git sync recorded. Reading
 * costs the tree (one query), the file list (one), then page bodies a batch at a time and each
 * file streamed from the blob store: memory stays bounded whatever the space's size.
 */
@Injectable()
export class MarkdownExports {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly reader: ContentReader,
    private readonly files: FileReads,
    private readonly blobs: BlobStore,
  ) {}

  /** The paths the space's last sync recorded (empty when it was never synced). */
  async recorded(spaceId: string, tx?: EntityManager): Promise<SpaceExportFileEntity[]> {
    return (tx ?? this.dataSource.manager).find(SpaceExportFileEntity, { where: { spaceId } });
  }

  /**
   * Lays a revision out. `recorded`: the paths to keep (the space's last sync's by default);
   * `tx`: read inside a write's transaction (a Git import records what it just wrote).
   */
  async prepare(target: ContentTarget, options: { recorded?: readonly RecordedPath[]; tx?: EntityManager } = {}): Promise<MarkdownExport> {
    const { tx } = options;
    const revision = await this.reader.revision(target, tx);
    if (!revision) throw new NotFoundException(`Space ${target.spaceId} has no revision with the id ${target.revisionId}.`);
    const [pages, fileEntries, recorded] = await readsInTurn(tx, [
      () => this.reader.tree(revision, tx),
      () => this.files.all(revision, tx),
      () => (options.recorded ? Promise.resolve(options.recorded) : this.recorded(target.spaceId, tx)),
    ]);
    const reusable = (revision.reusableContents ?? []) as ReusableContentEntry[];
    const variables = (revision.variables ?? {}) as Variables;
    const layout = planExportLayout({ pages, files: fileEntries, reusableContents: reusable, recorded });

    const entries: ExportEntry[] = [];
    const text = (path: string, kind: RecordedKind, itemId: string, produce: () => Promise<string> | string): ExportEntry => {
      const read = async () => Buffer.from(await produce(), 'utf8');
      return { path, kind, itemId, read, stream: async () => Readable.from([await read()]) };
    };
    entries.push(text(LAYOUT_FILE, 'config', 'config', () => layoutFileText(layout)));

    const documents = flatten(pages).filter((page) => page.type === 'document');
    const bodies = new BatchedBodies(documents, layout, (hashes) => this.blobs.getMany(hashes, tx));
    documents.forEach((page, index) => {
      const file = layout.pages.get(page.pageId)?.file as string;
      entries.push(text(file, 'page', page.pageId, () => bodies.text(index)));
    });
    entries.push(text(layout.summary, 'summary', 'summary', () => summaryFileText(pages, layout)));

    let includeBodies: Promise<Map<string, Buffer>> | undefined;
    for (const content of reusable) {
      const path = layout.includes.get(content.id) as string;
      entries.push(
        text(path, 'include', content.id, async () => {
          includeBodies ??= this.blobs.getMany(reusable.flatMap((entry) => (entry.document ? [entry.document] : [])), tx);
          const bytes = content.document ? (await includeBodies).get(content.document) : undefined;
          const document = bytes ? parseDocumentBytes(bytes) : emptyDocument();
          return includeFileText(content.title, documentToMarkdown(document, { urlOfRef: relativeRefs(path, layout) }));
        }),
      );
    }
    const vars = varsFileText(variables);
    if (vars !== undefined) entries.push(text(layout.vars, 'vars', 'vars', () => vars));

    for (const file of fileEntries) {
      const stream = async () => {
        const found = await this.blobs.stream(file.blobHash);
        if (!found) throw new Error(`the bytes of file ${file.fileId} (blob ${file.blobHash}) are missing`);
        return found;
      };
      entries.push({
        path: layout.files.get(file.fileId) as string,
        kind: 'file',
        itemId: file.fileId,
        sha: file.blobHash,
        size: file.size,
        stream,
        read: async () => {
          const chunks: Buffer[] = [];
          for await (const chunk of await stream()) chunks.push(chunk as Buffer);
          return Buffer.concat(chunks);
        },
      });
    }
    return { revision, pages, layout, records: recordsOf(pages, fileEntries, reusable, layout), entries };
  }
}

/** The pages of a tree in reading order. */
export function flatten(pages: readonly PageTreeNode[]): PageTreeNode[] {
  return pages.flatMap((page) => [page, ...flatten(page.pages)]);
}

/**
 * Page files rendered a batch at a time: reading page `index` loads and renders the batch it is
 * in (one query for the bodies) and lets the previous batch go. Entries are read in order, so
 * each batch is loaded once.
 */
class BatchedBodies {
  private start = -1;
  private texts: string[] = [];

  constructor(
    private readonly pages: PageTreeNode[],
    private readonly layout: ExportLayout,
    private readonly load: (hashes: string[]) => Promise<Map<string, Buffer>>,
  ) {}

  async text(index: number): Promise<string> {
    const start = index - (index % EXPORT_PAGES_PER_BATCH);
    if (start !== this.start) {
      this.texts = [];
      this.start = -1;
      const batch = this.pages.slice(start, start + EXPORT_PAGES_PER_BATCH);
      const bytes = await this.load(batch.flatMap((page) => (page.documentHash ? [page.documentHash] : [])));
      this.texts = batch.map((page) => {
        const data = page.documentHash ? bytes.get(page.documentHash) : undefined;
        const document = data ? parseDocumentBytes(data) : emptyDocument();
        const file = this.layout.pages.get(page.pageId)?.file as string;
        return pageFileText(page, documentToMarkdown(document, { urlOfRef: relativeRefs(file, this.layout) }));
      });
      this.start = start;
    }
    return this.texts[index - start];
  }
}

function recordsOf(pages: PageTreeNode[], files: { fileId: string; name: string }[], reusable: ReusableContentEntry[], layout: ExportLayout): RecordedPath[] {
  const records: RecordedPath[] = [
    { kind: 'readme', itemId: 'readme', path: layout.readme, parentId: null, name: null },
    { kind: 'summary', itemId: 'summary', path: layout.summary, parentId: null, name: null },
  ];
  const walk = (list: readonly PageTreeNode[], parentId: string | null) => {
    for (const page of list) {
      const placed = layout.pages.get(page.pageId);
      if (placed) records.push({ kind: 'page', itemId: page.pageId, path: placed.file ?? placed.folder, parentId, name: page.slug });
      walk(page.pages, page.type === 'link' ? parentId : page.pageId);
    }
  };
  walk(pages, null);
  for (const file of files) records.push({ kind: 'file', itemId: file.fileId, path: layout.files.get(file.fileId) as string, parentId: null, name: file.name });
  for (const content of reusable) records.push({ kind: 'include', itemId: content.id, path: layout.includes.get(content.id) as string, parentId: null, name: content.title });
  return records;
}
