import { ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Caller, UsersService } from '@docs/identity';
import { Clock, ListEnvelope, newId, Paginator, sortKey, toListEnvelope } from '@docs/platform';
import { DataSource, EntityManager } from 'typeorm';
import type { ChangeRequestEntity } from '../change-requests/change-request.entity';
import { ChangeRequestsService } from '../change-requests/change-requests.service';
import { isActive } from '../change-requests/status-moves';
import { ChangeRequestReviewEntity, ReviewStatus } from './change-request-review.entity';
import type { ListReviewsQueryDto } from './dto/list-reviews-query.dto';
import type { SubmitReviewDto } from './dto/submit-review.dto';
import { RequestedReviewerEntity } from './requested-reviewer.entity';
import { reviewCommentMarkdown } from './review-comment';
import { ReviewPresenter } from './review.presenter';

/**
 * Reviews of a change request. A review is made against the change request's head; a newer
 * review by the same reviewer supersedes their older ones, and a pending review request of that
 * reviewer is fulfilled (removed; the review records who had asked).
 */
@Injectable()
export class ReviewsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly changeRequests: ChangeRequestsService,
    private readonly presenter: ReviewPresenter,
    private readonly paginator: Paginator,
    private readonly clock: Clock,
    private readonly usersService: UsersService,
  ) {}

  async submit(spaceId: string, key: string, caller: Caller, input: SubmitReviewDto): Promise<Record<string, unknown>> {
    const { space, changeRequest } = await this.changeRequests.require(spaceId, key, caller, 'review', 'review change requests');
    const comment = reviewCommentMarkdown(input.comment);
    const { review, head } = await this.dataSource.transaction(async (tx) => {
      const cr = await this.changeRequests.find(tx, space.space.id, changeRequest.id, true);
      if (!cr) throw new NotFoundException(`Space ${spaceId} has no change request ${key}.`);
      if (cr.createdBy === caller.userId) throw new ForbiddenException(`You opened change request ${cr.id}: someone else has to review it.`);
      if (!isActive(cr.status)) throw new ConflictException(`Change request ${cr.id} is ${cr.status}: it can no longer be reviewed.`);
      const fulfilled = await tx
        .createQueryBuilder()
        .delete()
        .from(RequestedReviewerEntity)
        .where('change_request_id = :id AND user_id = :userId', { id: cr.id, userId: caller.userId })
        .returning('requested_by')
        .execute();
      const request = (fulfilled.raw as { requested_by: string }[])[0];
      await tx.query(`UPDATE change_request_reviews SET superseded = true WHERE change_request_id = $1 AND reviewer_id = $2 AND NOT superseded`, [
        cr.id,
        caller.userId,
      ]);
      const now = this.clock.now();
      const entity = tx.create(ChangeRequestReviewEntity, {
        id: newId(),
        organizationId: cr.organizationId,
        changeRequestId: cr.id,
        reviewerId: caller.userId,
        requestedBy: request?.requested_by ?? null,
        status: input.status,
        revisionId: cr.revisionId,
        superseded: false,
        comment,
        createdAt: now,
        updatedAt: now,
      });
      await tx.insert(ChangeRequestReviewEntity, entity);
      return { review: entity, head: cr };
    });
    return this.presenter.present(review, { spaceId: space.space.id, changeRequest: head, users: await this.users([review]) });
  }

  async list(spaceId: string, key: string, caller: Caller, query: ListReviewsQueryDto): Promise<ListEnvelope<Record<string, unknown>>> {
    const { space, changeRequest } = await this.changeRequests.require(spaceId, key, caller, 'read', 'read its change requests');
    const builder = this.dataSource.createQueryBuilder(ChangeRequestReviewEntity, 'r').where('r.change_request_id = :id', { id: changeRequest.id });
    if (query.outdated === true) builder.andWhere('(r.superseded OR r.revision_id <> :head)', { head: changeRequest.revisionId });
    if (query.outdated === false) builder.andWhere('(NOT r.superseded AND r.revision_id = :head)', { head: changeRequest.revisionId });
    const page = await this.paginator.paginate(
      builder,
      [
        sortKey<ChangeRequestReviewEntity>('r.created_at', 'DESC', 'timestamp', (r) => r.createdAt),
        sortKey<ChangeRequestReviewEntity>('r.id', 'DESC', 'text', (r) => r.id),
      ],
      // The head is part of the scope: a cursor of a filtered list stops working once the head moves (outdated changes meaning).
      { scope: ['reviews', changeRequest.id, String(query.outdated ?? ''), changeRequest.revisionId].join(':'), page: query.page, limit: query.limit },
    );
    const users = await this.users(page.items);
    return toListEnvelope(page, (review) => this.presenter.present(review, { spaceId: space.space.id, changeRequest, users }));
  }

  /** The current reviews of a change request (against its head, not superseded), for the merge rules. */
  async current(tx: EntityManager, changeRequest: Pick<ChangeRequestEntity, 'id' | 'revisionId'>): Promise<{ reviewerId: string; status: ReviewStatus }[]> {
    const rows: { reviewer_id: string; status: ReviewStatus }[] = await tx.query(
      `SELECT reviewer_id, status FROM change_request_reviews WHERE change_request_id = $1 AND revision_id = $2 AND NOT superseded ORDER BY created_at, id`,
      [changeRequest.id, changeRequest.revisionId],
    );
    return rows.map((row) => ({ reviewerId: row.reviewer_id, status: row.status }));
  }

  /** Reviewers and requesters of some reviews, in one query. */
  private users(reviews: ChangeRequestReviewEntity[]) {
    return this.usersService.byIds(reviews.flatMap((r) => [r.reviewerId, r.requestedBy]));
  }
}
