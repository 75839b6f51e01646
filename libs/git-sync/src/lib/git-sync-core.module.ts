import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CollaborationCoreModule } from '@docs/collaboration';
import { ContentCoreModule } from '@docs/content';
import { IdentityCoreModule } from '@docs/identity';
import { GitSyncConfigEntity } from './config/git-sync-config.entity';
import { GitSyncConfigs } from './config/git-sync-configs.service';
import { ExportOnMergeListener } from './export/export-on-merge.listener';
import { GitSyncOperationEntity } from './operations/git-sync-operation.entity';
import { GitSyncOperationPresenter } from './operations/git-sync-operation.presenter';
import { GitSyncOperations } from './operations/git-sync-operations.service';

const entities = TypeOrmModule.forFeature([GitSyncConfigEntity, GitSyncOperationEntity]);
const services = [GitSyncConfigs, GitSyncOperations, GitSyncOperationPresenter, ExportOnMergeListener];

/**
 * Git Sync's storage and state (no routes, no Git): what the api needs to record operations, and
 * the export-on-merge listener, which every process that merges change requests must have.
 */
@Module({
  imports: [IdentityCoreModule, ContentCoreModule, CollaborationCoreModule, entities],
  providers: services,
  exports: [entities, ...services],
})
export class GitSyncCoreModule {}
