import type { Node as PMNode } from '@tiptap/pm/model';
import { fromEditorDoc } from '../convert/from-editor-doc';
import type { ContentRef } from '../model/content-ref';
import { pageHeadings, PageHeading } from '../model/page-headings';
import type { EditorServices } from './editor-services';
import type { ChoiceSources } from './ref-choices';

const headingsByDoc = new WeakMap<PMNode, PageHeading[]>();

/** The headings of the page as it is in the editor now (read once per state of the document). */
export function headingsOf(doc: PMNode): PageHeading[] {
  let headings = headingsByDoc.get(doc);
  if (!headings) {
    headings = pageHeadings(fromEditorDoc(doc));
    headingsByDoc.set(doc, headings);
  }
  return headings;
}

export type ChoiceKind = keyof ChoiceSources;

/** What a picker lists: the app's pages, files and members, and the headings of this page. */
export function choiceSources(services: EditorServices, doc: PMNode, kinds: readonly ChoiceKind[]): ChoiceSources {
  return {
    pages: kinds.includes('pages') ? (services.listPages?.() ?? []) : undefined,
    headings: kinds.includes('headings') ? headingsOf(doc) : undefined,
    files: kinds.includes('files') ? (services.listFiles?.() ?? []) : undefined,
    members: kinds.includes('members') ? (services.listMembers?.() ?? []) : undefined,
  };
}

/** The name of what a reference points at, where the app knows it: a page's title, a file's name, a person's. */
export function nameOfRef(services: EditorServices, ref: ContentRef): string | undefined {
  switch (ref.kind) {
    case 'page':
      if (ref.space) return services.resolvePage?.(ref)?.title;
      return services.listPages?.().find((page) => page.id === ref.page)?.title ?? services.resolvePage?.(ref)?.title;
    case 'file':
      return services.listFiles?.().find((file) => file.id === ref.file)?.name;
    case 'user':
      return services.listMembers?.().find((member) => member.id === ref.user)?.name;
    default:
      return undefined;
  }
}
