import type { JSONDocument } from '@gitbook/api';
import { DocNode } from './document-nodes';
import { plainText } from './document-text';
import { HeadingAnchors } from './heading-anchors';

export interface OutlineStep {
  node: DocNode;
  ancestors: DocNode[];
  /** The anchor of the heading this node is under (the node's own, for a heading); none before the first. */
  anchor?: string;
}

/**
 * Every node of a document in document order (fragments before nodes, as markdownToDocument
 * numbers them), with the anchor of the section it belongs to. Anchors are computed here from
 * the headings themselves (a heading's own `data.id`, else its slug), never read from `meta`, so
 * section paths, link anchors and the document's headings always agree.
 */
export function* outline(document: DocNode): Generator<OutlineStep> {
  const anchors = new HeadingAnchors();
  let anchor: string | undefined;
  function* visit(node: DocNode, ancestors: DocNode[]): Generator<OutlineStep> {
    if (node.object === 'block' && node.type?.startsWith('heading-')) anchor = anchors.next(plainText(node), node.data?.id);
    yield { node, ancestors, anchor };
    const below = [...ancestors, node];
    for (const child of node.fragments ?? []) yield* visit(child, below);
    for (const child of node.nodes ?? []) yield* visit(child, below);
  }
  for (const node of document.nodes ?? []) yield* visit(node, [document]);
}

/** The anchors of a document's headings, in order (what `#anchor` links to the page may name). */
export function extractAnchors(document: JSONDocument): string[] {
  const out: string[] = [];
  for (const step of outline(document as unknown as DocNode)) if (step.node.object === 'block' && step.node.type?.startsWith('heading-')) out.push(step.anchor!);
  return out;
}
