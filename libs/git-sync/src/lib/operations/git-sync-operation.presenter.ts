import { Injectable } from '@nestjs/common';
import type { GitSyncOperationDto } from '../dto/git-sync-operation.dto';
import type { GitSyncOperationEntity } from './git-sync-operation.entity';

/** An operation -> the reference's `GitSyncOperation` with the documented extensions. */
@Injectable()
export class GitSyncOperationPresenter {
  present(operation: GitSyncOperationEntity, commitUrl: string | null): GitSyncOperationDto {
    const queued = operation.state === 'pending';
    return {
      id: operation.id,
      state: operation.state === 'pending' ? 'running' : operation.state,
      direction: operation.direction,
      stage: operation.stage,
      dispatchedTasks: operation.dispatchedTasks,
      completedTasks: operation.completedTasks,
      startedAt: operation.createdAt.toISOString(),
      updatedAt: operation.updatedAt.toISOString(),
      ...(operation.state === 'success' && operation.completedAt ? { completedAt: operation.completedAt.toISOString() } : {}),
      ...(operation.state === 'failure' && operation.error ? { error: operation.error } : {}),
      ...(operation.state === 'failure' && operation.errorCode ? { errorCode: operation.errorCode } : {}),
      queued,
      url: operation.url,
      ref: operation.ref,
      repoProjectDirectory: operation.projectDirectory,
      ...(operation.commit
        ? {
            commit: {
              oid: operation.commit,
              message: operation.commitMessage ?? '',
              createdByGitBook: operation.commitCreated,
              ref: operation.ref,
              ...(commitUrl ? { url: `${commitUrl}${operation.commit}` } : {}),
            },
          }
        : {}),
      ...(operation.revisionId && (operation.direction === 'export' || operation.state === 'success') ? { revision: operation.revisionId } : {}),
      ...(operation.changeRequestId ? { changeRequest: operation.changeRequestId } : {}),
      standalone: operation.standalone,
      ...(operation.createdBy ? { createdBy: operation.createdBy } : {}),
    };
  }
}
