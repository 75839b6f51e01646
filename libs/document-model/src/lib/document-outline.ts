import type { JSONDocument } from '@gitbook/api';
import { DocNode } from './document-nodes';
import { plainText } from './document-text';
import { HeadingAnchors } from './heading-anchors';

export interface OutlineStep {
  node: DocNode;
  /** The nodes above, outermost first: a live stack, valid only during the visitor's call. */
  ancestors: readonly DocNode[];
  /** The anchor of the heading this node is under (the node's own, for a heading); none before the first. */
  anchor?: string;
}

/**
 * Every node of a document in document order (fragments before nodes, as markdownToDocument
 * numbers them), with the anchor of the section it belongs to. Anchors are computed here from
 * the headings themselves (a heading's own `data.id`, else its slug), never read from `meta`, so
 * section paths, link anchors and the document's headings always agree.
 */
export function outline(document: DocNode, visitor: (step: OutlineStep) => void): void {
  const anchors = new HeadingAnchors();
  let anchor: string | undefined;
  // A callback walk, not a generator: `yield*` costs a step per level for every node.
  const ancestors: DocNode[] = [document];
  const visit = (node: DocNode) => {
    if (node.object === 'block' && node.type?.startsWith('heading-')) anchor = anchors.next(plainText(node), node.data?.id);
    visitor({ node, ancestors, anchor });
    if (!node.fragments?.length && !node.nodes?.length) return;
    ancestors.push(node);
    for (const child of node.fragments ?? []) visit(child);
    for (const child of node.nodes ?? []) visit(child);
    ancestors.pop();
  };
  for (const node of document.nodes ?? []) visit(node);
}

/** The anchors of a document's headings, in order (what `#anchor` links to the page may name). */
export function extractAnchors(document: JSONDocument): string[] {
  const out: string[] = [];
  outline(document as unknown as DocNode, (step) => {
    if (step.node.object === 'block' && step.node.type?.startsWith('heading-')) out.push(step.anchor!);
  });
  return out;
}
