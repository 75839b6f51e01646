import { posix } from 'node:path';
import type { ContentRef } from '@gitbook/api';
import type { RefResolver } from '@docs/document-model';
import { gitbookAnchor } from '../imports/imported-refs';
import type { ExportLayout } from './export-layout';

/**
 * Links between the files of a layout, both ways, as GitBook writes them in a page's markdown:
 * a page as the relative path of its file (a README page as its folder, `guide/`), an anchor as
 * `file#anchor`, a file as `../.gitbook/assets/x.png`, a reusable content as its
 * `.gitbook/includes` path. What a body written at `fromFile` says, read back by `refOfUrl`, is
 * the reference `urlOfRef` wrote it from, so reads and writes of page markdown, exports and
 * imports agree.
 */
export function layoutLinks(fromFile: string, layout: ExportLayout): Required<RefResolver> {
  return { urlOfRef: relativeRefs(fromFile, layout), refOfUrl: layoutRefs(fromFile, layout) };
}

/**
 * How a body written into `fromFile` names what a reference points at. Undefined: not in the
 * layout (another space, a page that no longer exists); the converter then writes its `ref:` URL.
 */
export function relativeRefs(fromFile: string, layout: ExportLayout): (ref: ContentRef) => string | undefined {
  const from = posix.dirname(fromFile);
  const to = (file: string) => relativePath(from, file);
  return (ref) => {
    switch (ref.kind) {
      case 'page':
      case 'anchor': {
        if (ref.kind === 'anchor' && !ref.page) return undefined;
        if ('space' in ref && ref.space) return undefined;
        const file = layout.pages.get(ref.page as string)?.file;
        if (!file) return undefined;
        const path = isReadme(file) && file !== layout.readme ? folderLink(from, posix.dirname(file)) : to(file);
        return ref.kind === 'anchor' ? `${path}#${ref.anchor}` : path;
      }
      case 'file': {
        const file = layout.files.get(ref.file);
        return file ? to(file) : undefined;
      }
      case 'reusable-content': {
        const file = layout.includes.get(ref.reusableContent);
        return file ? to(file) : undefined;
      }
      default:
        return undefined;
    }
  };
}

/**
 * The reference a relative URL written in `fromFile` names, by GitBook's rules (those of the
 * importer): relative to the file's folder (a leading `/` from the root), `%xx` decoded, a page's
 * file with or without `.md`, a folder for its `README.md`, `#anchor` (GitBook's `id-` anchors of
 * headings starting with a digit read as this platform's), a file or a reusable content by its
 * path. Undefined for anything else (absolute URLs, `ref:` URLs, paths the layout does not have).
 */
export function layoutRefs(fromFile: string, layout: ExportLayout): (url: string) => ContentRef | undefined {
  const from = posix.dirname(fromFile);
  return (url) => {
    if (url === '' || url.startsWith('#') || /^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//')) return undefined;
    const hash = url.indexOf('#');
    const pathPart = decode((hash >= 0 ? url.slice(0, hash) : url).split('?')[0]);
    const anchor = hash >= 0 ? gitbookAnchor(decode(url.slice(hash + 1))) : '';
    if (pathPart === '') return undefined;
    const joined = pathPart.startsWith('/') ? pathPart.slice(1) : posix.join(from === '.' ? '' : from, pathPart);
    let path = posix.normalize(joined).replace(/\/+$/, '');
    if (path === '.') path = '';
    if (path.startsWith('..')) return undefined;
    const index = pathIndex(layout);
    const key = path.toLowerCase();
    const page = index.pages.get(key) ?? index.pages.get(`${key}.md`) ?? index.pages.get(key === '' ? 'readme.md' : `${key}/readme.md`);
    if (page !== undefined) return anchor ? { kind: 'anchor', page, anchor } : { kind: 'page', page };
    if (anchor) return undefined;
    const file = index.files.get(key);
    if (file !== undefined) return { kind: 'file', file };
    const include = index.includes.get(key);
    if (include !== undefined) return { kind: 'reusable-content', reusableContent: include };
    return undefined;
  };
}

interface PathIndex {
  pages: Map<string, string>;
  files: Map<string, string>;
  includes: Map<string, string>;
}

/** Items by their path, folded (a layout's paths never collide folded): built once per layout. */
const indexes = new WeakMap<ExportLayout, PathIndex>();

function pathIndex(layout: ExportLayout): PathIndex {
  let index = indexes.get(layout);
  if (!index) {
    const byPath = (entries: Iterable<[string, string | null | undefined]>) => {
      const map = new Map<string, string>();
      for (const [id, path] of entries) if (path && !map.has(path.toLowerCase())) map.set(path.toLowerCase(), id);
      return map;
    };
    index = {
      pages: byPath([...layout.pages].map(([id, placed]) => [id, placed.file])),
      files: byPath(layout.files),
      includes: byPath(layout.includes),
    };
    indexes.set(layout, index);
  }
  return index;
}

const isReadme = (file: string) => /^readme\.md$/i.test(posix.basename(file));

function relativePath(fromFolder: string, file: string): string {
  return posix.relative(fromFolder === '.' ? '' : fromFolder, file) || posix.basename(file);
}

function folderLink(fromFolder: string, folder: string): string {
  const relative = posix.relative(fromFolder === '.' ? '' : fromFolder, folder);
  return relative === '' ? './' : `${relative}/`;
}

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
