import type { RenderedDocument } from '../document/render-document';
import type { SiteLook } from './site-look';

export type { SiteLook } from './site-look';
export type { HeaderItem, LookFont, LookLink, ThemedColor } from './site-look';

/** Where a page finds the site's static files (hashed names: cached for good). */
export interface SiteAssetUrls {
  css: string;
  js: string;
  /** KaTeX's stylesheet, linked by pages with math only. */
  katexCss: string;
}

/** What every page of a site shows around its content. */
export interface SiteChrome {
  title: string;
  /** An emoji shown as the site's icon; the title's first letter otherwise. */
  icon?: string;
  /** The site's home (root-relative). */
  homeUrl: string;
  /** The search endpoint of the dialog (root-relative, JSON). */
  searchUrl: string;
  /** Language of the pages (`lang` of the document). */
  lang: string;
  assets: SiteAssetUrls;
}

export interface NavLink {
  title: string;
  url: string;
  active: boolean;
  description?: string;
}

/** The site's sections as tabs, a group of sections as a menu. */
export type SectionNavItem = { type: 'section'; section: NavLink } | { type: 'group'; title: string; active: boolean; sections: NavLink[] };

/** An entry of the page tree in the sidebar. */
export interface TreeItem {
  title: string;
  emoji?: string;
  kind: 'page' | 'group' | 'link';
  /** Pages: their URL; links: their target. */
  url?: string;
  external?: boolean;
  /** The page shown. */
  active: boolean;
  /** Its children are shown (the current page's ancestors, and the current page). */
  open: boolean;
  children: TreeItem[];
}

export interface PageLink {
  title: string;
  url: string;
}

/** Everything a page shows, as plain data: the site server builds it, `renderPage` writes it out. */
/** The endpoints of what readers send about a page, and the ids that name it. */
export interface PageInsights {
  /** `{site}/~site/insights`: the script posts to `/feedback` and `/link` under it. */
  url: string;
  siteSpace: string;
  page: string;
  /** "Was this page helpful?" is shown. */
  feedback: boolean;
}

export interface PageView {
  site: SiteChrome;
  sections: SectionNavItem[];
  /** The site spaces of the current section (a switcher when more than one). */
  variants: NavLink[];
  tree: TreeItem[];
  page: {
    title: string;
    emoji?: string;
    description?: string;
    /** ISO date-time of its last change. */
    updatedAt?: string;
    /** Absolute URL: canonical link, Open Graph. */
    canonicalUrl: string;
    /** The page as markdown (absent for a space without pages). */
    markdownUrl?: string;
    /** `noindex` (unlisted sites, pages hidden or not indexed). */
    noindex: boolean;
    /** Where the page's script sends feedback and links followed (absent: nothing is sent). */
    insights?: PageInsights;
    /** The site's MCP endpoint (absolute), offered among the page actions. */
    mcpUrl?: string;
  };
  breadcrumbs: PageLink[];
  previous?: PageLink;
  next?: PageLink;
  document: RenderedDocument;
  /** The site's customization (absent: the stylesheet's own look). */
  look?: SiteLook;
}
