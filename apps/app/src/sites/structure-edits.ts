import type { SiteSection, SiteSpace } from '../api/types';

/** What an edit form of a section or a variant holds, as typed (a field left out is not shown in that form). */
export interface StructureFields {
  title?: string;
  path?: string;
  icon?: string;
  condition?: string;
}

export type SectionChange = { title?: string; path?: string; icon?: string | null };
export type VariantChange = { path?: string; condition?: string | null };

/** The fields of a form, trimmed: `FormData` as `StructureFields` (a field absent from the form stays undefined). */
export function fieldsOf(data: FormData): StructureFields {
  const read = (name: string) => (data.has(name) ? String(data.get(name)).trim() : undefined);
  return { title: read('title'), path: read('path'), icon: read('icon'), condition: read('condition') };
}

/**
 * The body of `PATCH .../sections/{id}`: only what differs from the section; an emptied icon is
 * `null` (removed). An emptied title or path is kept out (both are required: the API keeps them).
 */
export function sectionChange(section: SiteSection, fields: StructureFields): SectionChange {
  const change: SectionChange = {};
  if (fields.title && fields.title !== section.title) change.title = fields.title;
  if (fields.path && fields.path !== section.path) change.path = fields.path;
  if (fields.icon !== undefined && fields.icon !== (section.icon ?? '')) change.icon = fields.icon || null;
  return change;
}

/** The body of `PATCH .../site-spaces/{id}`: only what differs from the variant; an emptied condition is `null` (removed: always shown). */
export function variantChange(siteSpace: SiteSpace, fields: StructureFields): VariantChange {
  const change: VariantChange = {};
  if (fields.path && fields.path !== siteSpace.path) change.path = fields.path;
  if (fields.condition !== undefined && fields.condition !== (siteSpace.condition ?? '')) change.condition = fields.condition || null;
  return change;
}
