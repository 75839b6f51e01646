import { claimCatalog } from '../conditions/claim-catalog';
import { evaluateCondition, parseCondition } from '../conditions/condition-expression';
import { adaptiveSchemaOf } from '../sites/site.entity';
import type { SiteEntity } from '../sites/site.entity';
import type { RootItem, SiteStructure } from '../structure/site-structure';

/**
 * Whether what carries a condition (a section, a site space, a header link of the site's
 * customization) shows to a visitor with `claims`: no condition, or one that holds. A condition
 * that no longer parses (the adaptive schema changed since) counts as false.
 */
export function conditionShown(site: SiteEntity, claims: Record<string, unknown>): (condition: string | null | undefined) => boolean {
  const catalog = claimCatalog(adaptiveSchemaOf(site));
  return (condition) => {
    if (!condition) return true;
    try {
      return evaluateCondition(parseCondition(condition, catalog), claims);
    } catch {
      return false;
    }
  };
}

/**
 * What a visitor with `claims` sees of a structure: sections and site spaces whose condition is
 * false are left out, and so are sections left without site spaces and groups left without
 * sections (`conditionShown`).
 */
export function visibleStructure(structure: SiteStructure, claims: Record<string, unknown>): SiteStructure {
  const shown = conditionShown(structure.site, claims);
  const siteSpaces = new Map([...structure.siteSpaces].map(([key, list]) => [key, list.filter((siteSpace) => shown(siteSpace.condition))] as const));
  const hasSpaces = (sectionId: string) => (siteSpaces.get(sectionId)?.length ?? 0) > 0;
  const root: RootItem[] = [];
  for (const item of structure.root) {
    if (item.type === 'section') {
      if (shown(item.section.condition) && hasSpaces(item.section.id)) root.push(item);
      continue;
    }
    const sections = item.sections.filter((section) => shown(section.condition) && hasSpaces(section.id));
    if (sections.length > 0) root.push({ ...item, sections });
  }
  const sections = root.flatMap((item) => (item.type === 'group' ? item.sections : [item.section]));
  return { site: structure.site, root, sections, siteSpaces };
}
