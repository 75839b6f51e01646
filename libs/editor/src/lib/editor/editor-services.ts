import type { ContentRef } from '../model/content-ref';
import type { DocNode } from '../model/doc-node';

/** What the app gives the editor: uploads, what references name, the markdown converter. */
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
}
