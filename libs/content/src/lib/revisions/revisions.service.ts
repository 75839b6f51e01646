import { Injectable } from '@nestjs/common';
import { newId } from '@docs/platform';
import type { EntityManager } from 'typeorm';
import { ContentIndexers } from '../indexing/content-indexer';
import { RevisionEntity } from './revision.entity';

/**
 * Revisions of a space's content. A space's first revision is written with the space, in its
 * transaction: `Space.revision` always names one.
 */
@Injectable()
export class RevisionsService {
  constructor(private readonly indexers: ContentIndexers) {}

  /** The empty initial revision of a new space. */
  async createInitial(
    tx: EntityManager,
    input: { id: string; spaceId: string; createdBy: string | null; now: Date },
  ): Promise<RevisionEntity> {
    const { id, spaceId, createdBy, now } = input;
    const revision = tx.create(RevisionEntity, { id, spaceId, parents: [], type: 'edits', createdBy, createdAt: now, message: 'New space' });
    await tx.insert(RevisionEntity, revision);
    return revision;
  }

  /**
   * The initial revision of a duplicated space: a new revision of `spaceId` holding the content
   * of `sourceSpaceId`'s current revision (another space's). It starts a new history (no
   * parents) and shares every page node and file entry of the source (the same arrays: O(1) in
   * the size of the content); the source's head index is copied for the new space's head, and
   * so are the registered indexers' rows; both join the same storage family (space purges keep
   * what the other reaches). The source's row is locked (FOR SHARE) so that no
   * write moves its head meanwhile. This is the one place duplicate goes through.
   */
  async copyInto(
    tx: EntityManager,
    input: { sourceSpaceId: string; id: string; spaceId: string; organizationId: string; createdBy: string | null; now: Date },
  ): Promise<RevisionEntity> {
    const { sourceSpaceId, id, spaceId, organizationId, createdBy, now } = input;
    const [head]: { revision_id: string }[] = await tx.query(`SELECT revision_id FROM spaces WHERE id = $1 FOR SHARE`, [sourceSpaceId]);
    if (!head) throw new Error(`space ${sourceSpaceId} is missing`);
    const source = await tx.findOneByOrFail(RevisionEntity, { id: head.revision_id });
    const copy = tx.create(RevisionEntity, {
      id,
      spaceId,
      parents: [],
      type: 'edits',
      createdBy,
      createdAt: now,
      rootPages: source.rootPages,
      files: source.files,
      reusableContents: source.reusableContents,
      variables: source.variables,
      message: `Copy of space ${sourceSpaceId}`,
    });
    await tx.insert(RevisionEntity, copy);
    await tx.query(
      `INSERT INTO head_pages (head_key, page_id, node_id, parent_page_id, path)
       SELECT $2, page_id, node_id, parent_page_id, path FROM head_pages WHERE head_key = $1`,
      [sourceSpaceId, spaceId],
    );
    for (const indexer of this.indexers.all()) {
      await indexer.copyHead(tx, { fromHeadKey: sourceSpaceId, toHeadKey: spaceId, spaceId, organizationId });
    }
    // The two spaces now share page nodes and file entries: a purge of either keeps what the other
    // reaches. A family id is random, so no row names the other space.
    await tx.query(
      `INSERT INTO space_storage_families (space_id, family_id) VALUES ($1, $2) ON CONFLICT (space_id) DO NOTHING`,
      [sourceSpaceId, newId()],
    );
    await tx.query(`INSERT INTO space_storage_families (space_id, family_id) SELECT $2, family_id FROM space_storage_families WHERE space_id = $1`, [
      sourceSpaceId,
      spaceId,
    ]);
    return copy;
  }
}
