import { BadRequestException, ConflictException } from '@nestjs/common';
import type { MoveDto, PositionDto } from './dto/move.dto';
import type { Placement } from './sibling-order';

/** A move's `position` as a placement: exactly one of before and after; absent means the end. */
export function placementOf(position: PositionDto | undefined): Placement {
  if (!position) return { side: 'end' };
  const { before, after } = position;
  if (before && after) throw new BadRequestException('position must have either before or after, not both.');
  const pointer = before ?? after;
  if (!pointer) throw new BadRequestException('position must have before or after.');
  const id = pointer.type === 'space' ? pointer.space : pointer.collection;
  return { side: before ? 'before' : 'after', anchor: { type: pointer.type, id: id as string } };
}

/**
 * Where a move goes: `parent` when given (null: the top level), else the current parent, and
 * the placement among the siblings there. A body with neither is a 400; staying in the same
 * parent without a position would change nothing: 409.
 */
export function requireMoveTarget(input: MoveDto, currentParentId: string | null, what: string): { parentId: string | null; placement: Placement } {
  if (input.parent === undefined && input.position === undefined) {
    throw new BadRequestException('Give parent, position or both: where to move.');
  }
  const parentId = input.parent === undefined ? currentParentId : input.parent;
  if (parentId === currentParentId && input.position === undefined) {
    const where = parentId ? `in collection ${parentId}` : 'at the top level';
    throw new ConflictException(`${what} is already ${where}: give a position to reorder it there.`);
  }
  return { parentId, placement: placementOf(input.position) };
}
