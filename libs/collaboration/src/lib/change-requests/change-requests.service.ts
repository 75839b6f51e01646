import { ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ContentAccess, ContentIndexers, levelAtLeast, SpaceAccess } from '@docs/content';
import { Caller, MemberRole, UserEntity, UsersService } from '@docs/identity';
import { Clock, DomainEvent, EventOutbox, ListEnvelope, newId, Paginator, sortKey, toListEnvelope } from '@docs/platform';
import { DataSource, EntityManager } from 'typeorm';
import { ChangeRequestEntity, ChangeRequestStatus } from './change-request.entity';
import { ChangeRequestPresenter } from './change-request.presenter';
import type { CreateChangeRequestDto } from './dto/create-change-request.dto';
import type { ListChangeRequestsQueryDto } from './dto/list-change-requests-query.dto';
import type { UpdateChangeRequestDto } from './dto/update-change-request.dto';
import { assertMove, countDeltas } from './status-moves';

/** A change request as one caller reaches it: through the space. */
export interface ChangeRequestAccess {
  space: SpaceAccess;
  changeRequest: ChangeRequestEntity;
}

/**
 * The change request lifecycle: create (a head of its own, copied from the space's), list, get
 * (by id or by number), update subject and status. Every move keeps the space's counters exact:
 * they change in the same transaction as the status, with the space row locked.
 */
