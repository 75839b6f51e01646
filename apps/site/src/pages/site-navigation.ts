import type { PageTreeNode } from '@docs/content';
import type { NavLink, PageLink, SectionNavItem, TreeItem } from '@docs/site-renderer';
import type { SiteLinks, Variant } from '@docs/sites';
import { ancestorsOf, PageTreeIndex } from '@docs/sites';

/** Beyond this many pages, the sidebar renders closed branches without their children (their pages open them). */
export const FULL_TREE_MAX_PAGES = 1500;

export interface SiteNavigation {
  sections: SectionNavItem[];
  variants: NavLink[];
  tree: TreeItem[];
  breadcrumbs: PageLink[];
  previous?: PageLink;
  next?: PageLink;
}

/** Titles of site spaces: their space's. */
export const variantTitle = (variant: Variant) => variant.siteSpace.space?.title || variant.siteSpace.path;

/**
 * The navigation around a page, from the visitor's structure and the page's tree (pure): section
 * tabs (when there are several sections) with groups as menus, the variants of the current
 * section, the page tree (the current page's branch open), breadcrumbs, previous and next.
 */
export function siteNavigation(links: SiteLinks, variant: Variant, tree: PageTreeNode[], index: PageTreeIndex, current: PageTreeNode | undefined): SiteNavigation {
  const { structure } = links;
  const sectionLink = (section: (typeof structure.sections)[number]): NavLink => ({
    title: section.title,
    url: links.sectionUrl(section) ?? links.home,
    active: variant.section?.id === section.id,
    ...(section.description ? { description: section.description } : {}),
  });
  const sections: SectionNavItem[] =
    structure.sections.length > 1
      ? structure.root.map((item) =>
          item.type === 'section'
            ? { type: 'section', section: sectionLink(item.section) }
            : { type: 'group', title: item.group.title, active: item.sections.some((s) => s.id === variant.section?.id), sections: item.sections.map(sectionLink) },
        )
      : [];
  const variants: NavLink[] = links.variantsOf(variant.section).map((v) => ({ title: variantTitle(v), url: v.url || '/', active: v === variant }));

  const open = new Set<string>(current ? [...ancestorsOf(index, current).map((p) => p.pageId), current.pageId] : []);
  const full = index.size <= FULL_TREE_MAX_PAGES;
  const pageUrl = (page: PageTreeNode) => links.pageUrl(variant, page.path ?? '', page === index.first);
  const items = (pages: PageTreeNode[]): TreeItem[] => {
    const out: TreeItem[] = [];
    for (const page of pages) {
      if (page.hidden) continue;
      const expanded = open.has(page.pageId);
      const children = full || expanded || page.type === 'group' ? items(page.pages) : [];
      const emoji = page.emoji ? emojiOf(page.emoji) : undefined;
      if (page.type === 'link') {
        out.push({ title: page.title, kind: 'link', url: page.href ?? undefined, external: /^https?:/i.test(page.href ?? ''), active: false, open: false, children: [], ...(emoji ? { emoji } : {}) });
      } else if (page.type === 'group') {
        out.push({ title: page.title, kind: 'group', active: false, open: true, children, ...(emoji ? { emoji } : {}) });
      } else {
        out.push({ title: page.title, kind: 'page', url: pageUrl(page), active: page === current, open: expanded, children, ...(emoji ? { emoji } : {}) });
      }
    }
    return out;
  };

  const breadcrumbs: PageLink[] = current
    ? ancestorsOf(index, current)
        .filter((page) => page.type === 'document' && !page.hidden)
        .map((page) => ({ title: page.title, url: pageUrl(page) }))
    : [];
  const position = current ? index.listed.indexOf(current) : -1;
  const previous = position > 0 ? index.listed[position - 1] : undefined;
  const next = position >= 0 && position < index.listed.length - 1 ? index.listed[position + 1] : undefined;
  return {
    sections,
    variants,
    tree: items(tree),
    breadcrumbs,
    ...(previous ? { previous: { title: previous.title, url: pageUrl(previous) } } : {}),
    ...(next ? { next: { title: next.title, url: pageUrl(next) } } : {}),
  };
}

/** A stored emoji (a code point in hex like `1f680`, or the character itself) as text. */
export function emojiOf(value: string): string | undefined {
  if (/^[0-9a-f]{2,6}(-[0-9a-f]{2,6})*$/i.test(value)) {
    try {
      return String.fromCodePoint(...value.split('-').map((part) => parseInt(part, 16)));
    } catch {
      return undefined;
    }
  }
  return value;
}
