/**
 * Grants (content_grants, permissions/caller-grants.ts) in SQL: which grants reach a caller and
 * the highest role among them, for statements that level one object or filter a list in one
 * round trip.
 */

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
