import { conditionShown, DEFAULT_SITE_CUSTOMIZATION, SiteCustomization, siteSpaceCustomizationOf } from '@docs/sites';
import type { HeaderItem, LookFont, LookLink, SiteLook } from '@docs/site-renderer';
import type { Variant } from '../routing/site-routes';
import type { PageTarget, SiteView } from './site-pages';

/** The reference's default fonts as CSS family names (`RobotoSlab` is "Roboto Slab"). */
const FONT_FAMILIES: Record<string, string> = {
  ABCFavorit: 'ABC Favorit',
  RobotoSlab: 'Roboto Slab',
  OpenSans: 'Open Sans',
  SourceSansPro: 'Source Sans Pro',
  NotoSans: 'Noto Sans',
  IBMPlexSerif: 'IBM Plex Serif',
  FiraSans: 'Fira Sans',
  FiraCode: 'Fira Code',
  IBMPlexMono: 'IBM Plex Mono',
  JetBrainsMono: 'JetBrains Mono',
  SourceCodePro: 'Source Code Pro',
  RobotoMono: 'Roboto Mono',
  SpaceMono: 'Space Mono',
  DMMono: 'DM Mono',
};

/** What a page needs to turn a `ContentRef` into a URL: the variants' pages. */
export type TargetOf = (variant: Variant) => Promise<Omit<PageTarget, 'page'>>;

/**
 * A font of the settings: a default one by name (the stylesheet's own when it is the default,
 * which the stylesheet already uses), or a font definition with the faces the site serves.
 */
function fontOf(font: unknown, defaultName: string): LookFont | undefined {
  if (typeof font === 'string') return font === defaultName ? undefined : { family: FONT_FAMILIES[font] ?? font };
  if (font && typeof font === 'object') {
    const definition = font as { fontFamily: string; fontFaces: { weight: number; sources: { url: string; format?: 'woff2' | 'woff' }[] }[] };
    return { family: definition.fontFamily, faces: definition.fontFaces.map((face) => ({ weight: face.weight, sources: face.sources })) };
  }
  return undefined;
}

/**
 * A `ContentRef` of the settings (a header or footer link) as a URL of this site for this
 * visitor: a URL as is, a page, an anchor or a space of the site (undefined when the visitor does
 * not see it, and for kinds a link cannot lead to: a user, a file, a reusable content...).
 */
async function refUrl(view: SiteView, current: Variant, ref: Record<string, any> | null | undefined, targetOf: TargetOf): Promise<string | undefined> {
  if (!ref) return undefined;
  const { links } = view;
  if (ref.kind === 'url') return ref.url as string;
  const spaceId: string = ref.space ?? current.siteSpace.spaceId;
  const variant = spaceId === current.siteSpace.spaceId ? current : links.variantOfSpace(spaceId, current.section);
  if (!variant) return undefined;
  if (ref.kind === 'space') return variant.url || links.home;
  if (ref.kind !== 'page' && !(ref.kind === 'anchor' && ref.page)) return undefined;
  const { index } = await targetOf(variant);
  const page = index.byId.get(ref.page as string);
  if (!page || page.type !== 'document') return undefined;
  const url = links.pageUrl(variant, page.path ?? '', page === index.first);
  return ref.kind === 'anchor' ? `${url}#${encodeURIComponent(ref.anchor as string)}` : url;
}

async function linksOf(view: SiteView, variant: Variant, links: { title: string; to: Record<string, any> }[], targetOf: TargetOf): Promise<LookLink[]> {
  const out: LookLink[] = [];
  for (const link of links) {
    const url = await refUrl(view, variant, link.to, targetOf);
    if (url) out.push({ title: link.title, url });
  }
  return out;
}

/** The customization a variant shows (the site's, with its site space's overrides) as the renderer's `SiteLook`, for this visitor. */
export async function siteLookOf(view: SiteView, variant: Variant, targetOf: TargetOf): Promise<{ look: SiteLook; title?: string }> {
  const settings: SiteCustomization = siteSpaceCustomizationOf(view.published.site, variant.siteSpace);
  const { styling, header, footer, favicon, themes } = settings;
  const shown = conditionShown(view.published.site, view.audience.claims);
  const headerLinks: HeaderItem[] = [];
  for (const item of (header?.links ?? []) as { title: string; style?: HeaderItem['style']; to: Record<string, any> | null; links: { title: string; to: Record<string, any> }[]; condition?: string }[]) {
    if (!shown(item.condition)) continue;
    const url = await refUrl(view, variant, item.to, targetOf);
    const links = await linksOf(view, variant, item.links ?? [], targetOf);
    if (url || links.length > 0) headerLinks.push({ title: item.title, url: url ?? '', style: item.style ?? 'link', links });
  }
  const groups = [];
  for (const group of (footer?.groups ?? []) as { title: string; links: { title: string; to: Record<string, any> }[] }[]) {
    groups.push({ title: group.title, links: await linksOf(view, variant, group.links, targetOf) });
  }
  const look: SiteLook = {
    // The reference's default primary colour is the stylesheet's own accent here (a site as it comes looks as it always did).
    ...(styling?.primaryColor && !sameColor(styling.primaryColor, DEFAULT_SITE_CUSTOMIZATION.styling.primaryColor) ? { primaryColor: styling.primaryColor } : {}),
    ...(styling?.tint ? { tint: styling.tint.color } : {}),
    ...(fontOf(styling?.font, 'Inter') ? { font: fontOf(styling?.font, 'Inter') } : {}),
    ...(fontOf(styling?.monospaceFont, 'IBMPlexMono') ? { monospaceFont: fontOf(styling?.monospaceFont, 'IBMPlexMono') } : {}),
    corners: styling?.corners ?? 'rounded',
    ...(header?.logo ? { logo: header.logo } : {}),
    ...(favicon?.icon ? { favicon: favicon.icon } : favicon?.emoji ? { favicon: { emoji: favicon.emoji } } : {}),
    headerLinks,
    footer: { groups, ...(footer?.copyright ? { copyright: footer.copyright } : {}) },
    pageActions: { markdown: settings.pageActions?.markdown !== false, mcp: settings.pageActions?.mcp !== false },
    feedback: settings.feedback?.enabled !== false,
    pagination: settings.pagination?.enabled !== false,
    theme: { default: themes?.default === 'dark' ? 'dark' : 'light', toggleable: themes?.toggeable !== false },
  };
  return { look, ...(settings.title ? { title: settings.title as string } : {}) };
}

function sameColor(a: { light: string; dark: string }, b: { light: string; dark: string }): boolean {
  return a.light.toLowerCase() === b.light.toLowerCase() && a.dark.toLowerCase() === b.dark.toLowerCase();
}
