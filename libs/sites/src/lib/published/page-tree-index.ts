import type { PageTreeNode } from '@docs/content';

/**
 * A revision's page tree indexed for a site: pages by path and id, each page's parent, and the
 * pages the site lists (document pages neither hidden nor under a hidden page, in reading
 * order: what the sidebar shows, previous/next step through and the sitemap names). Built once
 * per tree (trees are immutable, kept by revision).
 */
export interface PageTreeIndex {
  byPath: Map<string, PageTreeNode>;
  byId: Map<string, PageTreeNode>;
  parentOf: Map<string, PageTreeNode | null>;
  listed: PageTreeNode[];
  /** Hidden pages and those under one: reachable by their URL, not listed, not indexed. */
  unlisted: Set<string>;
  /** The site space's home page: its first listed document page. */
  first?: PageTreeNode;
  /** How many pages the tree holds. */
  size: number;
}

const indexes = new WeakMap<PageTreeNode[], PageTreeIndex>();

export function indexTree(tree: PageTreeNode[]): PageTreeIndex {
  const known = indexes.get(tree);
  if (known) return known;
  const index: PageTreeIndex = { byPath: new Map(), byId: new Map(), parentOf: new Map(), listed: [], unlisted: new Set(), size: 0 };
  const walk = (pages: PageTreeNode[], parent: PageTreeNode | null, hidden: boolean) => {
    for (const page of pages) {
      index.size++;
      index.byId.set(page.pageId, page);
      index.parentOf.set(page.pageId, parent);
      if (page.path !== null) index.byPath.set(page.path, page);
      const pageHidden = hidden || page.hidden;
      if (pageHidden) index.unlisted.add(page.pageId);
      else if (page.type === 'document') index.listed.push(page);
      walk(page.pages, page, pageHidden);
    }
  };
  walk(tree, null, false);
  index.first = index.listed[0];
  indexes.set(tree, index);
  return index;
}

/** The page's ancestors, outermost first. */
export function ancestorsOf(index: PageTreeIndex, page: PageTreeNode): PageTreeNode[] {
  const out: PageTreeNode[] = [];
  for (let parent = index.parentOf.get(page.pageId); parent; parent = index.parentOf.get(parent.pageId)) out.unshift(parent);
  return out;
}

/** The first listed document page at or under `page` (where a group's URL leads). */
export function firstDocumentUnder(page: PageTreeNode): PageTreeNode | undefined {
  if (page.type === 'document' && !page.hidden) return page;
  for (const child of page.pages) {
    if (child.hidden) continue;
    const found = firstDocumentUnder(child);
    if (found) return found;
  }
  return undefined;
}
