import { keyBetween } from '@docs/content';
import { BadRequestException } from '@nestjs/common';

/** An item of one ordered list of a site's structure (the root, a group's sections, a section's site spaces). */
export interface OrderedItem {
  id: string;
  position: string;
}

/** Where an item goes in its list: at the end, or just before or after another item of that list. */
export type Placement = { side: 'end' } | { side: 'before' | 'after'; anchorId: string };

/**
 * The order key of an item placed in `siblings` (in order, without the item itself): one key
 * between its new neighbours (order keys of @docs/content: nothing else is rewritten).
 */
export function keyFor(siblings: OrderedItem[], placement: Placement): string {
  if (placement.side === 'end') return keyBetween(siblings.at(-1)?.position ?? null, null);
  const index = siblings.findIndex((item) => item.id === placement.anchorId);
  if (index < 0) throw new Error(`anchor ${placement.anchorId} is not among the siblings`);
  return placement.side === 'before'
    ? keyBetween(siblings[index - 1]?.position ?? null, siblings[index].position)
    : keyBetween(siblings[index].position, siblings[index + 1]?.position ?? null);
}

/** `count` increasing keys between two neighbours (either may be null: an end). */
export function keysBetween(before: string | null, after: string | null, count: number): string[] {
  const keys: string[] = [];
  let previous = before;
  for (let i = 0; i < count; i++) {
    previous = keyBetween(previous, after);
    keys.push(previous);
  }
  return keys;
}

/** A move's `position` with exactly one of before and after (absent: the end). */
export function placementOf<P>(position: { before?: P; after?: P } | undefined, idOf: (pointer: P) => string): { placement: Placement; pointer?: P } {
  if (!position) return { placement: { side: 'end' } };
  const { before, after } = position;
  if (before && after) throw new BadRequestException('position must have either before or after, not both.');
  const pointer = before ?? after;
  if (!pointer) return { placement: { side: 'end' } };
  return { placement: { side: before ? 'before' : 'after', anchorId: idOf(pointer) }, pointer };
}
