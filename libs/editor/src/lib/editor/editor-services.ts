import type { ContentRef } from '../model/content-ref';
import type { DocNode } from '../model/doc-node';

/** A page of the space, as the pickers list it (links, page links, buttons, mentions). */
export interface PageChoice {
  id: string;
  title: string;
  /** Its path in the space (`guides/install`): told apart from pages of the same title. */
  path: string;
}

/** A file of the space, as the link pickers list it. */
export interface FileChoice {
  id: string;
  name: string;
}

/** A member of the organization, as the `@` picker lists them for a mention. */
export interface MemberChoice {
  /** The member's user id (a mention's `{ kind: 'user', user }`). */
  id: string;
  name: string;
  email?: string;
}

/** What the app gives the editor: uploads, what references name, the markdown converter, what pickers list. */
export interface EditorServices {
  /** Stores a file of the space (an image dropped or pasted, a file block's file). */
  uploadFile?: (file: File) => Promise<{ fileId: string; url: string }>;
  /** The title (and address) of what a reference points at: a page link, a content-ref card. */
  resolvePage?: (ref: ContentRef) => { title: string; href?: string } | undefined;
  /** The address of a file of the space, to show an image. */
  resolveFile?: (fileId: string) => string | undefined;
  /**
   * The shared markdown -> document converter (the one imports use), for pasted markdown and HTML;
   * a promise while the app is still loading it (the paste then lands once it has).
   */
  markdownToDocument?: (markdown: string) => DocNode | Promise<DocNode>;
  /** The space's pages (documents), for the link pickers. */
  listPages?: () => PageChoice[];
  /** The space's files, for the link pickers. */
  listFiles?: () => FileChoice[];
  /** The organization's members, for mentions (`@`). */
  listMembers?: () => MemberChoice[];
}
