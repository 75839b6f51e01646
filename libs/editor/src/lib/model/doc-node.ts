/**
 * The loose structural view of a JSONDocument node (the reference's `@gitbook/api` types are a
 * union per position). The editor must carry any stored document, including fields and types it
 * does not know, so the conversion reads and writes this shape and keeps what it does not use.
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
  [field: string]: unknown;
}

export interface DocMark {
  object: 'mark';
  type: string;
  data?: Record<string, any>;
  [field: string]: unknown;
}

export interface DocLeaf {
  object: 'leaf';
  text: string;
  marks: DocMark[];
  [field: string]: unknown;
}

/** A text node of one leaf, as the server's converter writes text. */
export const textNode = (text: string, marks: DocMark[] = []): DocNode => ({ object: 'text', leaves: [{ object: 'leaf', text, marks }] });
