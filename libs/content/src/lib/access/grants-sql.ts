/**
 * Grants (content_grants, permissions/caller-grants.ts) in SQL: which grants reach a caller and
 * the highest role among them, for statements that level one object or filter a list in one
 * round trip.
 */

import { collectionCapsCtes, spaceCapSql } from './caps-sql';

/** The roles from lowest to highest: a role's position is its rank, the highest rank wins. */
export const ROLES_BY_RANK = `ARRAY['read', 'comment', 'edit', 'review', 'create', 'admin']::text[]`;

/** SQL: the rank (1-6) of a role column. */
export function roleRankSql(role: string): string {
  return `array_position(${ROLES_BY_RANK}, ${role})`;
}

/**
 * SQL rows `(space_id, collection_id, role)`: the grants reaching user `user` in organization
 * `org`, their own and their teams' (content_grants_user_idx, team_members_member_idx and
 * content_grants_team_idx). Read at every request: a grant removed, a member leaving a team or a
 * team deleted counts from the next request on.
 */
export function callerGrantsSql(org: string, user: string): string {
  return `SELECT g.space_id, g.collection_id, g.role FROM content_grants g WHERE g.user_id = ${user} AND g.organization_id = ${org}
          UNION ALL
          SELECT g.space_id, g.collection_id, g.role
            FROM team_members tm JOIN content_grants g ON g.team_id = tm.team_id
           WHERE tm.organization_id = ${org} AND tm.user_id = ${user}`;
}

/** SQL: the caller's grants of `callerGrantsSql` as one JSON value `[[space_id, collection_id, role], ...]`. */
export function callerGrantsJson(org: string, user: string): string {
  return `(SELECT COALESCE(json_agg(json_build_array(g.space_id, g.collection_id, g.role)), '[]'::json) FROM (${callerGrantsSql(org, user)}) g)`;
}

/** The JSON of `callerGrantsJson`, as pg hands it over. */
export type CallerGrantsJson = [string | null, string | null, string][];

/** SQL: the highest role granted to `user` on the objects `objects` selects (a condition on alias `g`); NULL for none. */
export function grantedRoleSql(org: string, user: string, objects: string): string {
  return `(SELECT (${ROLES_BY_RANK})[max(${roleRankSql('g.role')})] FROM (${callerGrantsSql(org, user)}) g WHERE ${objects})`;
}

/** A `WITH RECURSIVE` CTE `ancestors (id, parent_id, depth)`: every collection above space `space` (a parameter such as `$4`). */
export function spaceAncestorsCte(space: string): string {
  return `ancestors AS (
     SELECT c.id, c.parent_id, 1 AS depth FROM spaces s JOIN collections c ON c.id = s.parent_id WHERE s.id = ${space}
     UNION ALL
     SELECT c.id, c.parent_id, ancestors.depth + 1
       FROM ancestors JOIN collections c ON c.id = ancestors.parent_id
      WHERE ancestors.depth < 1000
   )`;
}

/** SQL: the highest role granted to `user` on space `space` or a collection above it (with `spaceAncestorsCte(space)`). */
export function grantedOnSpaceSql(org: string, user: string, space: string): string {
  return grantedRoleSql(org, user, `g.space_id = ${space} OR g.collection_id IN (SELECT id FROM ancestors)`);
}

/**
 * SQL (a scalar): how many live spaces of organization `org` the grants `grants` open that the
 * organization role `role` does not (0 for an admin, whose role opens every space). `grants` is a
 * SELECT of rows `(space_id, collection_id, ...)`: a space granted, or a collection granted with
 * everything below it. The role opens a space when it is not a guest's and the space's cap is
 * not `none` (the rule of `visibleSpaceCount`). For counts of other people (Member.spaces,
 * Team.spaces): `org`, `role` and `grants` may name columns of the outer statement. Starts from
 * the grants, so a person without any costs two index probes.
 */
export function grantOnlySpaceCountSql(org: string, grants: string, role: string): string {
  return `CASE WHEN ${role} IS NOT DISTINCT FROM 'admin' THEN 0 ELSE (
     WITH RECURSIVE granted AS MATERIALIZED (${grants}),
     granted_collections AS (
       SELECT c.id FROM collections c WHERE c.id IN (SELECT collection_id FROM granted) AND c.organization_id = ${org}
       UNION
       SELECT c.id FROM granted_collections gc JOIN collections c ON c.parent_id = gc.id WHERE c.organization_id = ${org}
     ), reached AS (
       SELECT s.id, s.parent_id, s.default_level FROM spaces s
        WHERE s.id IN (SELECT space_id FROM granted) AND s.organization_id = ${org} AND s.deleted_at IS NULL
       UNION
       SELECT s.id, s.parent_id, s.default_level FROM spaces s
        WHERE s.organization_id = ${org} AND COALESCE(s.parent_id, '') IN (SELECT id FROM granted_collections) AND s.deleted_at IS NULL
     ), ${collectionCapsCtes(org)}
     SELECT count(*)::int FROM reached s WHERE NOT (${role} IS NOT NULL AND ${spaceCapSql('s')} <> 'none')
   ) END`;
}

/** SQL rows `(space_id, collection_id)`: the grants reaching any member of team `team` (theirs, their teams'), or the team itself. */
export function teamGrantsSql(org: string, team: string): string {
  return `SELECT g.space_id, g.collection_id FROM content_grants g WHERE g.team_id = ${team}
          UNION ALL
          SELECT g.space_id, g.collection_id
            FROM team_members tm JOIN content_grants g ON g.user_id = tm.user_id AND g.organization_id = ${org}
           WHERE tm.team_id = ${team}
          UNION ALL
          SELECT g.space_id, g.collection_id
            FROM team_members tm
            JOIN team_members other ON other.organization_id = tm.organization_id AND other.user_id = tm.user_id
            JOIN content_grants g ON g.team_id = other.team_id
           WHERE tm.team_id = ${team}`;
}
