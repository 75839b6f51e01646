import type { DocNode } from '@docs/editor';

type Convert = (markdown: string) => DocNode;

let loaded: Convert | undefined;
let loading: Promise<Convert> | undefined;

/**
 * The shared markdown -> document converter (the one imports use: markdown-it, the HTML parser and
 * their entity tables), a chunk of its own: only pasting markdown or HTML needs it, so it stays
 * out of what opening a page downloads. Loaded once; a failed load is tried again next time.
 */
export function loadMarkdownConverter(): Promise<Convert> {
  loading ??= import('./markdown-to-document').then(
    (model) => (loaded = (markdown) => model.markdownToDocument(markdown) as unknown as DocNode),
    (error: Error) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Pasted markdown as a document: at once when the converter is loaded, else once it is. */
export function convertMarkdown(markdown: string): DocNode | Promise<DocNode> {
  return loaded ? loaded(markdown) : loadMarkdownConverter().then((convert) => convert(markdown));
}
