/** @jsxRuntime automatic */
/** @jsxImportSource preact */
import type { NavLink, SectionNavItem, SiteChrome, TreeItem } from '../model/page-view';
import type { HeaderItem, SiteLook } from '../model/site-look';
import { safeHref } from '../document/safe-href';

/** The header's own links and buttons (a menu for an item with links of its own). */
function HeaderLinks({ items }: { items: HeaderItem[] }) {
  if (items.length === 0) return null;
  const classOf = (item: HeaderItem) => (item.style === 'link' ? 'header-link' : item.style === 'button-primary' ? 'button primary' : 'button secondary');
  return (
    <nav class="header-links" aria-label="Links">
      <ul>
        {items.map((item, index) =>
          item.links.length > 0 ? (
            <li key={index}>
              <details class="menu">
                <summary>{item.title}</summary>
                <ul class="menu-list">
                  {[...(item.url ? [{ title: item.title, url: item.url }] : []), ...item.links].map((link, i) => (
                    <li key={i}>
                      <a href={safeHref(link.url)}>
                        <span class="menu-title">{link.title}</span>
                      </a>
                    </li>
                  ))}
                </ul>
              </details>
            </li>
          ) : (
            <li key={index}>
              <a class={classOf(item)} href={safeHref(item.url)}>
                {item.title}
              </a>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}

/** The header: the site's logo (else its icon and title), its links, the search button and the theme toggle (and the menu button on small screens). */
export function SiteHeader({ site, hasSidebar, look }: { site: SiteChrome; hasSidebar: boolean; look?: SiteLook }) {
  const letter = site.title.trim().charAt(0).toUpperCase() || 'D';
  const toggleable = look?.theme.toggleable !== false;
  return (
    <header class="site-header">
      {hasSidebar ? (
        <button type="button" class="menu-button" aria-controls="sidebar" aria-expanded="false" aria-label="Show the navigation">
          <span aria-hidden="true">☰</span>
        </button>
      ) : null}
      <a class="site-title" href={site.homeUrl}>
        {look?.logo ? (
          <>
            <img class="site-logo only-light" src={look.logo.light} alt={site.title} height={32} />
            <img class="site-logo only-dark" src={look.logo.dark} alt={site.title} height={32} />
          </>
        ) : (
          <>
            <span class="site-icon" aria-hidden="true">
              {site.icon ?? letter}
            </span>
            <span>{site.title}</span>
          </>
        )}
      </a>
      <HeaderLinks items={look?.headerLinks ?? []} />
      <button type="button" class="search-button" aria-haspopup="dialog" aria-controls="search-dialog" data-search-url={site.searchUrl}>
        <span aria-hidden="true">⌕</span>
        <span class="search-label">Search</span>
        <kbd class="search-shortcut" aria-hidden="true">
          Ctrl K
        </kbd>
      </button>
      {toggleable ? (
        <button type="button" class="theme-toggle" aria-label="Switch between light and dark mode">
          <span class="theme-icon-light" aria-hidden="true">
            ☀
          </span>
          <span class="theme-icon-dark" aria-hidden="true">
            ☾
          </span>
        </button>
      ) : null}
    </header>
  );
}

/** Sections as tabs; a group of sections as a menu of them. */
export function SectionTabs({ items }: { items: SectionNavItem[] }) {
  if (items.length === 0) return null;
  return (
    <nav class="section-tabs" aria-label="Sections">
      <ul>
        {items.map((item, index) =>
          item.type === 'section' ? (
            <li key={index}>
              <a href={item.section.url} class={item.section.active ? 'active' : undefined} aria-current={item.section.active ? 'page' : undefined}>
                {item.section.title}
              </a>
            </li>
          ) : (
            <li key={index}>
              <details class={item.active ? 'menu active' : 'menu'}>
                <summary>{item.title}</summary>
                <ul class="menu-list">
                  {item.sections.map((section, i) => (
                    <li key={i}>
                      <a href={section.url} aria-current={section.active ? 'page' : undefined}>
                        <span class="menu-title">{section.title}</span>
                        {section.description ? <span class="menu-description">{section.description}</span> : null}
                      </a>
                    </li>
                  ))}
                </ul>
              </details>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}

/** The site spaces of a section (versions, languages...): a menu when there is more than one. */
export function VariantSwitcher({ variants }: { variants: NavLink[] }) {
  if (variants.length < 2) return null;
  const current = variants.find((variant) => variant.active) ?? variants[0];
  return (
    <details class="menu variants">
      <summary>
        <span class="visually-hidden">Variant: </span>
        {current.title}
      </summary>
      <ul class="menu-list">
        {variants.map((variant, index) => (
          <li key={index}>
            <a href={variant.url} aria-current={variant.active ? 'true' : undefined}>
              {variant.title}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** The page tree: groups as headings, pages nested (collapsed unless on the way to the current page), links out. */
export function PageTree({ items }: { items: TreeItem[] }) {
  return (
    <nav class="page-tree" aria-label="Pages">
      <TreeList items={items} depth={0} path="tree" />
    </nav>
  );
}

/** `path`: the entries' position in the tree, which names their ids (the same page renders the same bytes). */
function TreeList({ items, depth, path }: { items: TreeItem[]; depth: number; path: string }) {
  return (
    <ul class={depth === 0 ? 'tree' : 'tree nested'}>
      {items.map((item, index) => (
        <TreeEntry key={index} item={item} depth={depth} path={`${path}-${index}`} />
      ))}
    </ul>
  );
}

function TreeEntry({ item, depth, path }: { item: TreeItem; depth: number; path: string }) {
  if (item.kind === 'group') {
    return (
      <li class="tree-group">
        <p class="tree-group-title">
          {item.emoji ? <span class="emoji" aria-hidden="true">{`${item.emoji} `}</span> : null}
          {item.title}
        </p>
        {item.children.length > 0 ? <TreeList items={item.children} depth={depth} path={path} /> : null}
      </li>
    );
  }
  const href = safeHref(item.url);
  const label = (
    <>
      {item.emoji ? <span class="emoji" aria-hidden="true">{`${item.emoji} `}</span> : null}
      {item.title}
    </>
  );
  const link = href ? (
    <a href={href} class={item.active ? 'active' : undefined} aria-current={item.active ? 'page' : undefined} rel={item.external ? 'noopener' : undefined}>
      {label}
      {item.external ? <span class="external-mark" aria-hidden="true"> ↗</span> : null}
    </a>
  ) : (
    <span>{label}</span>
  );
  if (item.children.length === 0) return <li>{link}</li>;
  const id = path;
  return (
    <li class={item.open ? 'open' : undefined}>
      <div class="tree-row">
        {link}
        <button type="button" class="tree-toggle" aria-expanded={item.open ? 'true' : 'false'} aria-controls={id} aria-label={`Show the pages under ${item.title}`}>
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <div id={id} hidden={!item.open}>
        <TreeList items={item.children} depth={depth + 1} path={path} />
      </div>
    </li>
  );
}
