import { BadRequestException, ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { assertMergeRulesUsersAreMembers, Caller, MemberRoleOrGuest, OrganizationAccess } from '@docs/identity';
import { Clock, DAY_MS, DomainEvent, EventOutbox, newId, Page, Paginator, SortKey, sortKey, SqlList } from '@docs/platform';
import { DataSource, Repository } from 'typeorm';
import { capBelowSql, collectionCapsCtes, spaceCapSql } from '../access/caps-sql';
import { callerGrantsSql, roleRankSql, ROLES_BY_RANK } from '../access/grants-sql';
import { ContentAccess, OrganizationContent, spaceColumns, spaceFromRow, spaceVisibleToMembers, SpaceAccess } from '../access/content-access';
import { ContentLevel, ContentCap, grantedLevel } from '../permissions/content-permissions';
import type { MoveDto } from '../ordering/dto/move.dto';
import { requireMoveTarget } from '../ordering/placement';
import { SiblingOrder } from '../ordering/sibling-order';
import { dropAccessGoingWithSpace } from '../grants/access-going-with-content';
import { RevisionsService } from '../revisions/revisions.service';
import type { CreateSpaceDto } from './dto/create-space.dto';
import type { UpdateSpaceDto } from './dto/update-space.dto';
import { ContentVisibility, SpaceEntity } from './space.entity';

/** How long a deleted space can be restored. */
export const RESTORE_WINDOW_MS = 7 * DAY_MS;

/** A space and the caller's level on it: what the presenter needs. */
export interface SpaceView {
  space: SpaceEntity;
  level: ContentLevel;
}

/** A space and a member's level on it (GET .../members/{userId}/spaces). */
export interface MemberSpaceView extends SpaceView {
  memberLevel: ContentLevel;
}

/** Only spaces in a collection can be visible to "whoever can access the parent collection". */
function visibilityAt(visibility: ContentVisibility, parentId: string | null): ContentVisibility {
  return visibility === 'in-collection' && parentId === null ? 'private' : visibility;
}

/** `space_visibility_updated` when a move, restore or transfer changes a space's visibility (in-collection -> private). */
function visibilityEvent(space: SpaceEntity, visibility: ContentVisibility, organizationId: string, actor: string): DomainEvent[] {
  if (visibility === space.visibility) return [];
  return [{ type: 'space_visibility_updated', organizationId, actor, payload: { spaceId: space.id, previousVisibility: space.visibility, visibility } }];
}

/** The live spaces of organization $1; lists add their filters with AND. */
const LIVE_SPACES = `SELECT ${spaceColumns('s')} FROM spaces s WHERE s.organization_id = $1 AND s.deleted_at IS NULL`;

/** Siblings in their stored order; the expression matches spaces_sibling_order_idx. */
function siblingOrder<T>(space: (item: T) => SpaceEntity): SortKey<T>[] {
  return [
    sortKey<T>(`COALESCE(s.parent_id, '')`, 'ASC', 'text', (item) => space(item).parentId ?? ''),
    sortKey<T>('s.position', 'ASC', 'text', (item) => space(item).position),
    sortKey<T>('s.id', 'ASC', 'text', (item) => space(item).id),
  ];
}

const SIBLING_ORDER = siblingOrder((space: SpaceEntity) => space);

/** SQL: the rank of the highest grant reaching the caller on space `alias` (given `grant_map`), NULL for none. */
const grantRank = (alias: string) =>
  `GREATEST(((SELECT spaces FROM grant_map) ->> ${alias}.id)::int, ((SELECT collections FROM grant_map) ->> ${alias}.parent_id)::int)`;

/** SQL: does the caller's role (not their grants) reach space `alias`? Never NULL (a guest's role is). */
const roleReaches = (alias: string) =>
  `((SELECT role FROM member) IS NOT DISTINCT FROM 'admin' OR ((SELECT role FROM member) IS NOT NULL AND ${spaceCapSql(alias)} <> 'none'))`;

/** SQL: does the caller's role reach the spaces of `space_counts` group `g` (joined to `caps`)? Never NULL. */
const groupRoleReaches = `((SELECT role FROM member) IS NOT NULL
   AND ((SELECT role FROM member) = 'admin' OR ${capBelowSql("NULLIF(g.default_level, '')", 'caps.cap')} <> 'none'))`;

/**
 * A page of an organization's live spaces as the caller ($2) sees them, in one round trip: the
 * caller's role, the caps of the collection tree (caps-sql.ts), the caller's grants (their own
 * and their teams', each collection's reaching everything below it: grants-sql.ts), the filter
 * of what the caller can see, each space's cap and granted role, and the list's count, with every
 * row. The count reads no space but those granted one by one: one pass over the groups of
 * `space_counts` sums those the role sees and those under a granted collection that it does not,
 * then the spaces granted by id (primary key) that neither covers are added. The
 * caller's membership gates the rows (a one-time filter): no row for a non-member, or when
 * nothing on the page is visible. The paginator adds the keyset condition, the order
 * (spaces_sibling_order_idx) and the limit. Exported for the plans of `BENCH_EXPLAIN=1 npm run
 * bench:grants`.
 */
export const ORGANIZATION_SPACES_PAGE = `WITH RECURSIVE member AS (
     SELECT m.role FROM organization_members m WHERE m.organization_id = $1 AND m.user_id = $2 AND NOT m.disabled
   ), ${collectionCapsCtes('$1')}, my_grants AS (
     SELECT g.space_id, g.collection_id, ${roleRankSql('g.role')} AS rank FROM (${callerGrantsSql('$1', '$2')}) g
   ), granted_collections AS (
     SELECT g.collection_id AS id, g.rank, 0 AS depth FROM my_grants g WHERE g.collection_id IS NOT NULL
     UNION ALL
     SELECT c.id, gc.rank, gc.depth + 1 FROM granted_collections gc JOIN collections c ON c.parent_id = gc.id WHERE gc.depth < 1000
   ), grant_map AS (
     SELECT (SELECT jsonb_object_agg(space_id, rank) FROM (SELECT space_id, max(rank) AS rank FROM my_grants WHERE space_id IS NOT NULL GROUP BY space_id) x) AS spaces,
            (SELECT jsonb_object_agg(id, rank) FROM (SELECT id, max(rank) AS rank FROM granted_collections GROUP BY id) y) AS collections
   )
   SELECT (SELECT role FROM member) AS member_role,
          (SELECT (COALESCE(sum(g.live) FILTER (WHERE ${groupRoleReaches}), 0)
                   + COALESCE(sum(g.live) FILTER (WHERE NOT ${groupRoleReaches} AND g.parent_key IN (SELECT id FROM granted_collections)), 0))::int
             FROM space_counts g LEFT JOIN caps ON caps.id = g.parent_key
            WHERE g.organization_id = $1)
          + (SELECT count(*)::int FROM spaces s2
              WHERE s2.id IN (SELECT space_id FROM my_grants) AND s2.organization_id = $1 AND s2.deleted_at IS NULL
                AND NOT (COALESCE(s2.parent_id, '') IN (SELECT id FROM granted_collections))
                AND NOT ${roleReaches('s2')}) AS list_count,
          ${spaceCapSql('s')} AS cap,
          (${ROLES_BY_RANK})[${grantRank('s')}] AS granted_role,
          ${spaceColumns('s')}
     FROM spaces s
    WHERE s.organization_id = $1 AND s.deleted_at IS NULL
      AND EXISTS (SELECT 1 FROM member)
      AND (${roleReaches('s')} OR ${grantRank('s')} IS NOT NULL)`;

@Injectable()
export class SpacesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(SpaceEntity) private readonly spaces: Repository<SpaceEntity>,
    private readonly access: ContentAccess,
    private readonly organizations: OrganizationAccess,
    private readonly order: SiblingOrder,
    private readonly revisions: RevisionsService,
    private readonly clock: Clock,
    private readonly paginator: Paginator,
    private readonly events: EventOutbox,
  ) {}

  /** A live space the caller can read. */
  async get(spaceId: string, caller: Caller): Promise<SpaceView> {
    const { space, level } = await this.access.requireSpace(spaceId, caller, 'read', 'read it');
    return { space, level };
  }

  async create(organizationId: string, caller: Caller, input: CreateSpaceDto): Promise<SpaceView> {
    const membership = await this.organizations.require(organizationId, caller);
    const parentId = input.parent ?? null;
    await this.access.requirePlacement(organizationId, parentId, caller, membership.role, 'create spaces there');
    const id = newId();
    await this.dataSource.transaction(async (tx) => {
      await this.order.lock(tx, organizationId);
      await this.order.assertParentExists(tx, organizationId, parentId);
      const now = this.clock.now();
      const revisionId = newId();
      await tx.insert(SpaceEntity, {
        id,
        organizationId,
        parentId,
        title: input.title ?? 'Untitled',
        emoji: input.emoji ?? '',
        iconUrl: null,
        visibility: 'private',
        editMode: input.editMode ?? 'live',
        defaultLevel: 'inherit',
        language: input.language ?? null,
        position: await this.order.keyFor(tx, organizationId, parentId, { side: 'end' }),
        revisionId,
        createdAt: now,
        updatedAt: now,
        deletedAt: null,
      });
      await this.revisions.createInitial(tx, { id: revisionId, spaceId: id, createdBy: caller.userId, now });
      await this.events.emit(tx, { type: 'space_created', organizationId, actor: caller.userId, payload: { spaceId: id, parentId } });
    });
    return this.view(id, caller);
  }

  /**
   * The live spaces of an organization the caller can see, in the stored order of their parents.
   * One statement after the token (ORGANIZATION_SPACES_PAGE); an empty page asks
   * `requireOrganizationSpaces`, which answers 404 for non-members and the count for the others.
   */
  async listInOrganization(organizationId: string, caller: Caller, page: { page?: string; limit?: number }): Promise<Page<SpaceView>> {
    const list: SqlList<SpaceView> = {
      name: 'content_organization_spaces_page',
      sql: ORGANIZATION_SPACES_PAGE,
      values: [organizationId, caller.userId],
      item: (row) => ({
        space: spaceFromRow(row),
        level: grantedLevel(row.member_role as MemberRoleOrGuest, row.cap as ContentCap, row.granted_role as ContentLevel),
      }),
      countColumn: 'list_count',
      count: async () => (await this.access.requireOrganizationSpaces(organizationId, caller)).visibleSpaceCount(),
    };
    return this.paginator.paginateSql(list, siblingOrder((view: SpaceView) => view.space), { scope: `spaces:${organizationId}:${caller.userId}`, ...page });
  }

  /** The live spaces directly in a collection the caller can read, that the caller can see, in their stored order. */
  async listInCollection(collectionId: string, caller: Caller, page: { page?: string; limit?: number }): Promise<Page<SpaceView>> {
    const { collection } = await this.access.requireCollection(collectionId, caller, 'read', 'list its spaces');
    // The caller's grants reach spaces of the collection their role does not: the organization's view, with them.
    const scope = await this.access.requireOrganizationSpaces(collection.organizationId, caller);
    const list = this.visibleTo(scope, async () => scope.visibleSpaceCount(undefined, collection.id), collection.id);
    if (!list) return { items: [], count: 0 };
    const result = await this.paginator.paginateSql(list, SIBLING_ORDER, { scope: `collection-spaces:${collectionId}:${caller.userId}`, ...page });
    return { ...result, items: result.items.map((space) => ({ space, level: scope.spaceLevel(space) })) };
  }

  /**
   * The live spaces a member can open, with their level on each, newest first (or oldest with
   * `order: asc`). Visible to organization admins and to the member themselves.
   */
  async listForMember(
    organizationId: string,
    userId: string,
    caller: Caller,
    page: { page?: string; limit?: number; order?: 'asc' | 'desc' },
  ): Promise<Page<MemberSpaceView>> {
    const scope = await this.access.requireOrganizationSpaces(organizationId, caller);
    const self = caller.userId === userId;
    // 404 before 403: a guest sees no other member, so for them another id is a 404 like an unknown one.
    const member = self ? scope : scope.orgRole === null ? undefined : await this.access.organizationSpacesOf(organizationId, userId);
    if (!member) throw new NotFoundException(`Organization ${organizationId} has no member with the id ${userId}.`);
    if (!self && scope.orgRole !== 'admin') {
      throw new ForbiddenException("Only organization admins can list another member's spaces.");
    }
    // The member's view: their role and their grants.
    const list = this.visibleTo(member, async () => member.visibleSpaceCount());
    if (!list) return { items: [], count: 0 };
    const direction = page.order === 'asc' ? 'ASC' : 'DESC';
    const result = await this.paginator.paginateSql(
      list,
      [
        sortKey<SpaceEntity>('s.created_at', direction, 'timestamp', (s) => s.createdAt),
        sortKey<SpaceEntity>('s.id', direction, 'text', (s) => s.id),
      ],
      { scope: `member-spaces:${organizationId}:${userId}:${caller.userId}:${direction}`, page: page.page, limit: page.limit },
    );
    return {
      ...result,
      items: result.items.map((space) => ({ space, level: scope.spaceLevel(space), memberLevel: member.spaceLevel(space) })),
    };
  }

  async update(spaceId: string, caller: Caller, input: UpdateSpaceDto): Promise<SpaceView> {
    const { space } = await this.access.requireSpace(spaceId, caller, 'admin', 'change its settings');
    if (typeof input.emoji === 'string' && typeof input.icon === 'string') {
      throw new BadRequestException('emoji and icon cannot both be set: a space shows one or the other.');
    }
    const changes: Partial<SpaceEntity> = {};
    if (input.title !== undefined) changes.title = input.title;
    if (input.editMode !== undefined) changes.editMode = input.editMode;
    if (input.defaultLevel !== undefined) changes.defaultLevel = input.defaultLevel;
    if (input.language !== undefined) changes.language = input.language;
    if (input.mergeRules !== undefined) {
      await assertMergeRulesUsersAreMembers(this.dataSource, space.organizationId, input.mergeRules, 'mergeRules');
      changes.mergeRules = input.mergeRules;
    }
    if (input.emoji !== undefined) {
      changes.emoji = input.emoji ?? '';
      if (input.emoji !== null) changes.iconUrl = null;
    }
    if (input.icon !== undefined) {
      changes.iconUrl = input.icon;
      if (input.icon !== null) changes.emoji = '';
    }
    if (Object.keys(changes).length > 0) {
      await this.spaces.update({ id: space.id, organizationId: space.organizationId }, { ...changes, updatedAt: this.clock.now() });
    }
    return this.view(space.id, caller);
  }

  /** Soft delete: hidden everywhere at once, restorable for 7 days. */
  async delete(spaceId: string, caller: Caller): Promise<void> {
    const { space } = await this.access.requireSpace(spaceId, caller, 'admin', 'delete it');
    await this.dataSource.transaction(async (tx) => {
      const deleted = await tx
        .createQueryBuilder()
        .update(SpaceEntity)
        .set({ deletedAt: this.clock.now() })
        .where('id = :id AND organization_id = :organizationId AND deleted_at IS NULL', { id: space.id, organizationId: space.organizationId })
        .execute();
      if (deleted.affected) {
        await dropAccessGoingWithSpace(tx, space.id, 'deleted');
        await this.events.emit(tx, { type: 'space_deleted', organizationId: space.organizationId, actor: caller.userId, payload: { spaceId: space.id } });
      }
    });
  }

  /**
   * Brings a deleted space back, at the end of its parent collection, or at the end of the top
   * level when that collection is gone. 409 when the space is not deleted, or was deleted more
   * than 7 days ago.
   */
  async restore(spaceId: string, caller: Caller): Promise<SpaceView> {
    const access = await this.access.requireSpace(spaceId, caller, 'admin', 'restore it', 'include');
    const { space } = access;
    if (!space.deletedAt) throw new ConflictException(`Space ${space.id} is not deleted: there is nothing to restore.`);
    const now = this.clock.now();
    if (now.getTime() - space.deletedAt.getTime() > RESTORE_WINDOW_MS) {
      throw new ConflictException(
        `Space ${space.id} was deleted on ${space.deletedAt.toISOString()}, more than 7 days ago: it can no longer be restored.`,
      );
    }
    await this.dataSource.transaction(async (tx) => {
      await this.order.lock(tx, space.organizationId);
      // The parent may have been deleted meanwhile (its spaces' parent_id is then null). The row
      // lock is the one a purge takes: a purge that got it first removed the space (404); a
      // purge that comes after finds it restored and leaves it.
      const [row]: { parent_id: string | null; deleted_at: Date | null }[] = await tx.query(
        `SELECT parent_id, deleted_at FROM spaces WHERE id = $1 AND organization_id = $2 FOR UPDATE`,
        [space.id, space.organizationId],
      );
      if (!row) throw new NotFoundException(`No space has the id ${space.id}: it was removed for good.`);
      if (!row.deleted_at) throw new ConflictException(`Space ${space.id} is not deleted: there is nothing to restore.`);
      const parentId: string | null = row.parent_id;
      await this.access.requirePlacement(space.organizationId, parentId, caller, access.orgRole, 'restore spaces there');
      await tx.update(
        SpaceEntity,
        { id: space.id, organizationId: space.organizationId },
        {
          deletedAt: null,
          parentId,
          visibility: visibilityAt(space.visibility, parentId),
          position: await this.order.keyFor(tx, space.organizationId, parentId, { side: 'end' }, { type: 'space', id: space.id }),
          updatedAt: now,
        },
      );
      await this.events.emit(tx, [
        { type: 'space_restored', organizationId: space.organizationId, actor: caller.userId, payload: { spaceId: space.id } },
        ...visibilityEvent(space, visibilityAt(space.visibility, parentId), space.organizationId, caller.userId),
      ]);
    });
    return this.view(space.id, caller);
  }

  /**
   * A new space with the same settings, just after the original, whose initial revision is a
   * copy of the original's current one. Needs read on the original and create where the copy
   * lands. Counts start at 0: comments and change requests stay with the original.
   */
  async duplicate(spaceId: string, caller: Caller): Promise<SpaceView> {
    const access = await this.access.requireSpace(spaceId, caller, 'read', 'duplicate it');
    const source = access.space;
    await this.access.requirePlacement(source.organizationId, source.parentId, caller, access.orgRole, 'create spaces there', true);
    const id = newId();
    await this.dataSource.transaction(async (tx) => {
      await this.order.lock(tx, source.organizationId);
      const now = this.clock.now();
      const revisionId = newId();
      await tx.insert(SpaceEntity, {
        id,
        organizationId: source.organizationId,
        parentId: source.parentId,
        title: source.title,
        emoji: source.emoji,
        iconUrl: source.iconUrl,
        visibility: source.visibility,
        editMode: source.editMode,
        defaultLevel: source.defaultLevel,
        language: source.language,
        position: await this.order.keyFor(tx, source.organizationId, source.parentId, {
          side: 'after',
          anchor: { type: 'space', id: source.id },
        }),
        revisionId,
        createdAt: now,
        updatedAt: now,
        deletedAt: null,
      });
      await this.revisions.copyInto(tx, {
        sourceSpaceId: source.id,
        id: revisionId,
        spaceId: id,
        organizationId: source.organizationId,
        createdBy: caller.userId,
        now,
      });
      await this.events.emit(tx, {
        type: 'space_created',
        organizationId: source.organizationId,
        actor: caller.userId,
        payload: { spaceId: id, parentId: source.parentId, duplicatedFrom: source.id },
      });
    });
    return this.view(id, caller);
  }

  /** Moves a space to another parent (null: the top level) and/or next to a sibling. */
  async move(spaceId: string, caller: Caller, input: MoveDto): Promise<SpaceView> {
    const access = await this.access.requireSpace(spaceId, caller, 'admin', 'move it');
    const { space } = access;
    const { parentId, placement } = requireMoveTarget(input, space.parentId, `Space ${space.id}`);
    if (parentId !== space.parentId) {
      await this.access.requirePlacement(space.organizationId, parentId, caller, access.orgRole, 'move spaces there');
    }
    await this.dataSource.transaction(async (tx) => {
      await this.order.lock(tx, space.organizationId);
      await this.order.assertParentExists(tx, space.organizationId, parentId);
      await tx.update(
        SpaceEntity,
        { id: space.id, organizationId: space.organizationId },
        {
          parentId,
          visibility: visibilityAt(space.visibility, parentId),
          position: await this.order.keyFor(tx, space.organizationId, parentId, placement, { type: 'space', id: space.id }),
          updatedAt: this.clock.now(),
        },
      );
      await this.events.emit(tx, visibilityEvent(space, visibilityAt(space.visibility, parentId), space.organizationId, caller.userId));
    });
    return this.view(space.id, caller);
  }

  /**
   * Moves a space to another organization, where the caller must be an admin too. It lands at
   * the end of the top level there (a collection of the old organization cannot hold it), with
   * its revisions and counts.
   */
  async transfer(spaceId: string, caller: Caller, targetOrganizationId: string): Promise<SpaceView> {
    const { space } = await this.access.requireSpace(spaceId, caller, 'admin', 'transfer it');
    await this.access.requireTransferTarget(targetOrganizationId, caller, space.organizationId, `Space ${space.id}`);
    await this.dataSource.transaction(async (tx) => {
      await this.order.lock(tx, space.organizationId, targetOrganizationId);
      await dropAccessGoingWithSpace(tx, space.id, 'transferred');
      await tx.update(
        SpaceEntity,
        { id: space.id, organizationId: space.organizationId },
        {
          organizationId: targetOrganizationId,
          parentId: null,
          visibility: visibilityAt(space.visibility, null),
          position: await this.order.keyFor(tx, targetOrganizationId, null, { side: 'end' }),
          updatedAt: this.clock.now(),
        },
      );
      await this.events.emit(tx, visibilityEvent(space, visibilityAt(space.visibility, null), targetOrganizationId, caller.userId));
    });
    return this.view(space.id, caller);
  }

  /** The space as the caller sees it now (after a write). */
  private async view(spaceId: string, caller: Caller): Promise<SpaceView> {
    const access: SpaceAccess | undefined = await this.access.findSpace(spaceId, caller.userId);
    if (!access) throw new NotFoundException(`No space has the id ${spaceId}.`);
    return { space: access.space, level: access.level };
  }

  /**
   * Live spaces of an organization that the member of `scope` can see (directly under
   * `parentId`, when given), as prepared SQL; undefined when none can be seen.
   */
  private visibleTo(scope: OrganizationContent, count: SqlList<SpaceEntity>['count'], parentId?: string): SqlList<SpaceEntity> | undefined {
    if (scope.orgRole === null && scope.grants.empty) return undefined; // a guest sees only what is granted to them
    const values: unknown[] = [scope.organizationId];
    let sql = LIVE_SPACES;
    if (scope.orgRole !== 'admin') {
      values.push(scope.hiddenCollectionIds());
      sql += ` AND ${spaceVisibleToMembers(`$${values.length}`)}`;
    }
    if (parentId !== undefined) {
      values.push(parentId);
      sql += ` AND COALESCE(s.parent_id, '') = $${values.length}`;
    }
    return { name: 'content_list_spaces', sql, values, item: spaceFromRow, count };
  }
}
