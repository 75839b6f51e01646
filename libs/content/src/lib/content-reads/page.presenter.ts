import { Injectable } from '@nestjs/common';
import { PublicUrls } from '@docs/platform';
import { type RefResolver, documentToMarkdown, JSONDocument } from '@docs/document-model';
import type { DocumentFormat } from './dto/content-query.dto';
import type { PageTreeNode } from './content-reader.service';

/**
 * The layout every document page reports: pages have no layout settings here yet, and the
 * reference requires the full `RevisionPageLayoutOptions`.
 */
const DEFAULT_LAYOUT = {
  width: 'default',
  cover: false,
  coverSize: 'hero',
  title: true,
  description: true,
  tableOfContents: true,
  outline: true,
  pagination: true,
  metadata: true,
} as const;

/** How a page's body is given: the reference's `document`, rendered `markdown`, or not at all (`none`: its `documentId` only). */
export type BodyFormat = DocumentFormat | 'none';

export interface PresentContext {
  spaceId: string;
  /** How the page's body is given (and its child pages', unless `childFormat` says otherwise). */
  format: BodyFormat;
  /** How the bodies of its child pages (at every depth) are given; `format` when absent. */
  childFormat?: BodyFormat;
  /** The bodies by hash: needed for the pages whose format is not `none`. */
  documents: Map<string, JSONDocument>;
  /** How a page's markdown writes references (`MarkdownLinks`: relative paths as GitBook writes them); `ref:` URLs without. */
  links?: (pageId: string) => RefResolver | undefined;
}

/**
 * A page as read (with its subtree) -> the reference's `RevisionPage` (document, group or link).
 * Without a body (`none`), a document page carries `documentId` and neither `document` nor
 * `markdown`: the reference's "Empty" document, as API-CONVENTIONS reads it.
 */
@Injectable()
export class PagePresenter {
  constructor(private readonly urls: PublicUrls) {}

  present(page: PageTreeNode, context: PresentContext): Record<string, unknown> {
    // Fields are set one by one, in one order, without spreads: a tree of 1,000 pages is 1,000
    // of these, and objects of one shape are what V8 builds (and JSON.stringify walks) fastest.
    const out: Record<string, unknown> = { id: page.pageId, title: page.title };
    if (page.emoji) out['emoji'] = page.emoji;
    out['createdAt'] = page.createdAt.toISOString();
    out['updatedAt'] = page.updatedAt.toISOString();
    if (page.type === 'link') {
      out['kind'] = 'link';
      out['type'] = 'link';
      out['target'] = { kind: 'url', url: page.href ?? '' };
      out['href'] = page.href ?? '';
      out['hidden'] = page.hidden;
      return out;
    }
    out['slug'] = page.slug ?? '';
    out['path'] = page.path ?? '';
    if (page.description) out['description'] = page.description;
    out['hidden'] = page.hidden;
    out['noIndex'] = page.noIndex;
    const children = childContext(context);
    out['pages'] = page.pages.map((child) => this.present(child, children));
    if (page.type === 'group') {
      out['kind'] = 'group';
      out['type'] = 'group';
      return out;
    }
    out['kind'] = 'sheet';
    out['type'] = 'document';
    out['urls'] = { app: this.urls.app('s', context.spaceId, page.path ?? '') };
    out['layout'] = DEFAULT_LAYOUT;
    if (page.variables) out['variables'] = JSON.parse(page.variables) as Record<string, unknown>;
    if (page.documentHash) out['documentId'] = page.documentHash;
    if (context.format === 'none') return out;
    if (context.format === 'markdown') out['markdown'] = pageMarkdown(page, context.documents, context.links);
    else out['document'] = (page.documentHash && context.documents.get(page.documentHash)) || { object: 'document', data: {}, nodes: [] };
    return out;
  }
}

/** A document page's body as a markdown read gives it (before `KeptPageSources` may answer the imported file's instead). */
export function pageMarkdown(page: PageTreeNode, documents: Map<string, JSONDocument>, links?: (pageId: string) => RefResolver | undefined): string {
  const document = (page.documentHash && documents.get(page.documentHash)) || { object: 'document', data: {}, nodes: [] };
  return documentToMarkdown(document as JSONDocument, links?.(page.pageId));
}

function childContext(context: PresentContext): PresentContext {
  const format = context.childFormat ?? context.format;
  return format === context.format && context.childFormat === undefined ? context : { ...context, format, childFormat: format };
}
