import type { RevisionPage } from '../api/types';

/** The kinds of file the import API takes as the request body (`?source=`). */
export type ImportFileSource = 'zip' | 'markdown' | 'html' | 'docx';

/** What the API takes from a URL besides files: a website it crawls. */
export type ImportUrlSource = ImportFileSource | 'website';

const BY_EXTENSION: Record<string, ImportFileSource> = {
  zip: 'zip',
  md: 'markdown',
  markdown: 'markdown',
  html: 'html',
  htm: 'html',
  docx: 'docx',
};

const BY_MEDIA_TYPE: Record<string, ImportFileSource> = {
  'application/zip': 'zip',
  'application/x-zip-compressed': 'zip',
  'text/markdown': 'markdown',
  'text/x-markdown': 'markdown',
  'text/html': 'html',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
};

/** What a chosen file is, by its name's extension, else by the type the browser gives it; undefined when the API takes no such file. */
export function importSourceOfFile(name: string, mediaType = ''): ImportFileSource | undefined {
  const extension = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  return (extension && BY_EXTENSION[extension]) || BY_MEDIA_TYPE[mediaType.toLowerCase()] || undefined;
}

/** One page that came in, with its place in the tree. */
export interface ImportedPage {
  id: string;
  title: string;
  path?: string;
  depth: number;
  kind: string;
}

/**
 * The pages an import brought: those of the tree after it whose ids were not in the tree before
 * (an import appends after the existing top-level pages and never changes them), in tree order
 * with their depth.
 */
export function importedPages(before: readonly RevisionPage[], after: readonly RevisionPage[]): ImportedPage[] {
  const known = new Set<string>();
  const collect = (pages: readonly RevisionPage[]) => {
    for (const page of pages) {
      known.add(page.id);
      collect(childrenOf(page));
    }
  };
  collect(before);
  const found: ImportedPage[] = [];
  const walk = (pages: readonly RevisionPage[], depth: number) => {
    for (const page of pages) {
      const isNew = !known.has(page.id);
      if (isNew) found.push({ id: page.id, title: page.title || 'Untitled', path: 'path' in page ? page.path : undefined, depth, kind: page.type });
      walk(childrenOf(page), isNew ? depth + 1 : depth);
    }
  };
  walk(after, 0);
  return found;
}

function childrenOf(page: RevisionPage): RevisionPage[] {
  return 'pages' in page && Array.isArray(page.pages) ? (page.pages as RevisionPage[]) : [];
}

/** Bytes in a few characters: "812 B", "3.4 KB", "12.0 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
