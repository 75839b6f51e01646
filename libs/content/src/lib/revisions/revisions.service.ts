import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { RevisionEntity } from './revision.entity';

/**
 * Revisions of a space's content. A space's first revision is written with the space, in its
 * transaction: `Space.revision` always names one.
 */
@Injectable()
export class RevisionsService {
  /** The empty initial revision of a new space. */
  async createInitial(
    tx: EntityManager,
    input: { id: string; spaceId: string; createdBy: string | null; now: Date },
  ): Promise<RevisionEntity> {
    const { id, spaceId, createdBy, now } = input;
    const revision = tx.create(RevisionEntity, { id, spaceId, parents: [], type: 'edits', createdBy, createdAt: now });
    await tx.insert(RevisionEntity, revision);
    return revision;
  }

  /**
   * The initial revision of a duplicated space: a new revision of `spaceId` holding a copy of
   * the content of `sourceRevisionId` (another space's). It starts a new history, so it has no
   * parents. There is no page content yet: when pages, files and reusable contents arrive, their
   * rows are copied here, in the same transaction, from `sourceRevisionId` to the new revision
   * (this is the one place duplicate goes through).
   */
  async copyInto(
    tx: EntityManager,
    input: { sourceRevisionId: string; id: string; spaceId: string; createdBy: string | null; now: Date },
  ): Promise<RevisionEntity> {
    const { sourceRevisionId, id, spaceId, createdBy, now } = input;
    // The source must exist; its content rows (none yet) are copied from here.
    await tx.findOneByOrFail(RevisionEntity, { id: sourceRevisionId });
    const copy = tx.create(RevisionEntity, { id, spaceId, parents: [], type: 'edits', createdBy, createdAt: now });
    await tx.insert(RevisionEntity, copy);
    return copy;
  }
}
