import { extractAnchors, plainText } from '@docs/document-model';
import type { JSONDocument } from '@docs/document-model';
import type { DocNode } from './doc-node';

export interface PageHeading {
  /** The anchor the document model gives the heading (what `#anchor` names). */
  anchor: string;
  title: string;
}

/**
 * The headings of a page with their anchors, in document order. The anchors are the document
 * model's (`extractAnchors`: a heading's own id, else its slug, duplicates numbered), so a link the
 * picker makes names the section the site and search name; the titles are read in the same order
 * (fragments before nodes, as the model walks a document).
 */
export function pageHeadings(document: DocNode): PageHeading[] {
  const titles: string[] = [];
  const visit = (node: DocNode) => {
    if (node.object === 'block' && node.type?.startsWith('heading-')) titles.push(plainText(node));
    for (const child of node.fragments ?? []) visit(child);
    for (const child of node.nodes ?? []) visit(child);
  };
  for (const node of document.nodes ?? []) visit(node);
  const anchors = extractAnchors(document as unknown as JSONDocument);
  return anchors.map((anchor, index) => ({ anchor, title: titles[index] ?? anchor }));
}
