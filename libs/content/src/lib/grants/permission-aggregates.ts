import { ForbiddenException, Injectable } from '@nestjs/common';
import { Caller, MemberRole, UserEntity } from '@docs/identity';
import { Page, Paginator, preparedStatement, SqlList, SqlPool, sortKey } from '@docs/platform';
import { ContentAccess } from '../access/content-access';
import { roleRankSql, ROLES_BY_RANK } from '../access/grants-sql';
import type { ContentCap } from '../permissions/content-permissions';
import type { GrantObject } from './content-grants.service';

/** Where a person's level on a space or collection comes from: the organization role, or a grant on a space or collection (theirs, or a team's). */
export type AggregateOrigin = { type: 'organization'; organization: string } | { type: 'space'; space: string } | { type: 'collection'; collection: string };

/** One person who can reach a space or collection, with their effective level and its origin. */
export interface ReachingPerson {
  user: UserEntity;
  permission: MemberRole;
  origin: AggregateOrigin;
  /** The team whose grant gives the level, when it is a team's. */
  teamId: string | null;
}

/**
 * SQL of one page of the people who reach a space or collection ($1: the space id, or null for a
 * collection; $2: the organization; $3: the first collection to walk up from, itself included:
 * the space's parent or the collection; $4: the object's cap; $5: a role to keep only, or null).
 * One statement per page, the count included (an uncorrelated subquery, run once):
 * - `ancestors`: the collections above (and the collection itself), nearest first;
 * - `grants`: the grants on the object or on those collections, with their rank and distance;
 * - `best`: for each person, their highest grant (their own before a team's, the nearest first);
 * - each active member's level through the cap, as `contentLevel` computes it, and the higher of
 *   the two: `grantedLevel`. The organization is named as the origin when it gives the level.
 * Members are walked in id order (organization_members_pkey): a page reads as many as it shows.
 */
const REACHING_CTES = `WITH RECURSIVE ancestors AS (
     SELECT c.id, c.parent_id, 0 AS depth FROM collections c WHERE c.id = $3
     UNION ALL
     SELECT c.id, c.parent_id, ancestors.depth + 1 FROM ancestors JOIN collections c ON c.id = ancestors.parent_id WHERE ancestors.depth < 1000
   ), grants AS (
     SELECT g.user_id, g.team_id, ${roleRankSql('g.role')} AS rank, g.space_id, g.collection_id,
            CASE WHEN g.space_id IS NOT NULL THEN -1 ELSE (SELECT a.depth FROM ancestors a WHERE a.id = g.collection_id LIMIT 1) END AS depth
       FROM content_grants g
      WHERE ($1::text IS NOT NULL AND g.space_id = $1) OR g.collection_id IN (SELECT id FROM ancestors)
   ), candidates AS (
     SELECT g.user_id, g.rank, g.space_id, g.collection_id, NULL::text AS team_id, g.depth FROM grants g WHERE g.user_id IS NOT NULL
     UNION ALL
     SELECT tm.user_id, g.rank, g.space_id, g.collection_id, g.team_id, g.depth FROM grants g JOIN team_members tm ON tm.team_id = g.team_id
   ), best AS (
     SELECT DISTINCT ON (user_id) * FROM candidates ORDER BY user_id, rank DESC, (team_id IS NOT NULL), depth, team_id
   ), leveled AS (
     SELECT m.user_id, b.rank AS grant_rank, b.space_id, b.collection_id, b.team_id,
            CASE WHEN m.role = 'admin' THEN 6
                 WHEN m.role IS NULL OR $4 = 'none' THEN NULL
                 WHEN $4 = 'organization' THEN ${roleRankSql('m.role')}
                 ELSE LEAST(${roleRankSql('m.role')}, ${roleRankSql('$4')}) END AS role_rank
       FROM organization_members m LEFT JOIN best b ON b.user_id = m.user_id
      WHERE m.organization_id = $2 AND NOT m.disabled
   )`;

