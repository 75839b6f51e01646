/** A reference to content (the reference's `ContentRef`): a page, an anchor, a file, a URL... */
export type ContentRef =
  | { kind: 'url'; url: string }
  | { kind: 'file'; file: string }
  | { kind: 'page'; page: string; space?: string }
  | { kind: 'anchor'; anchor: string; page?: string; space?: string }
  | { kind: 'reusable-content'; reusableContent: string; space?: string }
  | { kind: 'openapi'; spec: string }
  | { kind: 'user'; user: string }
  | { kind: 'space'; space: string }
  | { kind: 'collection'; collection: string };
