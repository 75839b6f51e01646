import type { ContentRef, JSONDocument } from '@gitbook/api';
import { DocNode } from './document-nodes';
import { outline } from './document-outline';
import { tableValueRef } from './html-table';

/** What a link points at, classified for the links table (resolution is the caller's). */
export type DocumentLinkTarget =
  /** An absolute URL (`https:`, `mailto:`, `//host/...`). */
  | { kind: 'url'; url: string }
  /** A relative path, as written (`../guide/setup.md`): another page (or file) of the same space. */
  | { kind: 'path'; path: string; anchor?: string }
  /** A page by id, in this space or `space`, optionally at an anchor. */
  | { kind: 'page'; page: string; space?: string; anchor?: string }
  /** An anchor of the page the link is in. */
  | { kind: 'anchor'; anchor: string }
  | { kind: 'file'; file: string }
  | { kind: 'space'; space: string }
  | { kind: 'user'; user: string }
  | { kind: 'collection'; collection: string }
  | { kind: 'reusable-content'; reusableContent: string; space?: string }
  | { kind: 'openapi'; spec: string };

export interface DocumentLink {
  target: DocumentLinkTarget;
  /** The reference as the document holds it (a `url` for what came from plain markdown URLs). */
  ref: ContentRef;
  /** `dependsOn` where the page embeds the target (reusable content, OpenAPI blocks); else `reference`. */
  relation: 'reference' | 'dependsOn';
  /** Where the link is: the key of the block holding it and the anchor of its section. */
  location: { node?: string; anchor?: string };
}

const SCHEME = /^[a-zA-Z][a-zA-Z0-9+.-]*:/;

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The target of a URL written in a document. */
export function classifyUrl(url: string): DocumentLinkTarget {
  if (SCHEME.test(url) || url.startsWith('//')) return { kind: 'url', url };
  const hash = url.indexOf('#');
  const beforeHash = hash < 0 ? url : url.slice(0, hash);
  const anchor = hash < 0 ? undefined : decode(url.slice(hash + 1)) || undefined;
  const path = decode(beforeHash.split('?')[0]);
  if (path === '') return anchor ? { kind: 'anchor', anchor } : { kind: 'path', path: '' };
  return { kind: 'path', path, ...(anchor ? { anchor } : {}) };
}

/** The target of a reference. */
export function classifyRef(ref: ContentRef): DocumentLinkTarget {
  switch (ref.kind) {
    case 'url':
      return classifyUrl(ref.url);
    case 'anchor':
      return ref.page ? { kind: 'page', page: ref.page, ...(ref.space ? { space: ref.space } : {}), anchor: ref.anchor } : { kind: 'anchor', anchor: ref.anchor };
    case 'page':
      return { kind: 'page', page: ref.page, ...(ref.space ? { space: ref.space } : {}) };
    case 'file':
      return { kind: 'file', file: ref.file };
    case 'space':
      return { kind: 'space', space: ref.space };
    case 'user':
      return { kind: 'user', user: ref.user };
    case 'collection':
      return { kind: 'collection', collection: ref.collection };
    case 'reusable-content':
      return { kind: 'reusable-content', reusableContent: ref.reusableContent, ...(ref.space ? { space: ref.space } : {}) };
    case 'openapi':
      return { kind: 'openapi', spec: ref.spec };
  }
}

const isRef = (value: unknown): value is ContentRef =>
  !!value && typeof value === 'object' && typeof (value as { kind?: unknown }).kind === 'string' && !Array.isArray(value);

const DEPENDS_ON = new Set(['reusable-content', 'openapi', 'openapi-operation', 'openapi-schemas', 'openapi-webhook']);

/**
 * Every link of a document, in document order: inline links and mentions, images (light and dark),
 * files, content references, embeds, reusable contents, references held in table cells.
 */
export function extractLinks(document: JSONDocument): DocumentLink[] {
  const links: DocumentLink[] = [];
  outline(document as unknown as DocNode, ({ node, ancestors, anchor }) => {
    const refs: ContentRef[] = [];
    const data = node.data ?? {};
    for (const field of ['ref', 'refDark']) if (isRef(data[field])) refs.push(data[field]);
    if (node.type === 'embed' && typeof data['url'] === 'string') refs.push({ kind: 'url', url: data['url'] });
    if (node.type === 'table') {
      for (const record of Object.values<any>(data['records'] ?? {})) {
        for (const value of Object.values(record?.values ?? {})) {
          const ref = tableValueRef(value);
          if (ref) refs.push(ref as ContentRef);
        }
      }
    }
    if (refs.length === 0) return;
    let holder: DocNode | undefined;
    for (let i = ancestors.length; i >= 0 && !holder; i--) {
      const candidate = i === ancestors.length ? node : ancestors[i];
      if (candidate.object === 'block' && candidate.key) holder = candidate;
    }
    const relation = node.object === 'block' && DEPENDS_ON.has(node.type ?? '') ? 'dependsOn' : 'reference';
    const location = { ...(holder?.key ? { node: holder.key } : {}), ...(anchor ? { anchor } : {}) };
    for (const ref of refs) links.push({ target: classifyRef(ref), ref, relation, location });
  });
  return links;
}
