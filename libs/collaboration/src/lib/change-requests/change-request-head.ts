import { ConflictException, NotFoundException } from '@nestjs/common';
import { ContentHead, ContentWriteFacts, RevisionEntity } from '@docs/content';
import type { DomainEvent } from '@docs/platform';
import type { EntityManager } from 'typeorm';
import type { ChangeRequestStatus } from './change-request.entity';

/**
 * A change request's content: the head is the change request row's `revision_id`, its index
 * rows are keyed by the change request's id. Writes are refused once it is merged or archived;
 * the space's edit mode does not matter here (a locked space is changed through change requests).
 * Writes lock the space row in KEY SHARE, then the change request's row: the order merges take
 * (the space, then the change request), so the two cannot deadlock. (The revision a write inserts
 * takes that KEY SHARE through its foreign key anyway; taking it first only moves the wait for a
 * merge, or a write of the space's content, to before the change request's row is held.)
 */
export class ChangeRequestContentHead extends ContentHead {
  constructor(
    readonly key: string,
    readonly spaceId: string,
    readonly organizationId: string,
  ) {
    super();
  }

  async lock(tx: EntityManager): Promise<{ revisionId: string }> {
    // The space row first, in KEY SHARE (what the write's revision insert takes through its
    // foreign key anyway): a merge holds the space, then waits for the change request; taking
    // the change request first and the space's key lock second deadlocked with it.
    await tx.query(`SELECT 1 FROM spaces WHERE id = $1 FOR KEY SHARE`, [this.spaceId]);
    const [row]: { status: ChangeRequestStatus; revision_id: string }[] = await tx.query(
      `SELECT cr.status, cr.revision_id
         FROM change_requests cr
        WHERE cr.id = $1 AND cr.space_id = $2 AND cr.organization_id = $3
          FOR UPDATE OF cr`,
      [this.key, this.spaceId, this.organizationId],
    );
    if (!row) throw new NotFoundException(`No change request has the id ${this.key}.`);
    assertContentChangeable(row.status, this.key);
    return { revisionId: row.revision_id };
  }

  async advance(tx: EntityManager, revision: RevisionEntity): Promise<void> {
    await tx.query(`UPDATE change_requests SET revision_id = $2, updated_at = $3 WHERE id = $1`, [this.key, revision.id, revision.createdAt]);
    if (revision.createdBy) {
      await tx.query(`INSERT INTO change_request_contributors (change_request_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [
        this.key,
        revision.createdBy,
      ]);
    }
  }

  /** A write of its content is an update of the change request. */
  override async contentEvent(tx: EntityManager, write: ContentWriteFacts): Promise<DomainEvent> {
    const [row]: { number: number; status: ChangeRequestStatus }[] = await tx.query(`SELECT number, status FROM change_requests WHERE id = $1`, [this.key]);
    return {
      type: 'change_request_updated',
      organizationId: this.organizationId,
      actor: write.actor,
      payload: { spaceId: this.spaceId, changeRequestId: this.key, number: row.number, status: row.status, changes: ['content'], revisionId: write.revision.id },
    };
  }
}

/** 409 once a change request is merged or archived: its content is frozen. */
export function assertContentChangeable(status: ChangeRequestStatus, id: string): void {
  if (status === 'merged') throw new ConflictException(`Change request ${id} is merged: its content cannot change any more.`);
  if (status === 'archived') throw new ConflictException(`Change request ${id} is archived: set its status back to open to change its content.`);
}
