import { Injectable } from '@nestjs/common';
import { PublicUrls } from '@docs/platform';
import type { RefResolver } from '../documents';
import { documentToMarkdown, JSONDocument } from '../page-bodies/document-codec';
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

export interface PresentContext {
  spaceId: string;
  /** How bodies are given: the reference's `document`, or rendered `markdown`. */
  format: DocumentFormat;
  documents: Map<string, JSONDocument>;
  /** How a page's markdown writes references (`MarkdownLinks`: relative paths as GitBook writes them); `ref:` URLs without. */
  links?: (pageId: string) => RefResolver | undefined;
}

/** A page as read (with its subtree) -> the reference's `RevisionPage` (document, group or link). */
@Injectable()
export class PagePresenter {
  constructor(private readonly urls: PublicUrls) {}

  present(page: PageTreeNode, context: PresentContext): Record<string, unknown> {
    const common = {
      id: page.pageId,
      title: page.title,
      ...(page.emoji ? { emoji: page.emoji } : {}),
      createdAt: page.createdAt.toISOString(),
      updatedAt: page.updatedAt.toISOString(),
    };
    if (page.type === 'link') {
      return { ...common, kind: 'link', type: 'link', target: { kind: 'url', url: page.href ?? '' }, href: page.href ?? '', hidden: page.hidden };
    }
    const shared = {
      ...common,
      slug: page.slug ?? '',
      path: page.path ?? '',
      ...(page.description ? { description: page.description } : {}),
      hidden: page.hidden,
      noIndex: page.noIndex,
      pages: page.pages.map((child) => this.present(child, context)),
    };
    if (page.type === 'group') return { ...shared, kind: 'group', type: 'group' };
    const document = (page.documentHash && context.documents.get(page.documentHash)) || { object: 'document', data: {}, nodes: [] };
    return {
      ...shared,
      kind: 'sheet',
      type: 'document',
      urls: { app: this.urls.app('s', context.spaceId, page.path ?? '') },
      layout: DEFAULT_LAYOUT,
      ...(page.variables ? { variables: JSON.parse(page.variables) as Record<string, unknown> } : {}),
      ...(page.documentHash ? { documentId: page.documentHash } : {}),
      ...(context.format === 'markdown' ? { markdown: documentToMarkdown(document as JSONDocument, context.links?.(page.pageId)) } : { document }),
    };
  }
}
