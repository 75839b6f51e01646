import { Injectable } from '@nestjs/common';
import { UserEntity, UserPresenter } from '@docs/identity';
import { PublicUrls } from '@docs/platform';
import type { ChangeRequestReviewEntity } from './change-request-review.entity';

/** What presenting reviews of one change request needs beside their rows. */
export interface ReviewContext {
  spaceId: string;
  /** The change request: its head decides `outdated`. */
  changeRequest: { id: string; revisionId: string };
  users: Map<string, UserEntity>;
}

/** A review is outdated once the head moved on from the revision it was made against, or its reviewer reviewed again. */
export function isReviewOutdated(review: Pick<ChangeRequestReviewEntity, 'revisionId' | 'superseded'>, headRevisionId: string): boolean {
  return review.superseded || review.revisionId !== headRevisionId;
}

/**
 * ChangeRequestReviewEntity -> the reference's `ChangeRequestReview`. Its comment is presented as
 * the reference's `Comment` (markdown body); review comments have no thread of their own here, so
 * the comment's id and location are the review's.
 */
@Injectable()
export class ReviewPresenter {
  constructor(
    private readonly urls: PublicUrls,
    private readonly users: UserPresenter,
  ) {}

  present(review: ChangeRequestReviewEntity, context: ReviewContext): Record<string, unknown> {
    const reviewer = context.users.get(review.reviewerId);
    const requester = review.requestedBy ? context.users.get(review.requestedBy) : undefined;
    const location = this.urls.api('v1/spaces', context.spaceId, 'change-requests', context.changeRequest.id, 'reviews');
    return {
      object: 'change-request-review',
      id: review.id,
      revision: review.revisionId,
      reviewer: reviewer ? this.users.present(reviewer) : undefined,
      ...(requester ? { requestedBy: this.users.present(requester) } : {}),
      status: review.status,
      outdated: isReviewOutdated(review, context.changeRequest.revisionId),
      ...(review.comment !== null && reviewer
        ? {
            comment: {
              object: 'comment',
              id: review.id,
              status: 'open',
              body: { markdown: review.comment },
              postedBy: this.users.present(reviewer),
              postedAt: review.createdAt.toISOString(),
              reactions: [],
              replies: 0,
              target: { space: context.spaceId, revision: review.revisionId, changeRequest: context.changeRequest.id, review: review.id },
              urls: { location },
              permissions: { view: true, edit: false, reply: false, delete: false },
            },
          }
        : {}),
      createdAt: review.createdAt.toISOString(),
      updatedAt: review.updatedAt.toISOString(),
    };
  }
}
