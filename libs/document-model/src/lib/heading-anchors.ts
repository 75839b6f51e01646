/**
 * Heading anchors, computed one way for every consumer (the heading's `meta.id`, search section
 * paths, links to `#anchor`): lower case, accents dropped, letters and digits of any script kept,
 * everything else folded into single hyphens. A heading may carry its own id (`data.id`, written
 * in markdown as `## Title <a href="#id" id="id"></a>`); it wins. Later duplicates get `-1`, `-2`.
 */
export function slugifyHeading(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'section';
}

/** The custom-id form the reference allows in a heading's `data.id`. */
export const HEADING_ID_PATTERN = /^[-a-z0-9.+_]+$/;

/** Hands out unique anchors in document order. */
export class HeadingAnchors {
  private readonly used = new Set<string>();
  /** Per slug, the suffix to try next: keeps many equal titles linear. */
  private readonly nextSuffix = new Map<string, number>();

  next(title: string, customId?: string): string {
    if (customId) {
      this.used.add(customId);
      return customId;
    }
    const base = slugifyHeading(title);
    let anchor = base;
    let n = this.nextSuffix.get(base) ?? 1;
    while (this.used.has(anchor)) anchor = `${base}-${n++}`;
    this.nextSuffix.set(base, n);
    this.used.add(anchor);
    return anchor;
  }
}
