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
import { MergeListeners } from './merge/merge-listeners';
import { ChangeRequestReviewEntity } from './reviews/change-request-review.entity';
import { MergeGate } from './reviews/merge-gate';
import { RequestedReviewerEntity } from './reviews/requested-reviewer.entity';
import { RequestedReviewersService } from './reviews/requested-reviewers.service';
import { ReviewPresenter } from './reviews/review.presenter';
import { ReviewsService } from './reviews/reviews.service';

const entities = TypeOrmModule.forFeature([
  ChangeRequestEntity,
  ChangeRequestNumberEntity,
  ChangeRequestContributorEntity,
  ChangeRequestReviewEntity,
  RequestedReviewerEntity,
]);
const services = [
  ChangeRequestsService,
  ChangeRequestPresenter,
  ChangeRequestContent,
  MergeService,
  MergeListeners,
  ConflictResolutionIndexer,
  ReviewsService,
  RequestedReviewersService,
  ReviewPresenter,
  MergeGate,
];

/** Change requests, their content and merges (no routes): what later collaboration features build on. */
@Module({
  imports: [IdentityCoreModule, ContentCoreModule, entities],
  providers: services,
  exports: [entities, ...services],
})
export class CollaborationCoreModule {}
