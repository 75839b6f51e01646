import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ContentCoreModule } from '@docs/content';
import { IdentityCoreModule } from '@docs/identity';
import { ChangeRequestContent } from './change-request-content/change-request-content.service';
import { ConflictResolutionIndexer } from './change-request-content/conflict-resolution.indexer';
import { ChangeRequestContributorEntity } from './change-requests/change-request-contributor.entity';
import { ChangeRequestNumberEntity } from './change-requests/change-request-number.entity';
import { ChangeRequestEntity } from './change-requests/change-request.entity';
import { ChangeRequestPresenter } from './change-requests/change-request.presenter';
import { ChangeRequestsService } from './change-requests/change-requests.service';
import { MergeService } from './merge/merge.service';

const entities = TypeOrmModule.forFeature([ChangeRequestEntity, ChangeRequestNumberEntity, ChangeRequestContributorEntity]);
const services = [ChangeRequestsService, ChangeRequestPresenter, ChangeRequestContent, MergeService, ConflictResolutionIndexer];

/** Change requests, their content and merges (no routes): what later collaboration features build on. */
@Module({
  imports: [IdentityCoreModule, ContentCoreModule, entities],
  providers: services,
  exports: [entities, ...services],
})
export class CollaborationCoreModule {}
