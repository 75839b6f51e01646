import { BadRequestException, HttpException, Injectable } from '@nestjs/common';
import { newId } from '@docs/platform';
import { fromBuffer } from 'file-type';
import { lookup as mimeLookup } from 'mime-types';
import type { EntityManager } from 'typeorm';
import { type JSONDocument, markdownToDocument } from '@docs/document-model';
import { BlobStore } from '../blobs/blob-store';
import { ImportedPaths, ImportedSources } from '../exports/imported-paths.service';
import type { ContentDraft } from '../content-writes/content-draft';
import { KeptPageSources, type SourceBody } from '../page-sources/kept-page-sources.service';
import { ContentWriter } from '../content-writes/content-writer.service';
import { readDimensions, SIZED_IMAGE } from '../files/file-uploads.service';
import { REFUSED_CONTENT_TYPES } from '../files/file-type-rules';
import type { ContentHead } from '../heads/content-head';
import { documentBytes } from '../page-bodies/page-document';
import { canonicalVariables } from '../pages/page-node-row';
import { storeDocument } from '../page-bodies/store-document-body';
import type { RevisionEntity } from '../revisions/revision.entity';
import { countPages, ImportedContent, ImportedPage } from './imported-content';
import { ImportTargets, rewriteImportedRefs, sourceKey } from './imported-refs';

const TITLE_MAX = 100;
/** Pages whose source path an export can keep (a markdown file; an HTML page is exported as markdown elsewhere). */
const MARKDOWN_FILE = /\.(md|markdown)$/i;
/** Page bodies converted and stored at once: what an import holds of documents and bytes is a batch's. */
const BODIES_PER_BATCH = 200;

/** Where an import goes: after the head's top-level pages, or in place of one page's body and children. */
export type ImportPlacement = { kind: 'append' } | { kind: 'replace'; pageId: string };

export interface ImportWriteResult {
  revision: RevisionEntity;
  importedResources: number;
  totalResources: number;
}

/**
 * Writes converted content as ONE revision of a head (`ContentWriter.apply`: one transaction, so a
 * failure leaves no revision, no page and no file). Files first, then every page (so each has its
 * id), then the bodies, whose links to imported pages and files become page, anchor and file
 * references, then the included files as reusable contents (embedded by the pages' blocks).
 */
@Injectable()
export class ContentImporter {
  constructor(
    private readonly writer: ContentWriter,
    private readonly blobs: BlobStore,
    private readonly paths: ImportedPaths,
    private readonly keptSources: KeptPageSources,
  ) {}

