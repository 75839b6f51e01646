import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  BlobStore,
  ContentWriter,
  documentBytes,
  parseDocumentBytes,
  ReusableContentEntry,
  RevisionEntity,
  SpaceContentHead,
  VariableValue,
} from '@docs/content';
import { documentToMarkdown, markdownToDocument } from '@docs/document-model';
import { Caller } from '@docs/identity';
import { Clock, EventOutbox } from '@docs/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { ChangeRequestContentHead, assertContentChangeable } from '../change-requests/change-request-head';
import { ChangeRequestEntity } from '../change-requests/change-request.entity';
import { ChangeRequestsService } from '../change-requests/change-requests.service';
import { MergeGate } from '../reviews/merge-gate';
import { applyMergePlan } from './apply-merge-plan';
import { diffTrees } from './diff-trees';
import { MergeConflict, MergeStep, planMerge } from './merge-plan';
import { nodeLoader } from './node-loader';
import { mergeText } from './text-merge';
import { mergeKeyed } from './keyed-merge';
import { MergeListeners } from './merge-listeners';

/** A conflict of a page as the API lists it: for bodies, the text with both versions marked. */
export interface PageConflictView extends MergeConflict {
  markdown?: string;
}

/** A reusable content or a variable changed differently on both sides (the target's value is kept). */
export type EntryConflictView =
  | { reusableContentId: string; title: string; reason: 'reusable-content' }
  | { variable: string; title: string; reason: 'variable' };

/** A conflict as the API lists it (`conflicts` of a merge or update answer). */
export type ConflictView = PageConflictView | EntryConflictView;

/** The merged reusable contents and variables of the target, and their conflicts. */
interface MergedEntries {
  reusableContents: ReusableContentEntry[];
  variables: Record<string, VariableValue>;
  conflicts: EntryConflictView[];
}

export interface MergeAnswer {
  revision: string;
  result: 'merge' | 'update' | 'conflicts';
  /** Documented extension: the conflicting pages (empty on a clean merge). */
  conflicts: ConflictView[];
}

/** Conflicts that leave the page in the change request for a write to resolve (the others leave no page there). */
const BLOCKING = new Set(['fields', 'body', 'moved', 'deleted-and-edited']);

/**
 * Merge (change request -> space) and update (space -> change request): the same three-way merge
 * from the change request's base (the space revision it last started from), one transaction
 * each. Lock order is always the space row, then the change request row: concurrent merges of
 * one change request queue on the space, and all but the first find it merged (409).
 */
