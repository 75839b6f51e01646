import type { JSONDocument } from '@gitbook/api';

/**
 * How deep a document given as JSON may nest. The converters recurse. markdown-it stops nesting
 * near 100 levels, so what markdown gives stays under this bound; a JSON body is whatever the
 * client sends, so a caller accepting documents checks this first and answers 400 rather than
 * overflowing the stack.
 */
export const DOCUMENT_MAX_DEPTH = 128;

/** The nesting depth of a document (nodes and fragments), measured without recursion. */
export function documentDepth(document: JSONDocument | unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[document, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (!node || typeof node !== 'object') continue;
    deepest = Math.max(deepest, depth);
    const { nodes, fragments } = node as { nodes?: unknown; fragments?: unknown };
    for (const children of [nodes, fragments]) {
      if (Array.isArray(children)) for (const child of children) stack.push([child, depth + 1]);
    }
  }
  return deepest;
}
