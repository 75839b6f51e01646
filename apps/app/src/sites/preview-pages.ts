import type { RevisionPage } from '../api/types';
import type { TreeNode } from '../navigation/tree-model';

/**
 * A page's address in a preview: the preview URL opens the site space's home, each page is its
 * path below it (as on the published site).
 */
export function previewPageUrl(previewUrl: string, pagePath: string | undefined): string {
  if (!pagePath) return previewUrl;
  const [base, query] = previewUrl.split('?', 2);
  const path = pagePath.split('/').map(encodeURIComponent).join('/');
  return `${base.replace(/\/+$/, '')}/${path}${query ? `?${query}` : ''}`;
}

/** The app's address of a change request's preview, at a page path or at its home. */
export function previewScreenUrl(spaceId: string, number: number | string, pagePath?: string): string {
  return `/s/${spaceId}/~/changes/${number}/~/preview${pagePath ? `/${pagePath}` : ''}`;
}

/** A change request's pages as a tree of preview addresses of the app (groups only group; links lead nowhere in a preview). */
export function previewTree(spaceId: string, number: number | string, pages: RevisionPage[]): TreeNode[] {
  return pages.flatMap((page): TreeNode[] => {
    if (page.type === 'link') return [];
    const children = 'pages' in page && Array.isArray(page.pages) ? previewTree(spaceId, number, page.pages as RevisionPage[]) : [];
    const path = page.type === 'document' ? page.path : undefined;
    return [{ id: page.id, label: page.title || 'Untitled', href: path !== undefined ? previewScreenUrl(spaceId, number, path) : undefined, kind: page.type === 'group' ? 'group' : undefined, children }];
  });
}
