/** A path segment from a title: lowercase ASCII letters, digits and dashes, at most 100 characters. */
export function slugOf(title: string, fallback: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/, '');
  return slug || fallback;
}

/** `wanted`, or `wanted-2`, `wanted-3`... : the first not in `taken` (kept within 100 characters). */
export function uniquePath(wanted: string, taken: Set<string>): string {
  if (!taken.has(wanted)) return wanted;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${wanted.slice(0, 100 - suffix.length)}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** What a path may hold: URL-safe characters, starting with a letter or digit. */
export const PATH_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._~-]*$/;
