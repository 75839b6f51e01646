import type { DocNode, JSONDocument } from '@docs/document-model';
import type { PageTreeNode } from '../content-reads/content-reader.service';
import type { PdfPage } from './pdf-export';

/**
 * The pages of an export in reading order (each page before its children, depth for the
 * bookmarks), with their bodies. `only`: the roots without their subtrees.
 */
export function pdfPages(roots: PageTreeNode[], documentOf: (page: PageTreeNode) => JSONDocument, only = false): PdfPage[] {
  const out: PdfPage[] = [];
  const visit = (page: PageTreeNode, depth: number) => {
    out.push({
      pageId: page.pageId,
      type: page.type,
      title: page.title,
      depth,
      description: page.description,
      href: page.href,
      document: page.type === 'document' ? documentOf(page) : null,
    });
    if (!only) for (const child of page.pages) visit(child, depth + 1);
  };
  for (const root of roots) visit(root, 0);
  return out;
}

/** The ids of the content's files that bodies show as images or attach (in first-seen order). */
export function referencedFileIds(pages: PdfPage[]): string[] {
  const ids = new Set<string>();
  const visit = (node: DocNode) => {
    const ref = node.data?.ref;
    if (ref?.kind === 'file' && typeof ref.file === 'string') ids.add(ref.file);
    node.nodes?.forEach(visit);
    node.fragments?.forEach(visit);
  };
  for (const page of pages) if (page.document) visit(page.document as unknown as DocNode);
  return [...ids];
}
