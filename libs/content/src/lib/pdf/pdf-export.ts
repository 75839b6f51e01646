import type { JSONDocument } from '@docs/document-model';
import type { PageType } from '../pages/page-node.entity';

/** One content page as the renderer sees it, in reading order (a parent before its children). */
export interface PdfPage {
  pageId: string;
  type: PageType;
  title: string;
  /** 0 for a top-level page of the export; its children 1, and so on (the bookmark nesting). */
  depth: number;
  description: string | null;
  /** Link pages: where they point. */
  href: string | null;
  /** Document pages: the body (empty for groups and links). */
  document: JSONDocument | null;
}

/** A file of the content that a body shows as an image. `data` only for the formats a PDF embeds. */
export interface PdfImage {
  name: string;
  contentType: string;
  width: number | null;
  height: number | null;
  data?: Buffer;
}

/** Everything a PDF is made of: no database, no I/O left for the renderer. */
export interface PdfExport {
  /** The space's title: the title page and the PDF's metadata. */
  title: string;
  /** Under the title (what was exported: a change request, one page). */
  subtitle: string | null;
  revisionId: string;
  /** The revision's time: the title page and the PDF's dates (the same bytes for the same revision). */
  createdAt: Date;
  pages: PdfPage[];
  /** By file id. A file a body names that is absent here is shown by its reference only. */
  images: Map<string, PdfImage>;
}

/** The image formats pdfkit embeds; anything else is named in the text, not drawn. */
export const EMBEDDABLE_IMAGE_TYPES: ReadonlySet<string> = new Set(['image/png', 'image/jpeg']);

/** The named destination of a page: what its bookmark and the links to it go to. */
export const pageDestination = (pageId: string) => `page-${pageId}`;
