import type { SearchPageResult } from '../api/types';

/** A search result's page or section as an app address: the result's path (`guide/install#requirements`) under the space. */
export function resultHref(spaceId: string, path: string): string {
  const [pagePath, anchor] = path.split('#', 2);
  const encoded = pagePath.split('/').map(encodeURIComponent).join('/');
  return `/s/${spaceId}/${encoded}${anchor ? `#${encodeURIComponent(anchor)}` : ''}`;
}

/**
 * The sections of a result worth listing under its page: those with a heading of their own (the
 * text before the first heading is the page itself, which the page's link already opens).
 */
export function headedSections(result: SearchPageResult): NonNullable<SearchPageResult['sections']> {
  return (result.sections ?? []).filter((section) => section.path.includes('#'));
}
