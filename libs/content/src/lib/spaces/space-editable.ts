import { ConflictException } from '@nestjs/common';
import type { SpaceEntity } from './space.entity';

/**
 * The rule of `editMode: locked`: nothing may change the content of a locked space (pages,
 * files, imports, merges of change requests, ...) until it is unlocked. Every later operation
 * that changes a space's content calls this first, inside its transaction, on the row it is
 * about to change. Answers 409 Conflict (the request is valid; the space's state forbids it).
 * Settings (PATCH /v1/spaces/{spaceId}, including unlocking), move, transfer, delete and
 * duplicate are not content changes and stay allowed.
 */
export function assertSpaceEditable(space: Pick<SpaceEntity, 'id' | 'editMode'>): void {
  if (space.editMode === 'locked') {
    throw new ConflictException(
      `Space ${space.id} is locked: its content cannot change. An admin can unlock it with PATCH /v1/spaces/${space.id} {"editMode": "live"}.`,
    );
  }
}
