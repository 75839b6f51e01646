import { isDeepStrictEqual } from 'node:util';
import { defineOwn, ownValue } from '@docs/platform';
import type { TreeDiff } from '../merge/diff-trees';
import type { PageNodeInfo, PageVersion } from '../merge/page-version';

/**
 * What changed between two revisions, before presentation: the reference's semantic change
 * kinds, computed from a tree diff (which skips shared subtrees), the two file lists and the two
 * jsonb collections (reusable contents by entry id, variables by name, compared as JSON).
 */
export type PageChange =
  | { type: 'page_created' | 'page_deleted'; page: PageNodeInfo }
  | { type: 'page_edited'; before: PageNodeInfo; after: PageNodeInfo; fields: PageAttribute[] }
  | { type: 'page_moved'; page: PageNodeInfo; parentBefore: PageNodeInfo | null; parentAfter: PageNodeInfo | null };

/** The attributes the reference reports per page type (a change of `hidden` alone, say, has none: not reported). */
export type PageAttribute = 'title' | 'description' | 'slug' | 'emoji' | 'document' | 'target';
const ATTRIBUTES: Record<PageNodeInfo['type'], PageAttribute[]> = {
  document: ['title', 'description', 'slug', 'emoji', 'document'],
  group: ['title', 'emoji', 'slug'],
  link: ['title', 'emoji', 'target'],
};
const FIELD_OF: Record<PageAttribute, keyof PageNodeInfo> = {
  title: 'title',
  description: 'description',
  slug: 'slug',
  emoji: 'emoji',
  document: 'documentHash',
  target: 'href',
};

/** Page changes from a diff of `before` (base) to `after` (side), in the diff's order: created, edited, moved, deleted per page. */
export function pageChanges(diff: TreeDiff): PageChange[] {
  const changes: PageChange[] = [];
  const parentVersion = (pageId: string | null, side: 'before' | 'after'): PageNodeInfo | null => {
    if (pageId === null) return null;
    const version = side === 'before' ? diff.base.get(pageId) : diff.side.get(pageId);
    return version?.node ?? null;
  };
  for (const [pageId, after] of diff.side) {
    const before: PageVersion | undefined = diff.base.get(pageId);
    if (!before && after) changes.push({ type: 'page_created', page: after.node });
    else if (before && !after) changes.push({ type: 'page_deleted', page: before.node });
    else if (before && after) {
      const fields = ATTRIBUTES[after.node.type].filter((attribute) => before.node[FIELD_OF[attribute]] !== after.node[FIELD_OF[attribute]]);
      if (fields.length > 0) changes.push({ type: 'page_edited', before: before.node, after: after.node, fields });
      if (before.parentPageId !== after.parentPageId) {
        changes.push({ type: 'page_moved', page: after.node, parentBefore: parentVersion(before.parentPageId, 'before'), parentAfter: parentVersion(after.parentPageId, 'after') });
      }
    }
  }
  return changes;
}

/** A file entry as compared: its file id and what the reference shows of it. */
export interface FileVersion {
  fileId: string;
  name: string;
  contentType: string;
  size: number;
  width: number | null;
  height: number | null;
  blobHash: string;
}

export type FileChange =
  | { type: 'file_created' | 'file_deleted'; file: FileVersion }
  | { type: 'file_edited'; before: FileVersion; after: FileVersion };

/** File changes, given the entries only one of the revisions has (shared entries are identical). */
export function fileChanges(beforeOnly: FileVersion[], afterOnly: FileVersion[]): FileChange[] {
  const before = new Map(beforeOnly.map((file) => [file.fileId, file]));
  const after = new Map(afterOnly.map((file) => [file.fileId, file]));
  const changes: FileChange[] = [];
  for (const file of afterOnly) {
    const old = before.get(file.fileId);
    changes.push(old ? { type: 'file_edited', before: old, after: file } : { type: 'file_created', file });
  }
  for (const file of beforeOnly) if (!after.has(file.fileId)) changes.push({ type: 'file_deleted', file });
  return changes;
}

type Entry = Record<string, unknown>;
export type ReusableContentChange =
  | { type: 'reusable_content_created' | 'reusable_content_deleted'; entry: Entry }
  | { type: 'reusable_content_edited'; before: Entry; after: Entry };

/** Reusable contents compared by entry `id` and JSON equality (whatever an entry holds). */
export function reusableContentChanges(before: Entry[], after: Entry[]): ReusableContentChange[] {
  const idOf = (entry: Entry) => String(entry['id']);
  const old = new Map(before.map((entry) => [idOf(entry), entry]));
  const now = new Map(after.map((entry) => [idOf(entry), entry]));
  const changes: ReusableContentChange[] = [];
  for (const entry of after) {
    const previous = old.get(idOf(entry));
    if (!previous) changes.push({ type: 'reusable_content_created', entry });
    else if (!isDeepStrictEqual(previous, entry)) changes.push({ type: 'reusable_content_edited', before: previous, after: entry });
  }
  for (const entry of before) if (!now.has(idOf(entry))) changes.push({ type: 'reusable_content_deleted', entry });
  return changes;
}

/** Variables compared by name and JSON equality: `{name: {before?, after?}}` for each that changed; null when none did. */
export function variableChanges(before: Entry, after: Entry): Record<string, { before?: unknown; after?: unknown }> | null {
  const changed: Record<string, { before?: unknown; after?: unknown }> = {};
  for (const name of new Set([...Object.keys(before), ...Object.keys(after)])) {
    // Own fields only: a variable may be named `constructor` or `__proto__`.
    const [was, is] = [ownValue(before, name), ownValue(after, name)];
    if (isDeepStrictEqual(was, is)) continue;
    defineOwn(changed, name, { ...(Object.hasOwn(before, name) ? { before: was } : {}), ...(Object.hasOwn(after, name) ? { after: is } : {}) });
  }
  return Object.keys(changed).length > 0 ? changed : null;
}