@Injectable()
export class ChangeRequestsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly access: ContentAccess,
    private readonly indexers: ContentIndexers,
    private readonly paginator: Paginator,
    private readonly presenter: ChangeRequestPresenter,
    private readonly clock: Clock,
    private readonly usersService: UsersService,
    private readonly events: EventOutbox,
  ) {}

  /** The space (with `required` on it) and one of its change requests by id or number; 404 otherwise. */
  async require(spaceId: string, key: string, caller: Caller, required: MemberRole, action: string): Promise<ChangeRequestAccess> {
    const space = await this.access.requireSpace(spaceId, caller, 'read', 'read its change requests');
    const changeRequest = await this.find(this.dataSource.manager, space.space.id, key);
    if (!changeRequest) throw new NotFoundException(`Space ${spaceId} has no change request ${key}.`);
    if (!levelAtLeast(space.level, required)) {
      throw new ForbiddenException(`To ${action} of space ${spaceId} you need the ${required} level; you have ${space.level}.`);
    }
    return { space, changeRequest };
  }

  async find(tx: EntityManager, spaceId: string, key: string, lock = false): Promise<ChangeRequestEntity | null> {
    const query = tx.createQueryBuilder(ChangeRequestEntity, 'cr').where('cr.space_id = :spaceId', { spaceId });
    if (/^[1-9][0-9]{0,8}$/.test(key)) query.andWhere('(cr.id = :key OR cr.number = :number)', { key, number: Number(key) });
    else query.andWhere('cr.id = :key', { key });
    if (lock) query.setLock('pessimistic_write');
    return query.getOne();
  }

  async create(spaceId: string, caller: Caller, input: CreateChangeRequestDto): Promise<Record<string, unknown>> {
    const access = await this.access.requireSpace(spaceId, caller, 'edit', 'create change requests');
    const space = access.space;
    const changeRequest = await this.dataSource.transaction((tx) => this.openWithin(tx, space, { createdBy: caller.userId, subject: input.subject ?? '', status: 'draft' }));
    return this.presentOne(access, changeRequest, caller.userId);
  }

  /**
   * Opens a change request of `space` inside a transaction the caller holds: the space row locked
   * first (its revision is the start, its counters move), the next number, the creator as a
   * contributor, and a head copied from the space's. A Git import opens one with the repository's
   * version this way, in the transaction that writes it.
   */
  async openWithin(
    tx: EntityManager,
    space: { id: string; organizationId: string },
    input: { createdBy: string; subject: string; status: Extract<ChangeRequestStatus, 'draft' | 'open'> },
  ): Promise<ChangeRequestEntity> {
    const [locked]: { revision_id: string }[] = await tx.query(`SELECT revision_id FROM spaces WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`, [space.id]);
    if (!locked) throw new NotFoundException(`No space has the id ${space.id}.`);
    const [{ last_number: number }]: { last_number: number }[] = await tx.query(
      `INSERT INTO change_request_numbers (space_id, last_number) VALUES ($1, 1)
       ON CONFLICT (space_id) DO UPDATE SET last_number = change_request_numbers.last_number + 1
       RETURNING last_number`,
      [space.id],
    );
    const now = this.clock.now();
    const entity = tx.create(ChangeRequestEntity, {
      id: newId(),
      organizationId: space.organizationId,
      spaceId: space.id,
      number,
      status: input.status,
      subject: input.subject,
      createdBy: input.createdBy,
      createdAt: now,
      updatedAt: now,
      revisionId: locked.revision_id,
      revisionInitialId: locked.revision_id,
      baseRevisionId: locked.revision_id,
      revisionMergedAncestorId: null,
      revisionMergedId: null,
      comments: 0,
      unresolvedConflicts: [],
    });
    await tx.insert(ChangeRequestEntity, entity);
    await tx.query(`INSERT INTO change_request_contributors (change_request_id, user_id) VALUES ($1, $2)`, [entity.id, input.createdBy]);
    // Its head starts as the space's: the index rows are copied, so reads are as cheap as the space's.
    await tx.query(
      `INSERT INTO head_pages (head_key, page_id, node_id, parent_page_id, path)
       SELECT $2, page_id, node_id, parent_page_id, path FROM head_pages WHERE head_key = $1`,
      [space.id, entity.id],
    );
    for (const indexer of this.indexers.all()) {
      await indexer.copyHead(tx, { fromHeadKey: space.id, toHeadKey: entity.id, spaceId: space.id, organizationId: space.organizationId });
    }
    await this.moveCounts(tx, space.id, null, input.status);
    await this.events.emit(tx, {
      type: 'change_request_opened',
      organizationId: space.organizationId,
      actor: input.createdBy,
      payload: { spaceId: space.id, changeRequestId: entity.id, number, status: entity.status },
    });
    return entity;
  }

  async list(spaceId: string, caller: Caller, query: ListChangeRequestsQueryDto): Promise<ListEnvelope<Record<string, unknown>>> {
    const access = await this.access.requireSpace(spaceId, caller, 'read', 'list its change requests');
    const status = query.status ?? 'open';
    const builder = this.dataSource
      .createQueryBuilder(ChangeRequestEntity, 'cr')
      .where('cr.space_id = :spaceId AND cr.status = :status', { spaceId: access.space.id, status });
    if (query.creator) builder.andWhere('cr.created_by = :creator', { creator: query.creator });
    if (query.contributor) {
      builder.andWhere('EXISTS (SELECT 1 FROM change_request_contributors c WHERE c.change_request_id = cr.id AND c.user_id = :contributor)', {
        contributor: query.contributor,
      });
    }
    const page = await this.paginator.paginate(
      builder,
      [sortKey<ChangeRequestEntity>('cr.created_at', 'DESC', 'timestamp', (cr) => cr.createdAt), sortKey<ChangeRequestEntity>('cr.id', 'DESC', 'text', (cr) => cr.id)],
      { scope: ['change-requests', access.space.id, status, query.creator ?? '', query.contributor ?? ''].join(':'), page: query.page, limit: query.limit },
    );
    const creators = await this.creators(page.items);
    return toListEnvelope(page, (cr) => this.presenter.present(cr, this.context(access, caller.userId, cr.createdBy ? creators.get(cr.createdBy) : undefined)));
  }

  async get(spaceId: string, key: string, caller: Caller): Promise<Record<string, unknown>> {
    const { space, changeRequest } = await this.require(spaceId, key, caller, 'read', 'read its change requests');
    return this.presentOne(space, changeRequest, caller.userId);
  }

  async update(spaceId: string, key: string, caller: Caller, input: UpdateChangeRequestDto): Promise<Record<string, unknown>> {
    const { space, changeRequest } = await this.require(spaceId, key, caller, 'edit', 'change its change requests');
    const updated = await this.dataSource.transaction(async (tx) => {
      await tx.query(`SELECT 1 FROM spaces WHERE id = $1 FOR UPDATE`, [space.space.id]);
      const current = await this.find(tx, space.space.id, changeRequest.id, true);
      if (!current) throw new NotFoundException(`Space ${spaceId} has no change request ${key}.`);
      const next = input.status ?? current.status;
      assertMove(current.status, next);
      const subject = input.subject ?? current.subject;
      if (subject !== current.subject && current.status === 'merged') {
        throw new ConflictException(`Change request ${current.id} is merged: it cannot change any more.`);
      }
      if (next === current.status && subject === current.subject) return current;
      current.updatedAt = this.clock.now();
      await tx.update(ChangeRequestEntity, { id: current.id }, { status: next, subject, updatedAt: current.updatedAt });
      await this.moveCounts(tx, space.space.id, current.status, next);
      await this.events.emit(tx, changeRequestUpdateEvents(current, { status: next, subject }, caller.userId));
      return Object.assign(current, { status: next, subject });
    });
    // The space's revision may have moved meanwhile: present from a fresh read of it.
    return this.presentOne(await this.access.requireSpace(spaceId, caller, 'read', 'read its change requests'), updated, caller.userId);
  }

  /** Moves the space's counters for a change request going from `from` (null: created) to `to`, in `tx`. */
  async moveCounts(tx: EntityManager, spaceId: string, from: ChangeRequestStatus | null, to: ChangeRequestStatus): Promise<void> {
    const delta = countDeltas(from, to);
    if (delta.total === 0 && delta.open === 0 && delta.draft === 0) return;
    await tx.query(
      `UPDATE spaces SET change_requests = change_requests + $2, change_requests_open = change_requests_open + $3,
              change_requests_draft = change_requests_draft + $4 WHERE id = $1`,
      [spaceId, delta.total, delta.open, delta.draft],
    );
  }

  async presentOne(access: SpaceAccess, changeRequest: ChangeRequestEntity, callerId: string): Promise<Record<string, unknown>> {
    const creators = await this.creators([changeRequest]);
    return this.presenter.present(changeRequest, this.context(access, callerId, changeRequest.createdBy ? creators.get(changeRequest.createdBy) : undefined));
  }

  private context(access: SpaceAccess, callerId: string, creator: UserEntity | undefined) {
    return { spaceRevisionId: access.space.revisionId, level: access.level, callerId, creator };
  }

  /** The creators of a page of change requests, in one query. */
  private creators(changeRequests: ChangeRequestEntity[]): Promise<Map<string, UserEntity>> {
    return this.usersService.byIds(changeRequests.map((cr) => cr.createdBy));
  }
}

/** A status move to `archived` closes the change request; any other change of subject or status updates it. */
function changeRequestUpdateEvents(current: ChangeRequestEntity, next: { status: ChangeRequestStatus; subject: string }, actor: string): DomainEvent[] {
  const base = { spaceId: current.spaceId, changeRequestId: current.id, number: current.number };
  const events: DomainEvent[] = [];
  const closing = next.status === 'archived' && current.status !== 'archived';
  const changes: ('subject' | 'status')[] = [];
  if (next.subject !== current.subject) changes.push('subject');
  if (next.status !== current.status && !closing) changes.push('status');
  if (changes.length > 0) {
    events.push({
      type: 'change_request_updated',
      organizationId: current.organizationId,
      actor,
      payload: { ...base, status: next.status, changes, ...(changes.includes('status') ? { previousStatus: current.status } : {}) },
    });
  }
  if (closing) events.push({ type: 'change_request_closed', organizationId: current.organizationId, actor, payload: { ...base, previousStatus: current.status } });
  return events;
}
