/**
 * The loose structural view of a JSONDocument node the renderer walks. The reference's types are
 * a union per position; a renderer that must survive any stored document (older schemas, blocks
 * it does not know, missing fields) reads them through this shape and checks what it uses.
 */
export interface DocNode {
  object: 'block' | 'inline' | 'text' | 'fragment' | 'document';
  type?: string;
  key?: string;
  isVoid?: boolean;
  data?: Record<string, any>;
  meta?: Record<string, any>;
  nodes?: DocNode[];
  leaves?: DocLeaf[];
  fragments?: DocNode[];
  fragment?: string;
}

export interface DocMark {
  object: 'mark';
  type: string;
  data?: Record<string, any>;
}

export interface DocLeaf {
  object: 'leaf';
  text: string;
  marks?: DocMark[];
}

/** The nodes of a fragment of a block (`expandable-title`, `caption`...), [] when absent. */
export function fragmentNodes(node: DocNode, fragment: string): DocNode[] {
  return node.fragments?.find((f) => f.fragment === fragment)?.nodes ?? [];
}

/** The text of a node and everything under it, fragments included, blocks separated by spaces. */
export function plainText(node: DocNode): string {
  if (node.object === 'text') return (node.leaves ?? []).map((leaf) => leaf.text).join('');
  const parts: string[] = [];
  for (const fragment of node.fragments ?? []) parts.push(plainText(fragment));
  for (const child of node.nodes ?? []) parts.push(plainText(child));
  const separator = node.object === 'block' || node.object === 'document' || node.object === 'fragment' ? ' ' : '';
  return parts.filter((part) => part !== '').join(separator);
}

/** The character of an emoji inline's `code` (`1f680`, `1f468-200d-1f4bb`); '' when it is not one. */
export function emojiText(code: string): string {
  try {
    return String.fromCodePoint(...code.split('-').map((part) => parseInt(part, 16)));
  } catch {
    return '';
  }
}
