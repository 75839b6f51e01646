import type { DocumentLink } from '@docs/document-model';
import type { LinkKind } from './page-link.entity';

/** One `page_links` row as the indexer writes it (before `head_key` and `page_id`). */
export interface LinkRow {
  seq: number;
  kind: LinkKind;
  relation: 'reference' | 'dependsOn';
  targetKey: string;
  targetSpace: string | null;
  targetPage: string | null;
  targetPath: string | null;
  rawPath: string | null;
  targetFile: string | null;
  anchor: string | null;
  url: string | null;
  locationAnchor: string | null;
  locationNode: string | null;
}

/**
 * The page path a relative link written in the page at `fromPath` points at, or null when it
 * climbs above the top of the space. A page is read as the file `<its path>.md` (as in a git
 * export), so `setup.md` next to `guide/install` is `guide/setup`, `../api.md` is `api`, and
 * `/guide` starts from the top. `.md`, a final `README` and trailing slashes are dropped.
 */
export function resolveLinkPath(fromPath: string | null, written: string): string | null {
  const absolute = written.startsWith('/');
  const base = absolute || fromPath === null ? [] : fromPath.split('/').slice(0, -1);
  const parts = [...base];
  for (const part of written.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (parts.length === 0) return null;
      parts.pop();
    } else parts.push(part);
  }
  let last = parts[parts.length - 1];
  if (last !== undefined && /\.md$/i.test(last)) {
    last = last.slice(0, -3);
    parts[parts.length - 1] = last;
  }
  if (last !== undefined && /^readme$/i.test(last)) parts.pop();
  return parts.join('/');
}

function withAnchor(key: string, anchor: string | null | undefined): string {
  return anchor ? `${key}#${anchor}` : key;
}

/**
 * The rows of the links of one page: what each points at, resolved as far as the page alone
 * allows (relative paths against the page's path; references to this space's pages keep no
 * space). User mentions are not links and are left out. `targetKey` groups the links that point
 * at the same target, whichever page they are written in.
 */
export function linkRows(links: DocumentLink[], source: { spaceId: string; pageId: string; path: string | null }): LinkRow[] {
  const rows: LinkRow[] = [];
  for (const link of links) {
    const base: LinkRow = {
      seq: rows.length,
      kind: 'other',
      relation: link.relation,
      targetKey: '',
      targetSpace: null,
      targetPage: null,
      targetPath: null,
      rawPath: null,
      targetFile: null,
      anchor: null,
      url: null,
      locationAnchor: link.location.anchor ?? null,
      locationNode: link.location.node ?? null,
    };
    const target = link.target;
    switch (target.kind) {
      case 'url':
        rows.push({ ...base, kind: 'url', url: target.url, targetKey: `url:${target.url}` });
        break;
      case 'path': {
        if (target.path === '') break;
        const resolved = resolveLinkPath(source.path, target.path);
        const anchor = target.anchor ?? null;
        rows.push({
          ...base,
          kind: 'path',
          rawPath: target.path,
          targetPath: resolved,
          anchor,
          // An unresolvable path (above the top) stays its own, broken, target.
          targetKey: withAnchor(resolved === null ? `path!${target.path}` : `path:${resolved}`, anchor),
        });
        break;
      }
      case 'anchor':
        rows.push({ ...base, kind: 'page', targetPage: source.pageId, anchor: target.anchor, targetKey: withAnchor(`page::${source.pageId}`, target.anchor) });
        break;
      case 'page': {
        const space = target.space && target.space !== source.spaceId ? target.space : null;
        const anchor = target.anchor ?? null;
        rows.push({ ...base, kind: 'page', targetSpace: space, targetPage: target.page, anchor, targetKey: withAnchor(`page:${space ?? ''}:${target.page}`, anchor) });
        break;
      }
      case 'file':
        rows.push({ ...base, kind: 'file', targetFile: target.file, targetKey: `file:${target.file}` });
        break;
      case 'space':
        rows.push({ ...base, kind: 'space', targetSpace: target.space, targetKey: `space:${target.space}` });
        break;
      case 'user':
        break;
      default: {
        const ref = JSON.stringify(link.ref);
        rows.push({ ...base, kind: 'other', url: ref, targetKey: `other:${ref}` });
      }
    }
  }
  return rows;
}
