import { BadRequestException } from '@nestjs/common';

/** Where a page goes among its new siblings: just before or just after one of them. */
export interface PagePosition {
  before?: string;
  after?: string;
}

/**
 * The index at which to insert among `siblings` (page ids, the moving page already taken out):
 * the end without a position. A position naming a page that is not a sibling is a 400.
 */
export function insertionIndex(siblings: readonly string[], position: PagePosition | undefined, parentLabel: string): number {
  if (!position || (position.before === undefined && position.after === undefined)) return siblings.length;
  if (position.before !== undefined && position.after !== undefined) {
    throw new BadRequestException('position takes one of before and after, not both.');
  }
  const [field, pageId] = position.before !== undefined ? ['before', position.before] : ['after', position.after as string];
  const index = siblings.indexOf(pageId);
  if (index < 0) throw new BadRequestException(`position.${field}: page ${pageId} is not a page of ${parentLabel}.`);
  return field === 'before' ? index : index + 1;
}
