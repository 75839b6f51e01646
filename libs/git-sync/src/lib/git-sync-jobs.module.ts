import { Module } from '@nestjs/common';
import { CollaborationCoreModule } from '@docs/collaboration';
import { ContentCoreModule } from '@docs/content';
import { IdentityCoreModule } from '@docs/identity';
import { GitExporter } from './export/git-exporter.service';
import { GitSyncCoreModule } from './git-sync-core.module';
import { GitImporter } from './import/git-importer.service';
import { RunGitSyncHandler } from './operations/run-git-sync.job';

/** Git Sync's job handler and the Git work behind it: registered by the worker only. */
@Module({
  imports: [IdentityCoreModule, ContentCoreModule, CollaborationCoreModule, GitSyncCoreModule],
  providers: [GitExporter, GitImporter, RunGitSyncHandler],
})
export class GitSyncJobsModule {}
