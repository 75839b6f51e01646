import { DocNode } from './document-nodes';

/** The text of a node's inline content, concatenated (a paragraph's or a heading's words). */
export function plainText(node: DocNode): string {
  if (node.object === 'text') return (node.leaves ?? []).map((leaf) => leaf.text).join('');
  if (node.type === 'inline-math') return node.data?.formula ?? '';
  return (node.nodes ?? []).map(plainText).join('');
}

/** Whether a block holds inline content (text, links...) rather than other blocks. */
export const holdsInlines = (node: DocNode) => (node.nodes ?? []).some((child) => child.object === 'text' || child.object === 'inline');

/**
 * The readable text a block keeps in its data rather than in child nodes: a tab's title, a math
 * formula, an embed's URL, a table's column titles.
 */
export function dataTexts(block: DocNode): string[] {
  switch (block.type) {
    case 'tabs-item':
      return block.data?.title ? [String(block.data.title)] : [];
    case 'math':
      return block.data?.formula ? [String(block.data.formula)] : [];
    case 'embed':
      return block.data?.url ? [String(block.data.url)] : [];
    case 'table':
      return ((block.data?.view?.columns ?? []) as string[]).map((id) => String(block.data?.definition?.[id]?.title ?? '')).filter((title) => title !== '');
    default:
      return [];
  }
}
