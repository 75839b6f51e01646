import type { DomainEvent, EventPageChanges } from '@docs/platform';
import type { EntityManager } from 'typeorm';
import type { RevisionEntity } from '../revisions/revision.entity';

/**
 * Where a content write lands: a place whose content moves on, one revision at a time. Space
 * content implements it here (`SpaceContentHead`); change requests implement it in
 * libs/collaboration. `ContentWriter` calls `lock` then `advance` inside one transaction.
 */
export abstract class ContentHead {
  /** Key of this head's index rows (`head_pages.head_key`): a space id, a change request id. */
  abstract readonly key: string;

  /** The space whose revisions this head makes. */
  abstract readonly spaceId: string;

  abstract readonly organizationId: string;

  /**
   * Locks the head until the transaction ends (two writers serialize here) and answers its
   * current revision. Refuses with an HTTP exception when the head cannot take writes (a locked
   * space: 409; a merged change request, ...).
   */
  abstract lock(tx: EntityManager): Promise<{ revisionId: string }>;

  /** Moves the head to `revision`, made by the write holding the lock. */
  abstract advance(tx: EntityManager, revision: RevisionEntity): Promise<void>;

  /**
   * The event a write of this head is, emitted by `ContentWriter` last in the write's transaction
   * (a space's `space_content_updated`, a change request's `change_request_updated`); none by default.
   */
  contentEvent?(tx: EntityManager, write: ContentWriteFacts): Promise<DomainEvent | null>;
}

/** What a committed write did, for its event. */
export interface ContentWriteFacts {
  revision: RevisionEntity;
  previousRevisionId: string;
  pages: EventPageChanges;
  /** Who wrote (null: the operator, a job). */
  actor: string | null;
}
