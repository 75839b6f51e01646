import type { ContentRef } from './content-ref';

/**
 * A reference as a person types it in the editor, the way the server's markdown writes one:
 * `#anchor`, `ref:page/<id>`, `ref:page/<id>#anchor`, `ref:file/<id>`,
 * `ref:reusable-content/<id>`, `ref:openapi/<slug>`; anything else is a URL.
 */
export function refFromText(text: string): ContentRef {
  const value = text.trim();
  if (value.startsWith('#') && value.length > 1) return { kind: 'anchor', anchor: value.slice(1) };
  const match = /^ref:([a-z-]+)\/([^#/]+)(?:#(.+))?$/.exec(value);
  if (match) {
    const [, kind, id, anchor] = match;
    if (kind === 'page') return anchor ? { kind: 'anchor', page: id, anchor } : { kind: 'page', page: id };
    if (!anchor && kind === 'file') return { kind: 'file', file: id };
    if (!anchor && kind === 'reusable-content') return { kind: 'reusable-content', reusableContent: id };
    if (!anchor && kind === 'openapi') return { kind: 'openapi', spec: id };
  }
  return { kind: 'url', url: value };
}

/** The text a person edits for a reference (the inverse of `refFromText`). */
export function textOfRef(ref: ContentRef | undefined): string {
  if (!ref) return '';
  switch (ref.kind) {
    case 'url':
      return ref.url;
    case 'anchor':
      return ref.page ? `ref:page/${ref.page}#${ref.anchor}` : `#${ref.anchor}`;
    case 'page':
      return `ref:page/${ref.page}`;
    case 'file':
      return `ref:file/${ref.file}`;
    case 'reusable-content':
      return `ref:reusable-content/${ref.reusableContent}`;
    case 'openapi':
      return `ref:openapi/${ref.spec}`;
    case 'user':
      return `ref:user/${ref.user}`;
    case 'space':
      return `ref:space/${ref.space}`;
    case 'collection':
      return `ref:collection/${ref.collection}`;
  }
}
