import type { RevisionPage } from '../api/types';
import type { TreeNode } from './tree-model';

/** A space's pages as a tree of app URLs (`/s/{spaceId}/{path}`); a link page opens its target. */
export function pageTree(spaceId: string, pages: RevisionPage[]): TreeNode[] {
  return pages.map((page) => {
    const children = 'pages' in page && Array.isArray(page.pages) ? pageTree(spaceId, page.pages as RevisionPage[]) : [];
    const emoji = 'emoji' in page && page.emoji ? `${String.fromCodePoint(parseInt(page.emoji, 16))} ` : '';
    const kind = page.type === 'group' ? 'group' : page.type === 'link' ? 'link' : undefined;
    const path = 'path' in page ? page.path : undefined;
    return { id: page.id, label: `${emoji}${page.title || 'Untitled'}`, href: path !== undefined ? `/s/${spaceId}/${path}` : undefined, kind, children };
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

/** Every page of the tree by id: what a page reference names (its title, its app address). */
export function pagesById(spaceId: string, pages: RevisionPage[], into = new Map<string, { title: string; href?: string }>()): Map<string, { title: string; href?: string }> {
  for (const page of pages) {
    into.set(page.id, { title: page.title, href: 'path' in page && page.path !== undefined ? `/s/${spaceId}/${page.path}` : undefined });
    if ('pages' in page && Array.isArray(page.pages)) pagesById(spaceId, page.pages as RevisionPage[], into);
  }
  return into;
}
