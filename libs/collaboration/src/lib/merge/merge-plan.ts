import type { TreeDiff } from './diff-trees';
import { MERGED_FIELDS, MergedField, PageNodeInfo, PageVersion } from './page-version';

export type ConflictReason =
  /** The source edited the page, the target deleted it. */
  | 'edited-and-deleted'
  /** The source deleted the page, the target edited it (or added pages under it). */
  | 'deleted-and-edited'
  /** Both changed the same field differently. */
  | 'fields'
  /** Both changed the same part of the body differently. */
  | 'body'
  /** Both moved the page under different parents. */
  | 'moved'
  /** The source put the page under a page the target deleted. */
  | 'parent-deleted';

export interface MergeConflict {
  pageId: string;
  title: string;
  reason: ConflictReason;
  /** For `fields`: which. */
  fields?: MergedField[];
}

/** One change to make on the target so that it also has the source's changes. */
export type MergeStep =
  | { kind: 'create'; pageId: string; version: PageVersion }
  | { kind: 'update'; pageId: string; changes: Partial<Pick<PageNodeInfo, MergedField | 'documentHash'>> }
  | { kind: 'merge-body'; pageId: string; base: string | null; target: string | null; source: string | null }
  /** A body merged as text (by the caller, from a `merge-body`): stored as a document, it becomes an update. */
  | { kind: 'set-body'; pageId: string; markdown: string }
  | { kind: 'move'; pageId: string; parentPageId: string | null; after: string | null }
  | { kind: 'delete'; pageId: string };

export interface MergePlan {
  steps: MergeStep[];
  conflicts: MergeConflict[];
}

/**
 * The page-level three-way merge: brings what `source` changed since the base onto `target`
 * (each a diff against the same base). Fields, body and place of a page merge independently:
 * a part changed on one side only is taken from it; changed identically on both, kept; changed
 * differently, a conflict. A page edited on one side and deleted on the other is a conflict.
 * Bodies changed on both sides become a `merge-body` step (a text merge, done by the caller).
 * Pure: no input is changed.
 */
export function planMerge(target: TreeDiff, source: TreeDiff): MergePlan {
  const steps: MergeStep[] = [];
  const conflicts: MergeConflict[] = [];
  const targetDeleted = (pageId: string | null) => pageId !== null && target.side.get(pageId) === null;
  // Pages the target added or moved under a parent: a source deletion of that parent would drop them.
  const targetChildren = new Map<string, string[]>();
  for (const [pageId, version] of target.side) {
    if (version?.parentPageId) targetChildren.set(version.parentPageId, [...(targetChildren.get(version.parentPageId) ?? []), pageId]);
  }

  const creates: MergeStep[] = [];
  const moves: MergeStep[] = [];
  const deletes: MergeStep[] = [];
  for (const [pageId, theirs] of source.side) {
    const base = source.base.get(pageId) ?? target.base.get(pageId);
    const ours = target.side.get(pageId);
    if (!base) {
      if (!theirs) continue;
      if (targetDeleted(theirs.parentPageId)) conflicts.push({ pageId, title: theirs.node.title, reason: 'parent-deleted' });
      else creates.push({ kind: 'create', pageId, version: theirs });
      continue;
    }
    if (theirs === null) {
      if (ours === null) continue;
      const kept = (targetChildren.get(pageId) ?? []).some((child) => source.side.get(child) !== null);
      if (ours !== undefined && (changedContent(base, ours) || kept)) conflicts.push({ pageId, title: ours.node.title, reason: 'deleted-and-edited' });
      else if (kept) conflicts.push({ pageId, title: base.node.title, reason: 'deleted-and-edited' });
      else deletes.push({ kind: 'delete', pageId });
      continue;
    }
    if (ours === null) {
      if (changedContent(base, theirs) || moved(source, base, theirs)) conflicts.push({ pageId, title: theirs.node.title, reason: 'edited-and-deleted' });
      continue;
    }
    const now = ours ?? base;
    const changes: Partial<Pick<PageNodeInfo, MergedField | 'documentHash'>> = {};
    const clashing: MergedField[] = [];
    for (const field of MERGED_FIELDS) {
      if (theirs.node[field] === base.node[field]) continue;
      if (now.node[field] === base.node[field]) (changes as Record<string, unknown>)[field] = theirs.node[field];
      else if (now.node[field] !== theirs.node[field]) clashing.push(field);
    }
    if (clashing.length > 0) conflicts.push({ pageId, title: now.node.title, reason: 'fields', fields: clashing });
    const [b, o, t] = [base.node.documentHash, now.node.documentHash, theirs.node.documentHash];
    if (t !== b && o !== t) {
      if (o === b) changes.documentHash = t;
      else steps.push({ kind: 'merge-body', pageId, base: b, target: o, source: t });
    }
    if (Object.keys(changes).length > 0) steps.push({ kind: 'update', pageId, changes });
    if (moved(source, base, theirs)) {
      const ourParentMoved = now.parentPageId !== base.parentPageId;
      if (targetDeleted(theirs.parentPageId)) conflicts.push({ pageId, title: now.node.title, reason: 'parent-deleted' });
      else if (!ourParentMoved) {
        // The target moved it within the same parent too: its order stays; otherwise the source's place.
        if (!target.reordered.has(pageId) || theirs.parentPageId !== base.parentPageId) {
          moves.push({ kind: 'move', pageId, parentPageId: theirs.parentPageId, after: theirs.after });
        }
      } else if (now.parentPageId !== theirs.parentPageId) conflicts.push({ pageId, title: now.node.title, reason: 'moved' });
    }
  }
  // Parents before children (source order is not guaranteed): creates sorted so a parent comes first.
  return { steps: [...orderCreates(creates), ...steps, ...moves, ...deletes], conflicts };
}

function changedContent(base: PageVersion, side: PageVersion): boolean {
  return base.node.documentHash !== side.node.documentHash || MERGED_FIELDS.some((field) => base.node[field] !== side.node[field]);
}

function moved(diff: TreeDiff, base: PageVersion, side: PageVersion): boolean {
  return base.parentPageId !== side.parentPageId || diff.reordered.has(side.node.pageId);
}

function orderCreates(creates: MergeStep[]): MergeStep[] {
  const byId = new Map(creates.map((step) => [step.pageId, step]));
  const ordered: MergeStep[] = [];
  const done = new Set<string>();
  const visit = (step: MergeStep) => {
    if (done.has(step.pageId)) return;
    done.add(step.pageId);
    const parent = step.kind === 'create' ? step.version.parentPageId : null;
    const parentStep = parent ? byId.get(parent) : undefined;
    if (parentStep) visit(parentStep);
    ordered.push(step);
  };
  creates.forEach(visit);
  return ordered;
}
