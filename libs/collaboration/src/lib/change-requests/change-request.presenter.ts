import { Injectable } from '@nestjs/common';
import type { ContentLevel } from '@docs/content';
import { UserEntity, UserPresenter } from '@docs/identity';
import { PublicUrls } from '@docs/platform';
import type { ChangeRequestEntity } from './change-request.entity';
import { changeRequestPermissions } from './change-request-permissions';

/** What presenting a change request needs beside its row. */
export interface ChangeRequestContext {
  /** The space's current revision (`outdated` compares it with the change request's base). */
  spaceRevisionId: string;
  level: ContentLevel;
  /** The caller (their own change requests are not theirs to review). */
  callerId: string;
  creator: UserEntity | undefined;
}

/** ChangeRequestEntity -> the reference's `ChangeRequest` (plus `permissions` and `conflicts`, documented extensions). */
@Injectable()
export class ChangeRequestPresenter {
  constructor(
    private readonly urls: PublicUrls,
    private readonly users: UserPresenter,
  ) {}

  present(changeRequest: ChangeRequestEntity, context: ChangeRequestContext, options: { permissions: boolean } = { permissions: true }): Record<string, unknown> {
    return {
      object: 'change-request',
      id: changeRequest.id,
      number: changeRequest.number,
      status: changeRequest.status,
      subject: changeRequest.subject,
      // The reference requires createdBy; it is absent only once that user's account is gone.
      ...(context.creator ? { createdBy: this.users.present(context.creator) } : {}),
      createdAt: changeRequest.createdAt.toISOString(),
      updatedAt: changeRequest.updatedAt.toISOString(),
      space: changeRequest.spaceId,
      revision: changeRequest.revisionId,
      revisionInitial: changeRequest.revisionInitialId,
      ...(changeRequest.revisionMergedAncestorId ? { revisionMergedAncestor: changeRequest.revisionMergedAncestorId } : {}),
      ...(changeRequest.revisionMergedId ? { revisionMerged: changeRequest.revisionMergedId } : {}),
      comments: changeRequest.comments,
      outdated: isOutdated(changeRequest, context.spaceRevisionId),
      urls: {
        app: this.urls.app('s', changeRequest.spaceId, '~', 'changes', String(changeRequest.number)),
        location: this.urls.api('v1/spaces', changeRequest.spaceId, 'change-requests', changeRequest.id),
      },
      conflicts: changeRequest.unresolvedConflicts,
      ...(options.permissions ? { permissions: changeRequestPermissions(context.level, changeRequest, context.callerId) } : {}),
    };
  }
}

/** True exactly when the space's content moved on since the change request last started from it (never once merged). */
export function isOutdated(changeRequest: Pick<ChangeRequestEntity, 'status' | 'baseRevisionId'>, spaceRevisionId: string): boolean {
  return changeRequest.status !== 'merged' && changeRequest.baseRevisionId !== spaceRevisionId;
}
