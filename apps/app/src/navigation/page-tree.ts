import type { RevisionPage } from '../api/types';
import { emojiText } from './emoji-text';
import type { TreeNode } from './tree-model';

/**
 * A space's pages as a tree of app URLs (`{base}/{path}`: the space's `/s/{spaceId}`, or one of
 * its revisions'); a link page has no path. `editable`: the person may change the space's pages.
 */
export function pageTree(spaceId: string, pages: RevisionPage[], options: { base?: string; editable?: boolean } = {}): TreeNode[] {
  const base = options.base ?? `/s/${spaceId}`;
  return pages.map((page) => {
    const children = 'pages' in page && Array.isArray(page.pages) ? pageTree(spaceId, page.pages as RevisionPage[], options) : [];
    const emoji = 'emoji' in page && page.emoji ? `${emojiText(page.emoji)} ` : '';
    const kind = page.type === 'group' ? 'group' : page.type === 'link' ? 'link' : undefined;
    const path = 'path' in page ? page.path : undefined;
    const title = page.title || 'Untitled';
    return { id: page.id, label: `${emoji}${title}`, title, href: path !== undefined ? `${base}/${path}` : undefined, kind, hidden: 'hidden' in page && page.hidden === true, editable: options.editable, children };
  });
}

/** The first page that has a body (what a space opens on), depth first. */
export function firstDocumentPage(pages: RevisionPage[]): RevisionPage | undefined {
  for (const page of pages) {
    if (page.type === 'document') return page;
    const found = 'pages' in page && Array.isArray(page.pages) ? firstDocumentPage(page.pages as RevisionPage[]) : undefined;
    if (found) return found;
  }
  return undefined;
}

/** The page of a path, anywhere in the tree. */
export function pageAtPath(pages: RevisionPage[], path: string): RevisionPage | undefined {
  for (const page of pages) {
    if ('path' in page && page.path === path) return page;
    const found = 'pages' in page && Array.isArray(page.pages) ? pageAtPath(page.pages as RevisionPage[], path) : undefined;
    if (found) return found;
  }
  return undefined;
}

/** Every page of the tree by id: what a page reference names (its title, its app address under `base`). */
export function pagesById(spaceId: string, pages: RevisionPage[], base = `/s/${spaceId}`): Map<string, { title: string; href?: string }> {
  const into = new Map<string, { title: string; href?: string }>();
  const walk = (level: RevisionPage[]) => {
    for (const page of level) {
      into.set(page.id, { title: page.title, href: 'path' in page && page.path !== undefined ? `${base}/${page.path}` : undefined });
      if ('pages' in page && Array.isArray(page.pages)) walk(page.pages as RevisionPage[]);
    }
  };
  walk(pages);
  return into;
}
