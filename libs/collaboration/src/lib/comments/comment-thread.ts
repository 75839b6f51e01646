import { ForbiddenException, Injectable } from '@nestjs/common';
import { ContentAccess, ContentCap, ContentLevel, levelAtLeast } from '@docs/content';
import type { Caller, MemberRole } from '@docs/identity';
import { ChangeRequestsService } from '../change-requests/change-requests.service';

/**
 * Where comments are posted, as one caller reaches it: a space's own content, or one change
 * request of it. Both mount points (`/v1/spaces/{spaceId}/comments`,
 * `.../change-requests/{changeRequestId}/comments`) resolve to this, and everything after
 * works on it alone.
 */
export interface CommentThread {
  /** The content head commented on: the space id, or the change request id (`comments.thread_key`). */
  key: string;
  organizationId: string;
  spaceId: string;
  changeRequestId: string | null;
  /** The head's current revision: a new comment's `target.revision`. */
  revisionId: string;
  /** The caller's level on the space, and the space's cap (who else may read it: mentions). */
  level: ContentLevel;
  cap: ContentCap;
  /** Path segments of the thread's comments in the API: `urls.location` is built from them. */
  path: string[];
  /** How messages name it: "space X", "change request Y". */
  label: string;
}

/** Resolves the mount points: 404 for whoever cannot read the space (or its change request), as everywhere. */
@Injectable()
export class CommentThreads {
  constructor(
    private readonly access: ContentAccess,
    private readonly changeRequests: ChangeRequestsService,
  ) {}

  async ofSpace(spaceId: string, caller: Caller): Promise<CommentThread> {
    const { space, level, cap } = await this.access.requireSpace(spaceId, caller, 'read', 'read its comments');
    return {
      key: space.id,
      organizationId: space.organizationId,
      spaceId: space.id,
      changeRequestId: null,
      revisionId: space.revisionId,
      level,
      cap,
      path: ['v1/spaces', space.id, 'comments'],
      label: `space ${space.id}`,
    };
  }

  /** `key`: the change request's id or its number in the space. */
  async ofChangeRequest(spaceId: string, key: string, caller: Caller): Promise<CommentThread> {
    const { space, changeRequest } = await this.changeRequests.require(spaceId, key, caller, 'read', 'read its comments');
    return {
      key: changeRequest.id,
      organizationId: space.space.organizationId,
      spaceId: space.space.id,
      changeRequestId: changeRequest.id,
      revisionId: changeRequest.revisionId,
      level: space.level,
      cap: space.cap,
      path: ['v1/spaces', space.space.id, 'change-requests', changeRequest.id, 'comments'],
      label: `change request ${changeRequest.id}`,
    };
  }
}

/** 403 unless the caller has `required` on the thread's space, naming what they tried. */
export function requireThreadLevel(thread: CommentThread, required: MemberRole, action: string): void {
  if (!levelAtLeast(thread.level, required)) {
    throw new ForbiddenException(`You need the ${required} level on space ${thread.spaceId} to ${action}; you have ${thread.level ?? 'no access'}.`);
  }
}
