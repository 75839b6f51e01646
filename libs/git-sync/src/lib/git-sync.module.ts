import { Module } from '@nestjs/common';
import { ContentCoreModule } from '@docs/content';
import { GitSyncController } from './git-sync.controller';
import { GitSyncCoreModule } from './git-sync-core.module';
import { GitSyncService } from './git-sync.service';

/** Git Sync's HTTP surface: requests of exports and imports (run by the worker), info, operations, settings. */
@Module({
  imports: [ContentCoreModule, GitSyncCoreModule],
  controllers: [GitSyncController],
  providers: [GitSyncService],
})
export class GitSyncModule {}