@Injectable()
export class MergeService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly changeRequests: ChangeRequestsService,
    private readonly writer: ContentWriter,
    private readonly blobs: BlobStore,
    private readonly clock: Clock,
    private readonly gate: MergeGate,
    private readonly listeners: MergeListeners,
    private readonly events: EventOutbox,
  ) {}

  async merge(spaceId: string, key: string, caller: Caller): Promise<MergeAnswer> {
    const { space } = await this.changeRequests.require(spaceId, key, caller, 'review', 'merge change requests');
    return this.dataSource.transaction(async (tx) => {
      const spaceRevisionId = await this.lockSpace(tx, space.space.id);
      const cr = await this.lockChangeRequest(tx, space.space.id, key);
      if (cr.status === 'merged') throw new ConflictException(`Change request ${cr.id} is already merged (revision ${cr.revisionMergedId}).`);
      assertContentChangeable(cr.status, cr.id);
      if (cr.unresolvedConflicts.length > 0) {
        throw new ConflictException(
          `Change request ${cr.id} has unresolved conflicts in pages ${cr.unresolvedConflicts.join(', ')}: edit each of them in the change request, then merge.`,
        );
      }
      await this.gate.assertAllowed(tx, cr, spaceRevisionId, caller.userId);
      const { steps, conflicts, entries } = await this.plan(tx, cr.baseRevisionId, spaceRevisionId, cr.revisionId, { ours: 'space', theirs: 'change request' });
      if (conflicts.length > 0) return { revision: cr.revisionId, result: 'conflicts', conflicts };

      const head = new SpaceContentHead(space.space.id, space.space.organizationId, { mergeOfChangeRequest: true });
      const written = await this.writer.applyIn(
        tx,
        head,
        { actor: caller.userId, message: `Merge change request #${cr.number}`, type: 'merge', extraParents: [cr.revisionId] },
        async (draft) => {
          await applyMergePlan(draft, await this.resolveBodies(tx, steps));
          await this.bringFiles(tx, draft, cr.baseRevisionId, cr.revisionId);
          draft.setReusableContents(entries.reusableContents);
          draft.setVariables(entries.variables);
          return async () => undefined;
        },
      );
      await tx.update(ChangeRequestEntity, { id: cr.id }, { status: 'merged', revisionMergedId: written.revision.id, updatedAt: this.clock.now() });
      await this.changeRequests.moveCounts(tx, space.space.id, cr.status, 'merged');
      if (written.changed) {
        const merged = { spaceId: space.space.id, organizationId: space.space.organizationId, revisionId: written.revision.id, mergedBy: caller.userId };
        for (const listener of this.listeners.all()) await listener.merged(tx, { ...merged, changeRequest: { id: cr.id, number: cr.number, subject: cr.subject } });
      }
      await this.events.emit(tx, {
        type: 'change_request_merged',
        organizationId: space.space.organizationId,
        actor: caller.userId,
        payload: { spaceId: space.space.id, changeRequestId: cr.id, number: cr.number, revisionId: written.revision.id },
      });
      return { revision: written.revision.id, result: 'merge', conflicts: [] };
    });
  }

  async update(spaceId: string, key: string, caller: Caller): Promise<MergeAnswer> {
    const { space } = await this.changeRequests.require(spaceId, key, caller, 'edit', 'update change requests');
    return this.dataSource.transaction((tx) => this.updateWithin(tx, space.space, key, caller.userId));
  }

  /**
   * `update` inside a transaction the caller holds, on behalf of `actor` (a Git import brings the
   * space's edits into the change request it opened, in the same transaction).
   */
  async updateWithin(tx: EntityManager, space: { id: string; organizationId: string }, key: string, actor: string | null): Promise<MergeAnswer> {
    const spaceRevisionId = await this.lockSpace(tx, space.id);
    const cr = await this.lockChangeRequest(tx, space.id, key);
    assertContentChangeable(cr.status, cr.id);
    if (cr.baseRevisionId === spaceRevisionId) return { revision: cr.revisionId, result: 'update', conflicts: [] };

    const { steps, conflicts, entries } = await this.plan(tx, cr.baseRevisionId, cr.revisionId, spaceRevisionId, { ours: 'change request', theirs: 'space' });
    // Bodies in conflict are written with both versions marked; other conflicts keep the change request's side.
    const marked = conflicts.filter((c): c is PageConflictView & { markdown: string } => c.reason === 'body' && 'markdown' in c && c.markdown !== undefined);
    const head = new ChangeRequestContentHead(cr.id, space.id, space.organizationId);
    const written = await this.writer.applyIn(
      tx,
      head,
      { actor, message: `Update change request #${cr.number} from the space`, type: 'update', extraParents: [spaceRevisionId] },
      async (draft) => {
        const bodies: MergeStep[] = [];
        for (const conflict of marked) {
          const bytes = documentBytes(markdownToDocument(conflict.markdown));
          bodies.push({ kind: 'update', pageId: conflict.pageId, changes: { documentHash: bytes ? (await this.blobs.put(tx, bytes)).hash : null } });
        }
        await applyMergePlan(draft, [...(await this.resolveBodies(tx, steps)), ...bodies]);
        await this.bringFiles(tx, draft, cr.baseRevisionId, spaceRevisionId);
        draft.setReusableContents(entries.reusableContents);
        draft.setVariables(entries.variables);
        return async () => undefined;
      },
    );
    // Reusable content and variable conflicts keep the change request's value and block nothing.
    const blocking = [...new Set(conflicts.filter((c): c is PageConflictView => 'pageId' in c && BLOCKING.has(c.reason)).map((c) => c.pageId))];
    await tx.update(
      ChangeRequestEntity,
      { id: cr.id },
      { baseRevisionId: spaceRevisionId, revisionMergedAncestorId: spaceRevisionId, unresolvedConflicts: blocking, updatedAt: this.clock.now() },
    );
    return { revision: written.revision.id, result: conflicts.length > 0 ? 'conflicts' : 'update', conflicts };
  }

  /** Diffs both sides against the base and plans the merge of `theirs` onto `ours`; body conflicts get their marked text. */
  private async plan(
    tx: EntityManager,
    baseId: string,
    oursId: string,
    theirsId: string,
    labels: { ours: string; theirs: string },
  ): Promise<{ steps: MergeStep[]; conflicts: ConflictView[]; entries: MergedEntries }> {
    const revisions = await tx.findBy(RevisionEntity, [{ id: baseId }, { id: oursId }, { id: theirsId }]);
    const byId = new Map(revisions.map((r) => [r.id, r]));
    const [base, ours, theirs] = [baseId, oursId, theirsId].map((id) => {
      const revision = byId.get(id);
      if (!revision) throw new NotFoundException(`No revision has the id ${id}.`);
      return revision;
    });
    const load = nodeLoader(tx);
    const target = await diffTrees(base.rootPages, ours.rootPages, load);
    const source = await diffTrees(base.rootPages, theirs.rootPages, load);
    const plan = planMerge(target, source);
    const conflicts: ConflictView[] = [...plan.conflicts];
    const steps: MergeStep[] = [];
    const bodySteps = plan.steps.filter((s): s is Extract<MergeStep, { kind: 'merge-body' }> => s.kind === 'merge-body');
    const texts = await this.markdownOf(tx, bodySteps.flatMap((s) => [s.base, s.target, s.source]));
    for (const step of plan.steps) {
      if (step.kind !== 'merge-body') {
        steps.push(step);
        continue;
      }
      const text = (hash: string | null) => (hash === null ? '' : (texts.get(hash) ?? ''));
      const merged = mergeText(text(step.base), text(step.target), text(step.source), labels);
      if (merged.clean) steps.push({ kind: 'set-body', pageId: step.pageId, markdown: merged.text });
      else {
        const title = (target.side.get(step.pageId) ?? source.side.get(step.pageId))?.node.title ?? step.pageId;
        conflicts.push({ pageId: step.pageId, title, reason: 'body', markdown: merged.text });
      }
    }
    const entries = mergeEntries(base, ours, theirs);
    return { steps, conflicts: [...conflicts, ...entries.conflicts], entries };
  }

  /** Bodies merged as text are stored as documents: the steps become updates. */
  private async resolveBodies(tx: EntityManager, steps: MergeStep[]): Promise<MergeStep[]> {
    const out: MergeStep[] = [];
    for (const step of steps) {
      if (step.kind !== 'set-body') {
        out.push(step);
        continue;
      }
      const bytes = documentBytes(markdownToDocument(step.markdown));
      out.push({ kind: 'update', pageId: step.pageId, changes: { documentHash: bytes ? (await this.blobs.put(tx, bytes)).hash : null } });
    }
    return out;
  }

  private async markdownOf(tx: EntityManager, hashes: (string | null)[]): Promise<Map<string, string>> {
    const wanted = [...new Set(hashes.filter((h): h is string => h !== null))];
    if (wanted.length === 0) return new Map();
    const blobs = await this.blobs.getMany(wanted, tx);
    return new Map([...blobs].map(([hash, bytes]) => [hash, documentToMarkdown(parseDocumentBytes(bytes))]));
  }

  /**
   * Files merged three ways by file id (`mergeKeyed` over each side's entry of a file): a file the
   * source added, changed (a Git import gives a file new bytes under its id) or removed since the
   * base, and the target did not touch, is taken from the source; changed on both sides, the
   * target's entry is kept.
   */
  private async bringFiles(tx: EntityManager, draft: { fileEntries: readonly string[]; setFiles(ids: readonly string[]): void }, baseId: string, sourceId: string) {
    // One after the other: a transaction's statements share one connection.
    const base = await tx.findOneByOrFail(RevisionEntity, { id: baseId });
    const source = await tx.findOneByOrFail(RevisionEntity, { id: sourceId });
    const entries = [...new Set([...base.files, ...source.files, ...draft.fileEntries])];
    if (entries.length === 0) return;
    const rows: { id: string; file_id: string }[] = await tx.query(`SELECT id::text AS id, file_id FROM file_entries WHERE id = ANY($1::bigint[])`, [entries]);
    const fileOf = new Map(rows.map((row) => [row.id, row.file_id]));
    const keyed = (ids: readonly string[]) => ids.map((id): [string, string] => [fileOf.get(id) ?? id, id]);
    const merged = mergeKeyed(keyed(base.files), keyed(draft.fileEntries), keyed(source.files));
    draft.setFiles(merged.merged.map(([, entry]) => entry));
  }

  private async lockSpace(tx: EntityManager, spaceId: string): Promise<string> {
    // A locked space is not checked: merging a change request is how its content changes.
    const [row]: { id: string; revision_id: string }[] = await tx.query(
      `SELECT id, revision_id FROM spaces WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`,
      [spaceId],
    );
    if (!row) throw new NotFoundException(`No space has the id ${spaceId}.`);
    return row.revision_id;
  }

  private async lockChangeRequest(tx: EntityManager, spaceId: string, key: string): Promise<ChangeRequestEntity> {
    const cr = await this.changeRequests.find(tx, spaceId, key, true);
    if (!cr) throw new NotFoundException(`Space ${spaceId} has no change request ${key}.`);
    return cr;
  }
}

