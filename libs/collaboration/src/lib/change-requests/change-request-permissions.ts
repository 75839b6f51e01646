import { ContentLevel, levelAtLeast } from '@docs/content';
import type { ChangeRequestStatus } from './change-request.entity';
import { isActive } from './status-moves';

/** What a caller may do with one change request (a documented extension: the reference's ChangeRequest has no `permissions`). */
export interface ChangeRequestPermissions {
  view: boolean;
  comment: boolean;
  /** Edit its content and subject, move it between draft and open, update it from the space. */
  edit: boolean;
  /** Archive it (or reopen it once archived). */
  archive: boolean;
  review: boolean;
  merge: boolean;
}

/**
 * The change request permission table (docs/permissions.md): the caller's level on the space,
 * the change request's status and the space's edit mode decide.
 */
export function changeRequestPermissions(level: ContentLevel, changeRequest: { status: ChangeRequestStatus }, space: { locked: boolean }): ChangeRequestPermissions {
  const active = isActive(changeRequest.status);
  const writable = active && !space.locked;
  return {
    view: levelAtLeast(level, 'read'),
    comment: levelAtLeast(level, 'comment'),
    edit: writable && levelAtLeast(level, 'edit'),
    archive: changeRequest.status !== 'merged' && levelAtLeast(level, 'edit'),
    review: active && levelAtLeast(level, 'review'),
    merge: writable && levelAtLeast(level, 'review'),
  };
}
