import { DocNode, plainText } from './doc-node';

/**
 * Heading anchors as the content library computes them for search sections and `#anchor` links
 * (libs/content `heading-anchors.ts`; apps/site tests that both agree): lower case, accents
 * dropped, letters and digits of any script kept, the rest folded into single hyphens; a
 * heading's own `data.id` wins; later duplicates get `-1`, `-2`. The renderer cannot import the
 * content library (it is pure), hence this twin.
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

/** Hands out unique anchors in document order. */
export class HeadingAnchors {
  private readonly used = new Set<string>();
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

const isHeading = (node: DocNode) => node.object === 'block' && typeof node.type === 'string' && /^heading-[123]$/.test(node.type);

/**
 * The anchor of every heading of `document`, walked as the content library walks it (fragments
 * before nodes), from `anchors` (shared, so that a reusable content's headings, numbered after
 * the page's, never repeat an id of the page).
 */
export function assignAnchors(document: DocNode, anchors: HeadingAnchors, into: Map<DocNode, string>): void {
  const visit = (node: DocNode) => {
    if (isHeading(node)) into.set(node, anchors.next(plainText(node), typeof node.data?.id === 'string' ? node.data.id : undefined));
    for (const child of node.fragments ?? []) visit(child);
    for (const child of node.nodes ?? []) visit(child);
  };
  for (const node of document.nodes ?? []) visit(node);
}