  async write(head: ContentHead, content: ImportedContent, placement: ImportPlacement, actor: string | null): Promise<ImportWriteResult> {
    let imported = 0;
    const { revision } = await this.writer.apply(head, { actor, message: `Import ${countPages(content.pages)} pages` }, async (draft, tx) => {
      const targets: ImportTargets = { pages: new Map(), files: new Map(), reusableContents: new Map() };
      // Where each item came from (archive entries), recorded once the revision is written.
      const sources: ImportedSources & { pages: Map<string, string>; files: Map<string, string>; reusableContents: Map<string, string> } = {
        pages: new Map(),
        files: new Map(),
        reusableContents: new Map(),
      };
      imported += await this.writeFiles(draft, tx, content, targets, sources.files);
      for (const included of content.reusableContents ?? []) targets.reusableContents?.set(included.key, newId());
      const bodies: { pageId: string; page: ImportedPage }[] = [];
      // Pages imported at the top level keep their files' bodies (page id -> blob): a page import
      // into another page's place reads in the space's layout, where the file's relative links are not.
      const keepSources = placement.kind === 'append';
      const sourceBodies: { pageId: string; sourceBody: SourceBody }[] = [];
      const create = async (page: ImportedPage, parent: string | null): Promise<void> => {
        const type = page.type === 'group' && parent !== null ? 'document' : (page.type ?? 'document');
        const pageId = await draft.createPage({
          parent,
          // GitBook's URL of the page: its file's name (made unique among its siblings).
          ...(page.slug && type !== 'link' ? { preferredSlug: page.slug } : {}),
          fields: {
            type,
            title: page.title.trim().slice(0, TITLE_MAX) || 'Untitled',
            emoji: page.emoji ?? null,
            description: page.description?.slice(0, 1000) ?? null,
            hidden: page.hidden ?? false,
            noIndex: page.noIndex ?? false,
            href: type === 'link' ? (page.href ?? null) : null,
            documentHash: null,
            variables: type === 'document' && page.variables ? canonicalVariables(page.variables) : null,
          },
        });
        imported++;
        // A file listed twice in SUMMARY.md is two pages: links to it, and its path, are the first's.
        const key = page.source ? sourceKey(new URL(page.source)) : undefined;
        if (page.source && key !== undefined && !targets.pages.has(key)) {
          targets.pages.set(key, pageId);
          if (MARKDOWN_FILE.test(page.source)) sources.pages.set(pageId, page.source);
        }
        if (type === 'document') bodies.push({ pageId, page });
        for (const child of page.children) await create(child, type === 'link' ? parent : pageId);
      };

      if (placement.kind === 'append') {
        // Into a space without pages, the archive's first page and table of contents are the space's.
        if ((await draft.childIds(null)).length === 0) {
          const readme = firstDocument(content.pages)?.source;
          if (readme && MARKDOWN_FILE.test(readme)) sources.readme = readme;
          if (content.summary) sources.summary = content.summary;
        }
        for (const page of content.pages) await create(page, null);
        // The space's variables (`.gitbook/vars.yaml`) join the head's, the source's winning.
        if (content.variables) draft.setVariables({ ...draft.variables, ...content.variables });
      } else {
        const target = await draft.page(placement.pageId);
        if (target.fields.type !== 'document') throw new BadRequestException(`Page ${placement.pageId} is a ${target.fields.type}: only a document page takes an import.`);
        for (const child of await draft.childIds(placement.pageId)) await draft.deletePage(child);
        // One page imported: its body and children replace the page's. Several: they become its children.
        const single = content.pages.length === 1 && content.pages[0].type !== 'link' ? content.pages[0] : undefined;
        if (single?.source) targets.pages.set(sourceKey(new URL(single.source)), placement.pageId);
        bodies.push({ pageId: placement.pageId, page: single ?? { title: target.fields.title, source: null, markdown: '', children: [] } });
        for (const page of single ? single.children : content.pages) await create(page, placement.pageId);
        if (single) imported++;
      }

      // The bodies a batch at a time: each converted once, stored in one statement, remembered
      // for the indexers while there is room (`WriteDocuments`), then let go.
      for (let start = 0; start < bodies.length; start += BODIES_PER_BATCH) {
        const documents: { pageId: string; document: JSONDocument; bytes: Buffer | null }[] = [];
        for (const { pageId, page } of bodies.slice(start, start + BODIES_PER_BATCH)) {
          const document = await convertEntry(page.source, page.title, async () =>
            rewriteImportedRefs(markdownToDocument(typeof page.markdown === 'string' ? page.markdown : await page.markdown()), page.source, targets),
          );
          documents.push({ pageId, document, bytes: documentBytes(document) });
          if (keepSources && page.sourceBody !== undefined) sourceBodies.push({ pageId, sourceBody: page.sourceBody });
        }
        const stored = await this.blobs.putMany(
          tx,
          documents.flatMap(({ bytes }) => (bytes ? [bytes] : [])),
        );
        let next = 0;
        for (const { pageId, document, bytes } of documents) {
          const documentHash = bytes ? stored[next++].hash : null;
          if (documentHash) draft.documents.remember(documentHash, document);
          if (documentHash || placement.kind === 'replace') await draft.updatePage(pageId, { documentHash });
        }
      }
      // Included files: one reusable content each, their links rewritten like the pages'.
      for (const included of content.reusableContents ?? []) {
        const document = await convertEntry(included.source, included.title, async () => rewriteImportedRefs(markdownToDocument(included.markdown), included.source, targets));
        const hash = await storeDocument(this.blobs, tx, document);
        const id = targets.reusableContents?.get(included.key) as string;
        draft.putReusableContent({ id, title: included.title.trim().slice(0, TITLE_MAX) || 'Untitled', ...(hash ? { document: hash } : {}) });
        sources.reusableContents.set(id, included.source);
        imported++;
      }
      // An archive's paths are the space's when it is imported at the top level: an export (a zip,
      // Git Sync) then writes each item where it came from. A page import's are not the space's.
      return async (writeTx, revision) => {
        if (placement.kind === 'append') await this.paths.recordImport(writeTx, revision, sources);
        // After the paths: the renderings whose shas are kept use the layout they give. The files'
        // own bodies are stored then (content-addressed: an unchanged file costs nothing).
        await this.keptSources.keep(writeTx, revision, sourceBodies);
      };
    });
    return { revision, importedResources: imported, totalResources: Math.max(content.totalResources, imported) };
  }

  /** Stores each file as a blob and a file entry of the draft's revision; programs are skipped. */
  private async writeFiles(draft: ContentDraft, tx: EntityManager, content: ImportedContent, targets: ImportTargets, sources: Map<string, string>): Promise<number> {
    let written = 0;
    for (const file of content.files) {
      const data = await file.read();
      const sniffed = (await fromBuffer(data))?.mime;
      if (sniffed && REFUSED_CONTENT_TYPES.has(sniffed)) continue;
      const contentType = sniffed ?? file.contentType ?? (mimeLookup(file.name) || 'application/octet-stream');
      const dimensions = SIZED_IMAGE.test(contentType) ? readDimensions(data) : undefined;
      const blob = await this.blobs.put(tx, data);
      const fileId = newId();
      const [entry]: { id: string }[] = await tx.query(
        `INSERT INTO file_entries (file_id, name, content_type, size, width, height, blob_hash, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id::text AS id`,
        [fileId, file.name.slice(0, 255) || 'file', contentType, blob.size, dimensions?.width ?? null, dimensions?.height ?? null, blob.hash, draft.now],
      );
      draft.addFile(entry.id);
      const url = new URL(file.source);
      targets.files.set(sourceKey(url), fileId);
      targets.files.set(url.href, fileId);
      sources.set(fileId, file.source);
      written++;
    }
    return written;
  }
}

/** The first document page of a tree in reading order (an export's readme). */
function firstDocument(pages: readonly ImportedPage[]): ImportedPage | undefined {
  for (const page of pages) {
    if ((page.type ?? 'document') === 'document') return page;
    if (page.type === 'group') {
      const inside = firstDocument(page.children);
      if (inside) return inside;
    }
  }
  return undefined;
}

/**
 * Converts one page (or included file) of the source: whatever goes wrong on the way is a 400 that
 * names it (its path in an archive, else its URL or title), never a 500 for the whole import.
 */
async function convertEntry(source: string | null, title: string, convert: () => Promise<JSONDocument>): Promise<JSONDocument> {
  try {
    return await convert();
  } catch (error) {
    if (error instanceof HttpException) throw error;
    const where = source?.startsWith('file:///') ? decodeURIComponent(source.slice('file:///'.length)) : (source ?? title);
    throw new BadRequestException(`The page ${where} of the source could not be converted: ${error instanceof Error ? error.message : String(error)}`);
  }
}
