import type { JSONDocument } from '@docs/document-model';

/** A node of a document as walked here: blocks, inlines and texts, loosely typed. */
interface WalkedNode {
  object?: string;
  type?: string;
  key?: string;
  nodes?: WalkedNode[];
  fragments?: WalkedNode[];
  leaves?: { text?: string }[];
}

/** Longest `target.node.preview`, in characters: a quote of the node, not a copy of the page. */
export const NODE_PREVIEW_MAX = 500;

/** The node of `document` whose `key` is `key` (blocks and inlines, at any depth); undefined when none. */
export function findNode(document: JSONDocument, key: string): WalkedNode | undefined {
  const stack: WalkedNode[] = [...(((document as unknown as WalkedNode).nodes ?? []) as WalkedNode[])].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node && typeof node === 'object') {
      if (node.key === key && node.object !== 'text') return node;
      for (const children of [node.fragments, node.nodes]) if (Array.isArray(children)) stack.push(...[...children].reverse());
    }
  }
  return undefined;
}

/**
 * The text of a node, what `target.node.preview` shows: its words in document order, blocks
 * separated by a space, whitespace collapsed, cut at NODE_PREVIEW_MAX characters (with "…").
 */
export function nodePreview(node: WalkedNode): string {
  const parts: string[] = [];
  const stack: WalkedNode[] = [node];
  while (stack.length > 0) {
    const current = stack.pop()!;
    if (!current || typeof current !== 'object') continue;
    if (current.object === 'text') {
      parts.push((current.leaves ?? []).map((leaf) => leaf.text ?? '').join(''));
      continue;
    }
    if (current.object === 'block') parts.push(' ');
    for (const children of [current.fragments, current.nodes]) if (Array.isArray(children)) stack.push(...[...children].reverse());
  }
  const text = parts.join('').replace(/\s+/g, ' ').trim();
  return text.length > NODE_PREVIEW_MAX ? `${text.slice(0, NODE_PREVIEW_MAX - 1)}…` : text;
}