/** Reusable contents (by id) and variables (by name) of `theirs` merged onto `ours` from `base`. */
function mergeEntries(base: RevisionEntity, ours: RevisionEntity, theirs: RevisionEntity): MergedEntries {
  const byId = (revision: RevisionEntity) => (revision.reusableContents as ReusableContentEntry[]).map((entry): [string, ReusableContentEntry] => [entry.id, entry]);
  const byName = (revision: RevisionEntity) => Object.entries(revision.variables ?? {}) as [string, VariableValue][];
  const reusable = mergeKeyed(byId(base), byId(ours), byId(theirs));
  const variables = mergeKeyed(byName(base), byName(ours), byName(theirs));
  const titleOf = (id: string) => [ours, theirs, base].flatMap((r) => r.reusableContents as ReusableContentEntry[]).find((entry) => entry.id === id)?.title ?? id;
  return {
    reusableContents: reusable.merged.map(([, entry]) => entry),
    variables: Object.fromEntries(variables.merged),
    conflicts: [
      ...reusable.conflicts.map((id): EntryConflictView => ({ reusableContentId: id, title: titleOf(id), reason: 'reusable-content' })),
      ...variables.conflicts.map((name): EntryConflictView => ({ variable: name, title: name, reason: 'variable' })),
    ],
  };
}
