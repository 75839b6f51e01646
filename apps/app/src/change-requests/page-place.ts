/** A page of a tree as far as its place goes: its id and the pages under it. */
export interface PlacedPage {
  id: string;
  pages?: PlacedPage[];
}

/** Where a page sits: its parent (null: the top level) and the sibling just before it (none: first). */
export interface PagePlace {
  parent: string | null;
  after?: string;
}

/** The page's place in a tree, or undefined when the tree does not have it. */
export function placeOf(pages: PlacedPage[], pageId: string, parent: string | null = null): PagePlace | undefined {
  for (const [index, page] of pages.entries()) {
    if (page.id === pageId) return { parent, after: pages[index - 1]?.id };
    const found = page.pages ? placeOf(page.pages, pageId, page.id) : undefined;
    if (found) return found;
  }
  return undefined;
}

/**
 * The body of the move (`POST .../page/{pageId}/move`) that puts a page of the change request
 * where the space has it: under the space's parent, after the sibling the space has before it when
 * the change request has that sibling there too (else last). Undefined when it already sits there,
 * or when either tree lacks the page or the change request lacks the parent.
 */
export function moveToSpacePlace(space: PlacedPage[], changeRequest: PlacedPage[], pageId: string): { parent: string | null; position?: { after: string } } | undefined {
  const wanted = placeOf(space, pageId);
  const current = placeOf(changeRequest, pageId);
  if (!wanted || !current) return undefined;
  if (wanted.parent !== null && !placeOf(changeRequest, wanted.parent)) return undefined;
  const siblingThere = wanted.after !== undefined && placeOf(changeRequest, wanted.after)?.parent === wanted.parent;
  if (current.parent === wanted.parent && (current.after === wanted.after || !siblingThere)) return undefined;
  return siblingThere ? { parent: wanted.parent, position: { after: wanted.after! } } : { parent: wanted.parent };
}
