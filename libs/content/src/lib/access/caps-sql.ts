/**
 * The content permission model's caps (content-permissions.ts) in SQL, for statements that must
 * filter, count and level an organization's spaces in one round trip. The same rule as
 * `capsOfTree` and `capBelow`; `caps-sql.http.spec.ts` compares them on random trees.
 */

/** SQL of `capBelow(own, parentCap)`: a null level shuts members out, 'inherit' takes the parent's cap. */
export function capBelowSql(own: string, parentCap: string): string {
  return `CASE WHEN ${own} IS NULL THEN 'none' WHEN ${own} = 'inherit' THEN COALESCE(${parentCap}, 'organization') ELSE ${own} END`;
}

/**
 * Two CTEs (for a `WITH RECURSIVE` list) over the collections of the organization `org`
 * (a parameter such as `$1`):
 * - `caps (id, cap, depth)`: the cap of each collection. A collection decides its own cap unless it
 *   inherits from a parent of the same organization; those take their parent's, top down. As in
 *   `capsOfTree`, a parent missing from the tree counts as the top, and collections never reached
 *   from one that decides (a cycle of 'inherit', which moves refuse) have no row: callers read a
 *   missing cap as 'organization', which is what `capsOfTree`'s depth guard gives them.
 * - `cap_map (caps_by_id)`: the same as one jsonb object (id -> cap; NULL when there is no
 *   collection), so that a row finds its parent's cap by a key lookup instead of a join, which
 *   would cost a list its index order.
 */
export function collectionCapsCtes(org: string): string {
  return `caps AS (
     SELECT c.id, ${capBelowSql('c.default_level', 'NULL')} AS cap, 0 AS depth
       FROM collections c
      WHERE c.organization_id = ${org}
        AND (c.default_level IS DISTINCT FROM 'inherit' OR c.parent_id IS NULL
             OR NOT EXISTS (SELECT 1 FROM collections p WHERE p.id = c.parent_id AND p.organization_id = ${org}))
     UNION ALL
     SELECT c.id, caps.cap, caps.depth + 1
       FROM caps JOIN collections c ON c.parent_id = caps.id
      WHERE c.organization_id = ${org} AND c.default_level = 'inherit' AND caps.depth < 1000
   ), cap_map AS (
     SELECT jsonb_object_agg(id, cap) AS caps_by_id FROM caps
   )`;
}

/** SQL of the cap of a space (alias `alias`), given the CTEs of `collectionCapsCtes`. */
export function spaceCapSql(alias: string): string {
  return capBelowSql(`${alias}.default_level`, `(SELECT caps_by_id FROM cap_map) ->> ${alias}.parent_id`);
}
