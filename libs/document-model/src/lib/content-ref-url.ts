import type { ContentRef } from '@gitbook/api';

/**
 * How a reference that plain markdown cannot name (a page, file or space by id) is written in a
 * markdown body: a `ref:` URL. `[Setup](ref:page/abc#install)`, `![](ref:file/f1)`,
 * `[Other docs](ref:space/s1)`, `[There](ref:space/s1/page/p2)`. Anything else is a plain URL:
 * absolute (`https://...`), relative (`../guide/setup.md#install`, kept as written) or an anchor
 * of the same page (`#install`).
 */
export const REF_SCHEME = 'ref:';

function splitAnchor(value: string): [string, string | undefined] {
  const hash = value.indexOf('#');
  return hash < 0 ? [value, undefined] : [value.slice(0, hash), value.slice(hash + 1)];
}

/** The reference a link or image URL written in markdown stands for. */
export function refFromUrl(url: string): ContentRef {
  if (url.startsWith('#') && url.length > 1) return { kind: 'anchor', anchor: url.slice(1) };
  if (!url.startsWith(REF_SCHEME)) return { kind: 'url', url };
  const [rest, anchor] = splitAnchor(url.slice(REF_SCHEME.length));
  const parts = rest.split('/');
  let space: string | undefined;
  if (parts[0] === 'space' && parts[1]) {
    space = parts[1];
    if (parts.length === 2 && anchor === undefined) return { kind: 'space', space };
    parts.splice(0, 2);
  }
  if (parts.length === 2 && parts[0] === 'page' && parts[1]) {
    const page = parts[1];
    if (anchor) return { kind: 'anchor', anchor, page, ...(space ? { space } : {}) };
    return { kind: 'page', page, ...(space ? { space } : {}) };
  }
  if (!space && anchor === undefined && parts.length === 2 && parts[1]) {
    const [kind, id] = parts;
    if (kind === 'file') return { kind: 'file', file: id };
    if (kind === 'user') return { kind: 'user', user: id };
    if (kind === 'collection') return { kind: 'collection', collection: id };
    if (kind === 'reusable-content') return { kind: 'reusable-content', reusableContent: id };
    if (kind === 'openapi') return { kind: 'openapi', spec: id };
  }
  // A `ref:` URL that names nothing known stays a plain URL (reported as such by extractLinks).
  return { kind: 'url', url };
}

/** The URL a reference is written as in markdown (the inverse of refFromUrl). */
export function urlFromRef(ref: ContentRef): string {
  const inSpace = (space: string | undefined) => (space ? `${REF_SCHEME}space/${space}/` : REF_SCHEME);
  switch (ref.kind) {
    case 'url':
      return ref.url;
    case 'anchor':
      return ref.page ? `${inSpace(ref.space)}page/${ref.page}#${ref.anchor}` : `#${ref.anchor}`;
    case 'page':
      return `${inSpace(ref.space)}page/${ref.page}`;
    case 'space':
      return `${REF_SCHEME}space/${ref.space}`;
    case 'file':
      return `${REF_SCHEME}file/${ref.file}`;
    case 'user':
      return `${REF_SCHEME}user/${ref.user}`;
    case 'collection':
      return `${REF_SCHEME}collection/${ref.collection}`;
    case 'reusable-content':
      return `${REF_SCHEME}reusable-content/${ref.reusableContent}`;
    case 'openapi':
      return `${REF_SCHEME}openapi/${ref.spec}`;
  }
}

/**
 * Optional hooks of the caller that knows the revision: read a URL as a reference (a relative
 * path as the page it names, so the link survives moves), write a reference as a URL (a page as
 * its path). Where a hook answers undefined, or is absent, the `ref:` convention applies.
 */
export interface RefResolver {
  refOfUrl?: (url: string) => ContentRef | undefined;
  urlOfRef?: (ref: ContentRef) => string | undefined;
}

export const readUrl = (url: string, resolver?: RefResolver): ContentRef => resolver?.refOfUrl?.(url) ?? refFromUrl(url);
export const writeRef = (ref: ContentRef, resolver?: RefResolver): string => resolver?.urlOfRef?.(ref) ?? urlFromRef(ref);
