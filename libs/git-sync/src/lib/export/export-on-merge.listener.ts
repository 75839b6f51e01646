import { Injectable, OnModuleInit } from '@nestjs/common';
import { type MergeListener, MergeListeners, type PrimaryContentMerged } from '@docs/collaboration';
import { JobQueue } from '@docs/platform';
import type { EntityManager } from 'typeorm';
import { GitSyncConfigEntity } from '../config/git-sync-config.entity';
import { GitSyncOperations } from '../operations/git-sync-operations.service';
import { RunGitSyncJob } from '../operations/run-git-sync.job';

/**
 * Export on every merge (the `exportOnMerge` setting): in the merge's transaction, an export of the
 * merge revision is recorded and queued, so each merge is exported, in the order of the merges
 * (one at a time per space, by the worker), with the merger as the commit's author.
 */
@Injectable()
export class ExportOnMergeListener implements MergeListener, OnModuleInit {
  readonly name = 'git-sync-export-on-merge';

  constructor(
    private readonly listeners: MergeListeners,
    private readonly operations: GitSyncOperations,
    private readonly jobs: JobQueue,
  ) {}

  onModuleInit(): void {
    this.listeners.register(this);
  }

  async merged(tx: EntityManager, merge: PrimaryContentMerged): Promise<void> {
    const config = await tx.findOneBy(GitSyncConfigEntity, { spaceId: merge.spaceId });
    if (!config?.exportOnMerge) return;
    const subject = merge.changeRequest.subject ? `: ${merge.changeRequest.subject}` : '';
    await this.operations.request(tx, {
      organizationId: merge.organizationId,
      spaceId: merge.spaceId,
      direction: 'export',
      url: config.url,
      ref: config.ref,
      projectDirectory: config.projectDirectory,
      credentials: config.credentials,
      commitMessage: `Merge change request #${merge.changeRequest.number}${subject}`,
      revisionId: merge.revisionId,
      createdBy: merge.mergedBy,
    });
    await this.jobs.enqueue(RunGitSyncJob, { spaceId: merge.spaceId }, { transaction: tx });
  }
}
