import type { ContentRef, JSONDocument } from '@gitbook/api';

/**
 * The loose structural view of a JSONDocument node used while building and walking documents.
 * The reference's TypeScript types are a union per position; building through them node by node
 * would be mostly casts, so the converters work on this shape and the ajv tests prove that what
 * they produce is a valid `JSONDocument`.
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
  data?: Record<string, unknown>;
}

export interface DocLeaf {
  object: 'leaf';
  text: string;
  marks: DocMark[];
}

export type { ContentRef, JSONDocument };

export const textNode = (text: string, marks: string[] = []): DocNode => ({
  object: 'text',
  leaves: [{ object: 'leaf', text, marks: marks.map((type) => ({ object: 'mark', type })) }],
});

/** A paragraph; a paragraph always holds at least one text node, as editors expect. */
export const paragraph = (nodes: DocNode[]): DocNode => ({
  object: 'block',
  type: 'paragraph',
  isVoid: false,
  data: {},
  nodes: nodes.length > 0 ? nodes : [textNode('')],
});
