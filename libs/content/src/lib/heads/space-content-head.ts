import { NotFoundException } from '@nestjs/common';
import { DomainEvent, EventPageChanges, MAX_PAGE_IDS } from '@docs/platform';
import type { EntityManager } from 'typeorm';
import type { RevisionEntity } from '../revisions/revision.entity';
import { assertSpaceEditable } from '../spaces/space-editable';
import { ContentHead, ContentWriteFacts } from './content-head';

/**
 * A space's current content: the head is the space row's `revision_id`. Writes are refused while
 * the space is locked, except a change request's merge (`mergeOfChangeRequest`): that is how a
 * locked space's content changes.
 */
export class SpaceContentHead extends ContentHead {
  readonly key: string;

  constructor(
    readonly spaceId: string,
    readonly organizationId: string,
    readonly options: { mergeOfChangeRequest?: boolean } = {},
  ) {
    super();
    this.key = spaceId;
  }

  async lock(tx: EntityManager): Promise<{ revisionId: string }> {
    const [row]: { id: string; edit_mode: 'live' | 'locked'; revision_id: string }[] = await tx.query(
      `SELECT id, edit_mode, revision_id FROM spaces WHERE id = $1 AND organization_id = $2 AND deleted_at IS NULL FOR UPDATE`,
      [this.spaceId, this.organizationId],
    );
    if (!row) throw new NotFoundException(`No space has the id ${this.spaceId}.`);
    if (!this.options.mergeOfChangeRequest) assertSpaceEditable({ id: row.id, editMode: row.edit_mode });
    return { revisionId: row.revision_id };
  }

  async advance(tx: EntityManager, revision: RevisionEntity): Promise<void> {
    await tx.query(`UPDATE spaces SET revision_id = $3, updated_at = $4 WHERE id = $1 AND organization_id = $2`, [
      this.spaceId,
      this.organizationId,
      revision.id,
      revision.createdAt,
    ]);
  }

  override async contentEvent(_tx: EntityManager, write: ContentWriteFacts): Promise<DomainEvent> {
    const { pages, truncated } = capPageChanges(write.pages);
    return {
      type: 'space_content_updated',
      organizationId: this.organizationId,
      actor: write.actor,
      payload: {
        spaceId: this.spaceId,
        revisionId: write.revision.id,
        previousRevisionId: write.previousRevisionId,
        pages,
        ...(truncated ? { pagesTruncated: true } : {}),
      },
    };
  }
}

/** At most MAX_PAGE_IDS ids per kind of change (an import of thousands of pages lists the first). */
export function capPageChanges(pages: EventPageChanges): { pages: EventPageChanges; truncated: boolean } {
  const kinds = ['created', 'updated', 'moved', 'deleted'] as const;
  const truncated = kinds.some((kind) => pages[kind].length > MAX_PAGE_IDS);
  if (!truncated) return { pages, truncated };
  return { pages: Object.fromEntries(kinds.map((kind) => [kind, pages[kind].slice(0, MAX_PAGE_IDS)])) as unknown as EventPageChanges, truncated };
}
