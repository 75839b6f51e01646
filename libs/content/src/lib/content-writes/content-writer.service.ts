import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Clock, EventOutbox, newId } from '@docs/platform';
import type { DataSource, EntityManager } from 'typeorm';
import type { ContentHead } from '../heads/content-head';
import { BlobStore } from '../blobs/blob-store';
import { ContentIndexers } from '../indexing/content-indexer';
import { WriteDocuments } from '../indexing/write-documents';
import { RevisionEntity, RevisionType } from '../revisions/revision.entity';
import { ContentDraft } from './content-draft';
import { assertIfMatch } from './if-match';

/** Pages handed to the indexers at once: bounds the documents and index rows a large write holds. */
const INDEXED_PER_BATCH = 500;

export interface WriteOptions {
  /** Revision ids of `If-Match` (undefined: no condition). */
  ifMatch?: string[];
  /** Who writes (null: the operator, a job). */
  actor: string | null;
  /** What the write does, stored on the revision. */
  message: string;
  /** The revision's type (default `edits`; a merge writes `merge`, an update `update`). */
  type?: RevisionType;
  /** Parents besides the head's revision (a merge's other side). */
  extraParents?: string[];
}

/** What a write made: its revision (the head's, unchanged, when the edit changed nothing) and the edit's own result. */
export interface WriteResult<R> {
  revision: RevisionEntity;
  /** false when the edit changed nothing: no revision was made. */
  changed: boolean;
  result: R;
  /** Bytes of the page nodes written (storage benchmark). */
  nodesWritten: number;
}

/**
 * Every content write goes through `apply`: one transaction that locks the head (concurrent
 * writers of one head run one after the other), checks `If-Match` against its revision (412),
 * lets `edit` stage changes on a draft, writes the new nodes and exactly one revision
 * (`parents: [previous]`), moves the head, and feeds the delta to every registered indexer
 * (a batch of pages at a time, with the write's documents parsed once for all of them: `draft.documents`).
 * `edit` may read what it needs for its answer through the same transaction (`tx`) after the
 * commit by returning a function: it runs once the head has moved, still in the transaction.
 */
@Injectable()
export class ContentWriter {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly indexers: ContentIndexers,
    private readonly clock: Clock,
    private readonly blobs: BlobStore,
    private readonly events: EventOutbox,
  ) {}

  async apply<R>(
    head: ContentHead,
    options: WriteOptions,
    edit: (draft: ContentDraft, tx: EntityManager) => Promise<(tx: EntityManager, revision: RevisionEntity) => Promise<R>>,
  ): Promise<WriteResult<R>> {
    return this.dataSource.transaction((tx) => this.applyIn(tx, head, options, edit));
  }

  /** `apply` inside a transaction the caller holds (a merge also changes its change request in it). */
  async applyIn<R>(
    tx: EntityManager,
    head: ContentHead,
    options: WriteOptions,
    edit: (draft: ContentDraft, tx: EntityManager) => Promise<(tx: EntityManager, revision: RevisionEntity) => Promise<R>>,
  ): Promise<WriteResult<R>> {
    const { revisionId } = await head.lock(tx);
    assertIfMatch(options.ifMatch, revisionId);
    const base = await tx.findOneByOrFail(RevisionEntity, { id: revisionId });
    const now = this.clock.now();
    const draft = new ContentDraft(tx, head.key, base, now, new WriteDocuments(this.blobs));
    const answer = await edit(draft, tx);
    if (!draft.hasChanges) return { revision: base, changed: false, result: await answer(tx, base), nodesWritten: 0 };

    const committed = await draft.commit();
    const revision = tx.create(RevisionEntity, {
      id: newId(),
      spaceId: head.spaceId,
      parents: [base.id, ...(options.extraParents ?? [])],
      type: options.type ?? 'edits',
      createdBy: options.actor,
      createdAt: now,
      rootPages: committed.rootPages,
      files: committed.files,
      reusableContents: committed.reusableContents,
      variables: committed.variables,
      message: options.message,
    });
    await tx.insert(RevisionEntity, revision);
    await head.advance(tx, revision);
    // The indexers see the delta a batch of pages at a time (the removed ids with the first):
    // each batch's documents are parsed once for all of them, then released.
    for (let start = 0; start === 0 || start < committed.upserted.length; start += INDEXED_PER_BATCH) {
      const upserted = committed.upserted.slice(start, start + INDEXED_PER_BATCH);
      const delta = {
        headKey: head.key,
        spaceId: head.spaceId,
        organizationId: head.organizationId,
        revisionId: revision.id,
        previousRevisionId: base.id,
        upserted,
        removed: start === 0 ? committed.removed : [],
        documents: draft.documents,
      };
      for (const indexer of this.indexers.all()) await indexer.apply(tx, delta);
      draft.documents.release(upserted.map((page) => page.documentHash));
    }
    const result = await answer(tx, revision);
    const event = await head.contentEvent?.(tx, { revision, previousRevisionId: base.id, pages: draft.pageChanges, actor: options.actor });
    if (event) await this.events.emit(tx, event);
    return { revision, changed: true, result, nodesWritten: committed.nodesWritten };
  }
}
