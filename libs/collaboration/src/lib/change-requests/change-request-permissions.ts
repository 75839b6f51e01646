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
 * the change request's status and whether the caller is its author decide. The space's edit mode
 * does not: a locked space takes its changes through change requests (docs/api-decisions.md).
 */
export function changeRequestPermissions(
  level: ContentLevel,
  changeRequest: { status: ChangeRequestStatus; createdBy?: string | null },
  callerId?: string,
): ChangeRequestPermissions {
  const active = isActive(changeRequest.status);
  // Nobody reviews their own change request (docs/api-decisions.md).
  const author = callerId !== undefined && changeRequest.createdBy === callerId;
  const writable = active;
  return {
    view: levelAtLeast(level, 'read'),
    comment: levelAtLeast(level, 'comment'),
    edit: writable && levelAtLeast(level, 'edit'),
    archive: changeRequest.status !== 'merged' && levelAtLeast(level, 'edit'),
    review: active && !author && levelAtLeast(level, 'review'),
    merge: writable && levelAtLeast(level, 'review'),
  };
}
