import { DocNode } from './document-nodes';

/** The text of a node's inline content, concatenated (a paragraph's or a heading's words). */
export function plainText(node: DocNode): string {
  if (node.object === 'text') return (node.leaves ?? []).map((leaf) => leaf.text).join('');
  if (node.type === 'inline-math') return node.data?.formula ?? '';
  return (node.nodes ?? []).map(plainText).join('');
}

/**
 * The readable text of a block and what it contains, one entry per text block (paragraph,
 * heading, code line, table cell, caption, tab title...), in document order.
 */
export function blockTexts(block: DocNode): string[] {
  const out: string[] = [];
  const visit = (node: DocNode) => {
    if (node.object === 'text' || node.object === 'inline') {
      return;
    }
    if (node.type === 'tabs-item' && node.data?.title) out.push(node.data.title);
    if (node.type === 'math') out.push(node.data?.formula ?? '');
    if (node.type === 'embed') out.push(node.data?.url ?? '');
    if (node.type === 'table') {
      for (const id of node.data?.view?.columns ?? []) {
        const title = node.data?.definition?.[id]?.title;
        if (title) out.push(title);
      }
    }
    const children = node.nodes ?? [];
    const hasInline = children.some((child) => child.object === 'text' || child.object === 'inline');
    if (hasInline) {
      const text = plainText(node);
      if (text.trim() !== '') out.push(text);
    }
    node.fragments?.forEach(visit);
    children.forEach(visit);
  };
  visit(block);
  return out;
}
