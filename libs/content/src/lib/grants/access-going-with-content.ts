import type { EntityManager } from 'typeorm';
import { COLLECTION_SUBTREE } from '../collections/collection-subtree-sql';

/**
 * What a space or collection takes with it when it goes:
 * - `deleted`: its invite links (they lead nowhere now, and do not come back with a restore). Its
 *   grants stay for a restore (a deleted collection's go by ON DELETE CASCADE).
 * - `transferred` to another organization: its invite links (they would make guests of the
 *   organization it leaves) and its grants (they name people and teams of that organization).
 * Invite links are identity's rows, with no foreign key to content: hence these statements.
 */
export type ContentGoing = 'deleted' | 'transferred';

/** Drops the access to one space that goes with it; in the caller's transaction. */
export async function dropAccessGoingWithSpace(tx: EntityManager, spaceId: string, going: ContentGoing): Promise<void> {
  if (going === 'transferred') await tx.query(`DELETE FROM content_grants WHERE space_id = $1`, [spaceId]);
  await tx.query(`DELETE FROM organization_invite_links WHERE space_id = $1`, [spaceId]);
}

/** Drops the access to a collection, the collections nested in it and every space inside them (deleted ones too) that goes with them; in the caller's transaction. */
export async function dropAccessGoingWithCollection(tx: EntityManager, collection: { id: string; organizationId: string }, going: ContentGoing): Promise<void> {
  const inside = `collection_id IN (SELECT id FROM subtree)
             OR space_id IN (SELECT s.id FROM spaces s WHERE s.organization_id = $2 AND s.parent_id IN (SELECT id FROM subtree))`;
  if (going === 'transferred') await tx.query(`${COLLECTION_SUBTREE} DELETE FROM content_grants WHERE ${inside}`, [collection.id, collection.organizationId]);
  await tx.query(`${COLLECTION_SUBTREE} DELETE FROM organization_invite_links WHERE ${inside}`, [collection.id, collection.organizationId]);
}
