import type { SiteSectionGroupEntity } from '../section-groups/site-section-group.entity';
import type { SiteSectionEntity } from '../sections/site-section.entity';
import type { SiteSpaceEntity } from '../site-spaces/site-space.entity';
import type { SiteEntity } from '../sites/site.entity';

/** An entry of a site's root order: a group (with its sections) or a section outside any group. */
export type RootItem = { type: 'group'; group: SiteSectionGroupEntity; sections: SiteSectionEntity[] } | { type: 'section'; section: SiteSectionEntity };

/**
 * The whole structure of one site as one reader sees it, in order: root items (groups and
 * sections), each group's sections, each section's site spaces, or the site spaces at the root
 * of a site without sections. Site spaces whose space the reader cannot read (or that is
 * deleted) are left out.
 */
export interface SiteStructure {
  site: SiteEntity;
  root: RootItem[];
  /** Every section in structure order (groups expanded in place). */
  sections: SiteSectionEntity[];
  /** Site spaces by section id ('' for the root), each list in order. */
  siteSpaces: Map<string, SiteSpaceEntity[]>;
  /**
   * The content head a space is shown from when it is not the space's own, by space id: a change
   * request's id in a preview of it (its revision is the site space's `revisionId`; search reads
   * that head's index).
   */
  contentHeads?: ReadonlyMap<string, string>;
}

/** Structure order within one list: by order key, then id (keys are unique in practice; the id makes it total). */
export const byPosition = <T extends { position: string; id: string }>(a: T, b: T) =>
  a.position < b.position ? -1 : a.position > b.position ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

/** Arranges loaded rows into a SiteStructure (pure: the order comes from the position keys). */
export function arrangeStructure(site: SiteEntity, groups: SiteSectionGroupEntity[], sections: SiteSectionEntity[], siteSpaces: SiteSpaceEntity[]): SiteStructure {
  const inGroup = new Map<string, SiteSectionEntity[]>();
  const rootEntries: (RootItem & { position: string; id: string })[] = [];
  for (const section of sections) {
    if (section.groupId) inGroup.set(section.groupId, [...(inGroup.get(section.groupId) ?? []), section]);
    else rootEntries.push({ type: 'section', section, position: section.position, id: section.id });
  }
  for (const group of groups) {
    rootEntries.push({ type: 'group', group, sections: (inGroup.get(group.id) ?? []).sort(byPosition), position: group.position, id: group.id });
  }
  rootEntries.sort(byPosition);
  const root: RootItem[] = rootEntries.map((entry) =>
    entry.type === 'group' ? { type: 'group', group: entry.group, sections: entry.sections } : { type: 'section', section: entry.section },
  );
  const ordered = root.flatMap((item) => (item.type === 'group' ? item.sections : [item.section]));
  const spaces = new Map<string, SiteSpaceEntity[]>();
  for (const siteSpace of [...siteSpaces].sort(byPosition)) {
    const key = siteSpace.sectionId ?? '';
    spaces.set(key, [...(spaces.get(key) ?? []), siteSpace]);
  }
  return { site, root, sections: ordered, siteSpaces: spaces };
}
