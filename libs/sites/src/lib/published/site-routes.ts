import type { SiteSectionEntity } from '../sections/site-section.entity';
import type { SiteSpaceEntity } from '../site-spaces/site-space.entity';
import type { SiteStructure } from '../structure/site-structure';

/** A site space as the visitor reaches it: its section (null at the root of a site without sections) and its URL path. */
export interface Variant {
  siteSpace: SiteSpaceEntity;
  section: SiteSectionEntity | null;
  /** Root-relative URL of its home (its first page). */
  url: string;
}

const encodePath = (path: string) => path.split('/').map(encodeURIComponent).join('/');

/**
 * URLs inside a site for one visitor: each section at the base (the default one) or one path
 * segment below it, each site space at its section's URL (the default one) or one segment
 * below, each page one or more segments below its site space. Only what the visitor sees has a
 * URL. When the default section (or site space) is hidden from the visitor, the first visible
 * one takes its place at the base.
 */
export class SiteLinks {
  readonly variants: Variant[] = [];
  private readonly bySection = new Map<string, { home: Variant; list: Variant[] }>();

  constructor(
    readonly structure: SiteStructure,
    readonly basePath: string,
  ) {
    const sections = structure.sections;
    // The default section; when the visitor may not see it, the first one they may.
    const defaultSection = sections.find((section) => section.isDefault) ?? sections[0];
    const add = (section: SiteSectionEntity | null, sectionUrl: string) => {
      const siteSpaces = structure.siteSpaces.get(section?.id ?? '') ?? [];
      const homeSpace = siteSpaces.find((siteSpace) => siteSpace.isDefault) ?? siteSpaces[0];
      if (!homeSpace) return;
      const list = siteSpaces.map((siteSpace) => ({ siteSpace, section, url: siteSpace === homeSpace ? sectionUrl : `${sectionUrl}/${encodeURIComponent(siteSpace.path)}` }));
      this.bySection.set(section?.id ?? '', { home: list[siteSpaces.indexOf(homeSpace)], list });
      this.variants.push(...list);
    };
    if (sections.length === 0) add(null, basePath);
    for (const section of sections) add(section, section === defaultSection ? basePath : `${basePath}/${encodeURIComponent(section.path)}`);
  }

  /** The site's home URL ('/' at the root of a host). */
  get home(): string {
    return this.basePath || '/';
  }

  /** The variants of a section (or of the root), in order. */
  variantsOf(section: SiteSectionEntity | null): Variant[] {
    return this.bySection.get(section?.id ?? '')?.list ?? [];
  }

  /** A section's URL: its home variant's. */
  sectionUrl(section: SiteSectionEntity): string | undefined {
    return this.bySection.get(section.id)?.home.url;
  }

  /** The variant showing `spaceId`, preferring one of `section` (a link between spaces goes to the same section when it can). */
  variantOfSpace(spaceId: string, section?: SiteSectionEntity | null): Variant | undefined {
    const inSection = section !== undefined ? this.variantsOf(section).find((variant) => variant.siteSpace.spaceId === spaceId) : undefined;
    return inSection ?? this.variants.find((variant) => variant.siteSpace.spaceId === spaceId);
  }

  /** A page's URL in a variant: the variant's home for its first page, else the path below it. */
  pageUrl(variant: Variant, pagePath: string, isFirstPage: boolean): string {
    if (isFirstPage) return variant.url || '/';
    return `${variant.url}/${encodePath(pagePath)}`;
  }

  /**
   * Which variant `segments` (the path below the base) open, and the page path left: a
   * non-default section's path first, then a non-default site space's, the rest is the page.
   */
  resolve(segments: string[]): { variant: Variant; pagePath: string[] } | undefined {
    let rest = segments;
    let section: SiteSectionEntity | null = null;
    if (this.structure.sections.length > 0) {
      const defaultSection = this.structure.sections.find((s) => s.isDefault) ?? this.structure.sections[0];
      const named = rest.length > 0 ? this.structure.sections.find((s) => s !== defaultSection && s.path === rest[0]) : undefined;
      section = named ?? defaultSection;
      if (named) rest = rest.slice(1);
    }
    const entry = this.bySection.get(section?.id ?? '');
    if (!entry) return undefined;
    const named = rest.length > 0 ? entry.list.find((variant) => variant !== entry.home && variant.siteSpace.path === rest[0]) : undefined;
    if (named) return { variant: named, pagePath: rest.slice(1) };
    return { variant: entry.home, pagePath: rest };
  }
}
