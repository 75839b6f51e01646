import slugify from 'slugify';

/** What a slug may be: lower-case letters, digits and single dashes, 1 to 100 characters. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MAX_LENGTH = 100;

/** The slug a title gives (transliterated, lower-case, dashes); `page` when nothing is left. */
export function slugFromTitle(title: string): string {
  const slug = slugify(title, { lower: true, strict: true, trim: true }).slice(0, SLUG_MAX_LENGTH).replace(/-+$/, '');
  return slug === '' ? 'page' : slug;
}

/** `base`, or `base-2`, `base-3`, ... : the first that no sibling has. */
export function uniqueSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, SLUG_MAX_LENGTH - suffix.length)}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** A page's path: its ancestors' slugs and its own, joined by `/`. */
export function joinPath(parentPath: string | null, slug: string): string {
  return parentPath ? `${parentPath}/${slug}` : slug;
}
