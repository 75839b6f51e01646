/** A colour for each theme, `#rgb` or `#rrggbb`. */
export interface ThemedColor {
  light: string;
  dark: string;
}

/** A link of the header or the footer, its target already resolved to a URL. */
export interface LookLink {
  title: string;
  url: string;
}

export interface HeaderItem extends LookLink {
  style: 'link' | 'button-primary' | 'button-secondary';
  /** A menu of links (the item's own URL, if any, comes first). */
  links: LookLink[];
}

/** A font the site names: a family the reader may have, or one the site serves (`faces`). */
export interface LookFont {
  family: string;
  faces?: { weight: number; sources: { url: string; format?: 'woff2' | 'woff' }[] }[];
}

/**
 * How a site looks, from its customization (the reference's `SiteCustomizationSettings`, a site
 * space's overrides applied): what the page layout and its stylesheet take as plain data.
 */
export interface SiteLook {
  /** Links and accents; shown darker or lighter where needed to stay readable (WCAG AA). */
  primaryColor?: ThemedColor;
  /** The tint of soft backgrounds (active items, highlights); the primary colour's by default. */
  tint?: ThemedColor;
  font?: LookFont;
  monospaceFont?: LookFont;
  corners: 'straight' | 'rounded' | 'circular';
  /** Replaces the icon and title in the header (the title stays its text alternative). */
  logo?: { light: string; dark: string };
  favicon?: { light: string; dark: string } | { emoji: string };
  headerLinks: HeaderItem[];
  footer: { groups: { title: string; links: LookLink[] }[]; copyright?: string };
  /** The page's actions: the page as markdown, the site's MCP URL. */
  pageActions: { markdown: boolean; mcp: boolean };
  /** "Was this page helpful?" at the foot of each page (where insights are recorded). */
  feedback: boolean;
  /** Previous and next pages at the foot of each page. */
  pagination: boolean;
  /** `dark`: pages open dark whatever the system says; `light`: they follow the system. */
  theme: { default: 'light' | 'dark'; toggleable: boolean };
}
