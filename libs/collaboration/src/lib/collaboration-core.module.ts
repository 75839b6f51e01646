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
import { OrganizationChangeRequests } from './change-requests/organization-change-requests';
import { ChangeRequestsService } from './change-requests/change-requests.service';
import { KeptVersions } from './change-requests/kept-versions.service';
import { CommentMentionEntity } from './comments/comment-mention.entity';
import { CommentReactionEntity } from './comments/comment-reaction.entity';
import { CommentReactions } from './comments/comment-reactions';
import { CommentRepliesService } from './comments/comment-replies.service';
import { CommentReplyEntity } from './comments/comment-reply.entity';
import { CommentThreadEntity } from './comments/comment-thread.entity';
import { CommentThreads } from './comments/comment-thread';
import { CommentEntity } from './comments/comment.entity';
import { CommentPresenter } from './comments/comment.presenter';
import { CommentersService } from './comments/commenters.service';
import { CommentsService } from './comments/comments.service';
import { MentionRecorder } from './comments/mention-recorder';
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
  CommentThreadEntity,
  CommentEntity,
  CommentReplyEntity,
  CommentReactionEntity,
  CommentMentionEntity,
]);
const services = [
  ChangeRequestsService,
  ChangeRequestPresenter,
  OrganizationChangeRequests,
  ChangeRequestContent,
  MergeService,
  MergeListeners,
  ConflictResolutionIndexer,
  KeptVersions,
  ReviewsService,
  RequestedReviewersService,
  ReviewPresenter,
  MergeGate,
  // Comments, replies, reactions and mentions of spaces and change requests.
  CommentThreads,
  CommentsService,
  CommentRepliesService,
  CommentersService,
  CommentPresenter,
  CommentReactions,
  MentionRecorder,
];

/** Change requests, their content and merges, comments (no routes): what later collaboration features build on. */
@Module({
  imports: [IdentityCoreModule, ContentCoreModule, entities],
  providers: services,
  exports: [entities, ...services],
})
export class CollaborationCoreModule {}
