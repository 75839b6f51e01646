import type { RevisionSemanticChange } from '../api/types';
import { list } from './merge-verdict';

/** The changes of one page, and where its text before and after comes from. */
export interface PageChanges {
  pageId: string;
  title: string;
  /** The page's path in the change request (absent once deleted). */
  path?: string;
  type: string;
  changes: RevisionSemanticChange[];
  /**
   * The body's markdown before and after when the changes carry it (`page_edited` of a document);
   * 'created' and 'deleted' say which side has no body; undefined when the body did not change.
   */
  text?: { before: string; after: string } | 'created' | 'deleted';
}

type PageChange = Extract<RevisionSemanticChange, { page: unknown }>;

/** The semantic changes grouped by page (in the API's order: tree order), and the others (files, reusable contents, variables). */
export function groupChanges(changes: RevisionSemanticChange[]): { pages: PageChanges[]; others: RevisionSemanticChange[] } {
  const pages = new Map<string, PageChanges>();
  const others: RevisionSemanticChange[] = [];
  for (const change of changes) {
    if (!('page' in change)) {
      others.push(change);
      continue;
    }
    const page = (change as PageChange).page;
    const group = pages.get(page.id) ?? { pageId: page.id, title: page.title, path: page.path, type: page.type, changes: [] };
    group.changes.push(change);
    if (change.type === 'page_created' && page.type === 'document') group.text = 'created';
    if (change.type === 'page_deleted' && page.type === 'document') group.text = 'deleted';
    if (change.type === 'page_edited' && 'document' in change.attributes && change.attributes.document) {
      group.text = { before: change.attributes.document.before ?? '', after: change.attributes.document.after ?? '' };
    }
    pages.set(page.id, group);
  }
  return { pages: [...pages.values()], others };
}

const ATTRIBUTE_WORDS: Record<string, string> = { title: 'title', description: 'description', slug: 'address (slug)', emoji: 'emoji', document: 'text', target: 'link target', cover: 'cover', layout: 'layout', variables: 'variables' };

/** One change in a sentence. */
export function describeChange(change: RevisionSemanticChange): string {
  switch (change.type) {
    case 'page_created':
      return 'Page added.';
    case 'page_deleted':
      return 'Page deleted.';
    case 'page_moved':
      return `Moved from ${change.parent.before?.title ?? 'the top level'} to ${change.parent.after?.title ?? 'the top level'}.`;
    case 'page_edited': {
      const attributes = change.attributes as Record<string, { before?: unknown; after?: unknown } | undefined>;
      const parts = Object.keys(attributes).filter((key) => attributes[key]);
      const title = attributes['title'];
      const renamed = title ? ` Title: “${String(title.before ?? '')}” → “${String(title.after ?? '')}”.` : '';
      return `Changed: ${list(parts.map((key) => ATTRIBUTE_WORDS[key] ?? key))}.${renamed}`;
    }
    case 'file_created':
      return `File added: ${change.file.name}.`;
    case 'file_edited':
      return `File changed: ${change.file.name} (${list(Object.keys(change.attributes))}).`;
    case 'file_deleted':
      return `File deleted: ${change.file.name}.`;
    case 'reusable_content_created':
      return `Reusable content added: ${change.reusableContent.title}.`;
    case 'reusable_content_edited':
      return `Reusable content changed: ${change.reusableContent.title}.`;
    case 'reusable_content_deleted':
      return `Reusable content deleted: ${change.reusableContent.title}.`;
    case 'variables_edited':
      return `Variables changed: ${list(Object.keys(change.variables))}.`;
  }
}
