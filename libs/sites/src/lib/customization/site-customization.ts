import type { SiteSpaceEntity } from '../site-spaces/site-space.entity';
import type { SiteEntity } from '../sites/site.entity';
import { DEFAULT_SITE_CUSTOMIZATION } from './default-customization';

/** The reference's `SiteCustomizationSettings`, as plain JSON (validated where it is written). */
export type SiteCustomization = Record<string, any>;

/**
 * The groups of settings a site space overrides field by field (`styling.primaryColor` alone,
 * the rest of `styling` from the site); any other setting (`title`, `favicon`, `announcement`)
 * is overridden whole. `styling.sidebar` is a group inside a group.
 */
const GROUPS = new Set(['styling', 'internationalization', 'header', 'footer', 'themes', 'pdf', 'feedback', 'git', 'externalLinks', 'pagination', 'trademark', 'privacyPolicy', 'socialPreview']);
const NESTED_GROUPS: Record<string, Set<string>> = { styling: new Set(['sidebar']) };

const isObject = (value: unknown): value is Record<string, any> => !!value && typeof value === 'object' && !Array.isArray(value);

/** A site's customization: as last set, else the defaults. */
export function siteCustomizationOf(site: Pick<SiteEntity, 'customization'>): SiteCustomization {
  return (site.customization as SiteCustomization | null) ?? (DEFAULT_SITE_CUSTOMIZATION as SiteCustomization);
}

/** The customization a site space shows: the site's, with what the site space overrides. */
export function siteSpaceCustomizationOf(site: Pick<SiteEntity, 'customization'>, siteSpace: Pick<SiteSpaceEntity, 'customization'>): SiteCustomization {
  return applyOverrides(siteCustomizationOf(site), (siteSpace.customization as SiteCustomization | null) ?? {});
}

/** `base` with `overrides` over it: groups merged field by field (nested groups too), anything else replaced. */
export function applyOverrides(base: SiteCustomization, overrides: SiteCustomization): SiteCustomization {
  const out: SiteCustomization = { ...base };
  for (const [key, value] of Object.entries(overrides)) {
    if (GROUPS.has(key) && isObject(value)) {
      const group = { ...(isObject(base[key]) ? base[key] : {}) };
      for (const [field, inner] of Object.entries(value)) {
        group[field] = NESTED_GROUPS[key]?.has(field) && isObject(inner) ? { ...(isObject(group[field]) ? group[field] : {}), ...inner } : inner;
      }
      out[key] = group;
    } else {
      out[key] = value;
    }
  }
  return out;
}

/**
 * Stored overrides with a PATCH over them (the reference's `overrideSiteSpaceCustomizationById`):
 * a value sets its override, `null` resets it (the site's value shows again), at any level of a
 * group; a group left empty is dropped. Answers null when nothing is overridden any more.
 */
export function patchOverrides(stored: SiteCustomization | null, patch: SiteCustomization): SiteCustomization | null {
  const out: SiteCustomization = structuredClone(stored ?? {});
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key];
    else if (GROUPS.has(key) && isObject(value)) {
      const group: SiteCustomization = isObject(out[key]) ? out[key] : {};
      for (const [field, inner] of Object.entries(value)) {
        if (inner === null) delete group[field];
        else if (NESTED_GROUPS[key]?.has(field) && isObject(inner)) {
          const nested: SiteCustomization = isObject(group[field]) ? group[field] : {};
          for (const [name, leaf] of Object.entries(inner)) {
            if (leaf === null) delete nested[name];
            else nested[name] = leaf;
          }
          if (Object.keys(nested).length > 0) group[field] = nested;
          else delete group[field];
        } else group[field] = inner;
      }
      if (Object.keys(group).length > 0) out[key] = group;
      else delete out[key];
    } else out[key] = value;
  }
  return Object.keys(out).length > 0 ? out : null;
}
