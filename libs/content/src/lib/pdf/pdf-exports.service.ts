import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { LRUCache } from 'lru-cache';
import { createHash } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { BlobStore } from '../blobs/blob-store';
import { ContentReader, PageTreeNode } from '../content-reads/content-reader.service';
import { FilePresenter } from '../files/file.presenter';
import { FileReads } from '../files/file-reads.service';
import type { ContentTarget } from '../heads/content-target';
import { EMBEDDABLE_IMAGE_TYPES, PdfImage } from './pdf-export';
import { pdfPages, referencedFileIds } from './pdf-pages';
import { renderPdf } from './pdf-renderer';

/** What to export: the whole content, or one page (with its subpages unless `only`). */
export interface PdfRequest {
  /** The space's title (title page, file name). */
  title: string;
  /** Under the title: what this export is (a change request); a page export defaults to the page's title. */
  subtitle?: string | null;
  page?: string;
  only?: boolean;
}

/** A stored export: the blob of its bytes and the name it downloads under. */
interface RenderedPdf {
  hash: string;
  name: string;
}

/** Stored exports remembered per process (about 200 bytes each): revisions never change. */
const RENDERED_ENTRIES = 10_000;

/**
 * PDF exports of any content target (a space's current content, a change request's head).
 * Rendered on request, stored as a content blob (so every process serves the download), and
 * answered as the blob's signed, expiring download URL. A revision never changes, so the blob of
 * (revision, page, only, title, subtitle) is remembered: a later call reads nothing and renders
 * nothing, it signs a URL. Concurrent calls for the same export share one rendering.
 */
@Injectable()
export class PdfExports {
  private readonly rendered = new LRUCache<string, RenderedPdf>({ max: RENDERED_ENTRIES });
  private readonly rendering = new Map<string, Promise<RenderedPdf>>();

  constructor(
    private readonly reader: ContentReader,
    private readonly files: FileReads,
    private readonly blobs: BlobStore,
    private readonly presenter: FilePresenter,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /** `{url}` of the PDF of `target` (404 when `page` is not one of its pages). */
  async export(target: ContentTarget, request: PdfRequest): Promise<{ url: string }> {
    const key = createHash('sha256')
      .update(JSON.stringify([target.spaceId, target.revisionId, request.page ?? null, !!request.only, request.title, request.subtitle ?? null]))
      .digest('hex');
    let pdf = this.rendered.get(key);
    if (!pdf) {
      let pending = this.rendering.get(key);
      if (!pending) {
        pending = this.render(target, request).finally(() => this.rendering.delete(key));
        this.rendering.set(key, pending);
      }
      pdf = await pending;
      this.rendered.set(key, pdf);
    }
    return { url: await this.presenter.downloadUrl(pdf.hash, pdf.name, 'application/pdf') };
  }

  /** Renders and stores the PDF. */
  private async render(target: ContentTarget, request: PdfRequest): Promise<RenderedPdf> {
    const revision = await this.reader.revision(target);
    if (!revision) throw new NotFoundException(`Revision ${target.revisionId} does not exist.`);
    let roots: PageTreeNode[];
    if (request.page !== undefined) {
      const page = await this.reader.page(target, request.page);
      if (!page) throw new NotFoundException(`This content has no page with the id ${request.page}.`);
      roots = [page];
    } else {
      roots = await this.reader.tree(revision);
    }
    const subtitle = request.subtitle ?? (request.page !== undefined ? roots[0].title : null);
    const documents = await this.reader.documents(roots);
    const pages = pdfPages(roots, (page) => this.reader.documentOf(page, documents), request.only);
    const entries = await this.files.many(revision, referencedFileIds(pages));
    const embeddable = entries.filter((entry) => EMBEDDABLE_IMAGE_TYPES.has(entry.contentType));
    const bytes = await this.blobs.getMany(embeddable.map((entry) => entry.blobHash));
    const images = new Map<string, PdfImage>(
      entries.map((entry) => [
        entry.fileId,
        { name: entry.name, contentType: entry.contentType, width: entry.width, height: entry.height, data: bytes.get(entry.blobHash) },
      ]),
    );
    const pdf = await renderPdf({ title: request.title, subtitle, revisionId: revision.id, createdAt: revision.createdAt, pages, images });
    const stored = await this.dataSource.transaction((tx) => this.blobs.put(tx, pdf));
    return { hash: stored.hash, name: fileName(request.title, subtitle) };
  }
}

/** `<title>.pdf` (`<title> - <subtitle>.pdf`), without characters file systems refuse. */
export function fileName(title: string, subtitle: string | null): string {
  const base = [...(subtitle ? `${title} - ${subtitle}` : title)]
    .map((char) => (char < ' ' || '\\/:*?"<>|'.includes(char) ? '-' : char))
    .join('')
    .trim()
    .slice(0, 150);
  return `${base || 'export'}.pdf`;
}
