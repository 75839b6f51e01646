import type { PageChoice } from '@docs/editor';
import type { RevisionPage } from '../api/types';

/**
 * The pages a link may point at, for the editor's pickers: every page with a body (a document),
 * at any depth, in the tree's order, with its title and path. Groups and link pages have no body
 * to link to; their documents are listed.
 */
export function pageChoices(pages: RevisionPage[]): PageChoice[] {
  const out: PageChoice[] = [];
  const walk = (level: RevisionPage[]) => {
    for (const page of level) {
      if (page.type === 'document') out.push({ id: page.id, title: page.title || 'Untitled', path: page.path });
      if ('pages' in page && Array.isArray(page.pages)) walk(page.pages as RevisionPage[]);
    }
  };
  walk(pages);
  return out;
}
