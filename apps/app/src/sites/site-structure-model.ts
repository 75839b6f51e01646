import type { SiteSection, SiteSectionGroup, SiteSpace, SiteStructure } from '../api/types';

/** An entry of a site's root order, as the site screen lists it: a section, or a group and its sections. */
export type RootEntry = { type: 'section'; section: SiteSection } | { type: 'group'; group: SiteSectionGroup; sections: SiteSection[] };

/** A site's structure as the site screen shows it: sections and groups in order, or the variants (site spaces) of a site without sections. */
export interface StructureView {
  hasSections: boolean;
  root: RootEntry[];
  /** The site spaces of a site without sections, in order. */
  variants: SiteSpace[];
  /** Every section, groups expanded in place. */
  sections: SiteSection[];
}

const isGroup = (item: SiteSection | SiteSectionGroup): item is SiteSectionGroup => item.object === 'site-section-group';

export function structureView(structure: SiteStructure): StructureView {
  if (structure.type === 'siteSpaces') return { hasSections: false, root: [], variants: structure.structure, sections: [] };
  const root: RootEntry[] = structure.structure.map((item) =>
    isGroup(item) ? { type: 'group', group: item, sections: item.children.filter((child): child is SiteSection => !isGroup(child)) } : { type: 'section', section: item },
  );
  return { hasSections: true, root, variants: [], sections: root.flatMap((entry) => (entry.type === 'group' ? entry.sections : [entry.section])) };
}

/** Sections outside any group: those a new group may take in. */
export function ungroupedSections(view: StructureView): SiteSection[] {
  return view.root.flatMap((entry) => (entry.type === 'section' ? [entry.section] : []));
}

/** What `sortSiteStructure` moves and next to what (its `item` and `position` pointers). */
export interface StructurePointer {
  type: 'site-space' | 'site-section' | 'site-section-group';
  id: string;
}

export interface SortRequest {
  item: StructurePointer;
  position: { before: StructurePointer } | { after: StructurePointer };
}

/** The body of `PATCH .../structure/sort` moving `siblings[index]` one step up (-1) or down (1) among its siblings; undefined at either end. */
export function moveRequest(siblings: StructurePointer[], index: number, direction: -1 | 1): SortRequest | undefined {
  const item = siblings[index];
  const neighbour = siblings[index + direction];
  if (!item || !neighbour) return undefined;
  return { item, position: direction === -1 ? { before: neighbour } : { after: neighbour } };
}

export const pointerOfEntry = (entry: RootEntry): StructurePointer =>
  entry.type === 'group' ? { type: 'site-section-group', id: entry.group.id } : { type: 'site-section', id: entry.section.id };
export const pointerOfSection = (section: SiteSection): StructurePointer => ({ type: 'site-section', id: section.id });
export const pointerOfVariant = (siteSpace: SiteSpace): StructurePointer => ({ type: 'site-space', id: siteSpace.id });

/** The name a variant goes by: its space's title (its path when the space has none). */
export function variantName(siteSpace: SiteSpace): string {
  return siteSpace.title || siteSpace.space.title || siteSpace.path;
}

/** A variant the preview may show, named for a person ("Guides: Handbook v2" in a site with sections). */
export interface PreviewChoice {
  siteSpaceId: string;
  label: string;
  /** The variant readers land on (the default section's default variant). */
  landing: boolean;
}

/** Every variant of the site in structure order, the one readers land on marked. */
export function previewChoices(structure: SiteStructure): PreviewChoice[] {
  const view = structureView(structure);
  if (!view.hasSections) return view.variants.map((siteSpace) => ({ siteSpaceId: siteSpace.id, label: variantName(siteSpace), landing: siteSpace.default === true }));
  return view.sections.flatMap((section) =>
    section.siteSpaces.map((siteSpace) => ({ siteSpaceId: siteSpace.id, label: `${section.title}: ${variantName(siteSpace)}`, landing: section.default === true && siteSpace.default === true })),
  );
}
