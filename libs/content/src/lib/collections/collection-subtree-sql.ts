/** Ids of a collection ($1, of organization $2) and of every collection nested in it, at any depth: a CTE named `subtree`. */
export const COLLECTION_SUBTREE = `WITH RECURSIVE subtree AS (
    SELECT id FROM collections WHERE id = $1 AND organization_id = $2
    UNION ALL
    SELECT c.id FROM collections c JOIN subtree ON c.parent_id = subtree.id
  )`;
