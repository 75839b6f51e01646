import type { HeadingAnchors } from '@docs/document-model';
import { DocNode, plainText } from './doc-node';

const isHeading = (node: DocNode) => node.object === 'block' && typeof node.type === 'string' && /^heading-[123]$/.test(node.type);

/**
 * The anchor of every heading of `document`, walked as the document model's outline walks it
 * (fragments before nodes), from `anchors`: the model's rule, the one search sections and `#anchor`
 * links use (apps/site tests that both agree), shared so that a reusable content's headings,
 * numbered after the page's, never repeat an id of the page.
 */
export function assignAnchors(document: DocNode, anchors: HeadingAnchors, into: Map<DocNode, string>): void {
  const visit = (node: DocNode) => {
    if (isHeading(node)) into.set(node, anchors.next(plainText(node), typeof node.data?.id === 'string' ? node.data.id : undefined));
    for (const child of node.fragments ?? []) visit(child);
    for (const child of node.nodes ?? []) visit(child);
  };
  for (const node of document.nodes ?? []) visit(node);
}
