import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ContentLevel, grantedLevel, grantedOnSpaceSql, levelAtLeast, spaceAncestorsCte, SpaceAccess } from '@docs/content';
import { Caller, MemberRoleOrGuest, UserEntity, UserPresenter, UsersService } from '@docs/identity';
import { Clock, ListEnvelope, ListQueryDto, Paginator, sortKey, toListEnvelope } from '@docs/platform';
import { DataSource } from 'typeorm';
import { ChangeRequestEntity } from '../change-requests/change-request.entity';
import { ChangeRequestsService } from '../change-requests/change-requests.service';
import { isActive } from '../change-requests/status-moves';
import type { RequestReviewersDto } from './dto/request-reviewers.dto';
import { RequestedReviewerEntity } from './requested-reviewer.entity';

/**
 * Review requests: who is asked to review a change request. Asking needs the edit level on the
 * space and an active change request; the users must be members who have the review level on
 * the space (a 400 names the first one who is not), and never the author. Asking again refreshes
 * the request. A review by that user fulfils the request (ReviewsService removes it).
 */
@Injectable()
export class RequestedReviewersService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly changeRequests: ChangeRequestsService,
    private readonly users: UserPresenter,
    private readonly paginator: Paginator,
    private readonly clock: Clock,
    private readonly usersService: UsersService,
  ) {}

  async request(spaceId: string, key: string, caller: Caller, input: RequestReviewersDto): Promise<{ users: Record<string, unknown>[] }> {
    const { space, changeRequest } = await this.changeRequests.require(spaceId, key, caller, 'edit', 'request reviews of change requests');
    const userIds = [...new Set(input.users)];
    await this.assertReviewers(space, changeRequest, userIds);
    const rows = await this.dataSource.transaction(async (tx) => {
      const cr = await this.changeRequests.find(tx, space.space.id, changeRequest.id, true);
      if (!cr) throw new NotFoundException(`Space ${spaceId} has no change request ${key}.`);
      if (!isActive(cr.status)) throw new ConflictException(`Change request ${cr.id} is ${cr.status}: reviews can no longer be requested.`);
      const now = this.clock.now();
      if (input.subject !== undefined && input.subject !== cr.subject) {
        await tx.update(ChangeRequestEntity, { id: cr.id }, { subject: input.subject, updatedAt: now });
      }
      const entities = userIds.map((userId) =>
        tx.create(RequestedReviewerEntity, {
          changeRequestId: cr.id,
          userId,
          organizationId: cr.organizationId,
          requestedBy: caller.userId,
          revisionId: cr.revisionId,
          createdAt: now,
        }),
      );
      await tx
        .createQueryBuilder()
        .insert()
        .into(RequestedReviewerEntity)
        .values(entities)
        .orUpdate(['requested_by', 'revision_id', 'created_at'], ['change_request_id', 'user_id'])
        .execute();
      return entities;
    });
    const users = await this.usersOf(rows);
    return { users: rows.map((row) => this.present(row, users)) };
  }

  async list(spaceId: string, key: string, caller: Caller, query: ListQueryDto): Promise<ListEnvelope<Record<string, unknown>>> {
    const { changeRequest } = await this.changeRequests.require(spaceId, key, caller, 'read', 'read its change requests');
    const builder = this.dataSource.createQueryBuilder(RequestedReviewerEntity, 'rr').where('rr.change_request_id = :id', { id: changeRequest.id });
    const page = await this.paginator.paginate(
      builder,
      [
        sortKey<RequestedReviewerEntity>('rr.created_at', 'DESC', 'timestamp', (rr) => rr.createdAt),
        sortKey<RequestedReviewerEntity>('rr.user_id', 'DESC', 'text', (rr) => rr.userId),
      ],
      { scope: `requested-reviewers:${changeRequest.id}`, page: query.page, limit: query.limit },
    );
    const users = await this.usersOf(page.items);
    return toListEnvelope(page, (row) => this.present(row, users));
  }

  /** Removes a pending request: true when there was one (205), false when there was none (204). */
  async remove(spaceId: string, key: string, userId: string, caller: Caller): Promise<boolean> {
    const { changeRequest } = await this.changeRequests.require(spaceId, key, caller, 'edit', 'change the review requests of change requests');
    const result = await this.dataSource.manager.delete(RequestedReviewerEntity, { changeRequestId: changeRequest.id, userId });
    return (result.affected ?? 0) > 0;
  }

  /** 400 naming the first user who cannot be asked: not a member, not able to review the space, or the author. */
  private async assertReviewers(space: SpaceAccess, changeRequest: ChangeRequestEntity, userIds: string[]): Promise<void> {
    // Each one's role, and the highest grant reaching them (theirs or a team's) on the space or above it.
    const rows: { user_id: string; role: MemberRoleOrGuest; granted_role: ContentLevel }[] = await this.dataSource.query(
      `WITH RECURSIVE ${spaceAncestorsCte('$3')}
       SELECT m.user_id, m.role, ${grantedOnSpaceSql('$1', 'm.user_id', '$3')} AS granted_role
         FROM organization_members m WHERE m.organization_id = $1 AND m.user_id = ANY($2::text[]) AND NOT m.disabled`,
      [space.space.organizationId, userIds, space.space.id],
    );
    const members = new Map(rows.map((row) => [row.user_id, row]));
    for (const userId of userIds) {
      const member = members.get(userId);
      if (!member) throw new BadRequestException(`users: user ${userId} is not a member of the organization.`);
      const level = grantedLevel(member.role, space.cap, member.granted_role);
      if (!levelAtLeast(level, 'review')) {
        throw new BadRequestException(`users: user ${userId} cannot review space ${space.space.id} (needs the review level; has ${level ?? 'no access'}).`);
      }
      if (userId === changeRequest.createdBy) throw new BadRequestException(`users: user ${userId} opened the change request and cannot review it.`);
    }
  }

  private present(row: RequestedReviewerEntity, users: Map<string, UserEntity>): Record<string, unknown> {
    const user = users.get(row.userId);
    const requester = users.get(row.requestedBy);
    return {
      object: 'change-request-requested-reviewer',
      kind: 'user',
      ...(user ? { user: this.users.present(user) } : {}),
      revision: row.revisionId,
      ...(requester ? { requestedBy: this.users.present(requester) } : {}),
      createdAt: row.createdAt.toISOString(),
    };
  }

  private usersOf(rows: RequestedReviewerEntity[]): Promise<Map<string, UserEntity>> {
    return this.usersService.byIds(rows.flatMap((row) => [row.userId, row.requestedBy]));
  }
}