/** Kept: the people with a level (of role $5 when given). */
const REACHES = `GREATEST(l.role_rank, l.grant_rank) IS NOT NULL AND ($5::text IS NULL OR GREATEST(l.role_rank, l.grant_rank) = ${roleRankSql('$5')})`;

const REACHING_PEOPLE = `${REACHING_CTES}
   SELECT (SELECT count(*)::int FROM leveled l WHERE ${REACHES}) AS list_count,
          l.user_id, (${ROLES_BY_RANK})[GREATEST(l.role_rank, l.grant_rank)] AS permission,
          (l.role_rank IS NOT NULL AND l.role_rank >= COALESCE(l.grant_rank, 0)) AS from_organization,
          l.space_id, l.collection_id, l.team_id,
          u.email, u.display_name, u.photo_url, u.created_at AS user_created_at
     FROM leveled l JOIN users u ON u.id = l.user_id
    WHERE ${REACHES}`;

/** The same count alone, for an empty page after a cursor. */
const COUNT_REACHING_PEOPLE = preparedStatement('content_permission_aggregate_count', `${REACHING_CTES} SELECT count(*)::int AS count FROM leveled l WHERE ${REACHES}`);

/**
 * listPermissionsAggregateIn{Space,Collection}: exactly the people who can reach the object (the
 * organization's admins, the members their role and the caps let in, and everyone a grant
 * reaches), each with their effective level (`grantedLevel`) and its origin, in user id order.
 */
@Injectable()
export class PermissionAggregates {
  constructor(
    private readonly access: ContentAccess,
    private readonly paginator: Paginator,
    private readonly sql: SqlPool,
  ) {}

  async list(object: GrantObject, caller: Caller, query: { page?: string; limit?: number; role?: MemberRole }): Promise<Page<ReachingPerson>> {
    const { organizationId, cap, orgRole, from, spaceId } = await this.require(object, caller);
    // Guests see no other member (docs/permissions.md).
    if (orgRole === null) throw new ForbiddenException(`Guests cannot list who can reach ${object.kind} ${object.id}.`);
    const values = [spaceId, organizationId, from, cap, query.role ?? null];
    const list: SqlList<ReachingPerson> = {
      name: 'content_permission_aggregate',
      sql: REACHING_PEOPLE,
      values,
      countColumn: 'list_count',
      count: async () => (await this.sql.first<{ count: number }>(COUNT_REACHING_PEOPLE, values))?.count ?? 0,
      item: (row) => ({
        permission: row.permission,
        origin: row.from_organization
          ? { type: 'organization', organization: organizationId }
          : row.space_id
            ? { type: 'space', space: row.space_id }
            : { type: 'collection', collection: row.collection_id },
        teamId: row.from_organization ? null : row.team_id,
        user: Object.assign(new UserEntity(), {
          id: row.user_id,
          email: row.email,
          displayName: row.display_name,
          photoUrl: row.photo_url,
          createdAt: row.user_created_at,
        }),
      }),
    };
    return this.paginator.paginateSql(list, [sortKey<ReachingPerson>('l.user_id', 'ASC', 'text', (person) => person.user.id)], {
      scope: `aggregate:${object.kind}:${object.id}:${query.role ?? ''}`,
      page: query.page,
      limit: query.limit,
    });
  }

  private async require(object: GrantObject, caller: Caller): Promise<{ organizationId: string; cap: ContentCap; orgRole: MemberRole | null; from: string | null; spaceId: string | null }> {
    if (object.kind === 'space') {
      const { space, cap, orgRole } = await this.access.requireSpace(object.id, caller, 'read', 'see who can reach it');
      return { organizationId: space.organizationId, cap, orgRole: orgRole ?? null, from: space.parentId, spaceId: space.id };
    }
    const { collection, cap, orgRole } = await this.access.requireCollection(object.id, caller, 'read', 'see who can reach it');
    return { organizationId: collection.organizationId, cap, orgRole: orgRole ?? null, from: collection.id, spaceId: null };
  }
}
