import type { Variables } from '../reusable-contents/reusable-content-entry';

/**
 * What a source converter produces, before anything is written: a tree of pages with markdown
 * bodies and the files they use. Every page and file has a `source` URL (a `file:///path` inside
 * an archive, the fetched URL of a web page or image): a page's relative links and images are
 * resolved against its own `source`, and those that land on another imported page or file are
 * rewritten to page and file references when the import is written.
 */
export interface ImportedPage {
  title: string;
  /** Where the page came from (without fragment); null for pages made up (a folder without README). */
  source: string | null;
  /**
   * The body as markdown (GitBook's blocks allowed; '' for none), or how to read it when the page
   * is written (a zip's pages stay in the archive until then: an import never holds them all).
   */
  markdown: string | (() => Promise<string>);
  /**
   * The body exactly as its markdown file has it (without front matter and title heading, links
   * and includes as written): kept, so that the page reads back as its file while nothing changed
   * its rendering (`KeptPageSources`). Absent for pages not read from a markdown file.
   */
  sourceBody?: string | (() => Promise<string>);
  description?: string;
  /** GitBook's fields besides the body (front matter, an emoji before the title, the file's name as slug). */
  emoji?: string;
  hidden?: boolean;
  noIndex?: boolean;
  /** The page's own variables (front matter `vars`), checked. */
  variables?: Variables;
  /** The slug the page prefers: its file's (or a group's anchor's) name, GitBook's URL of the page. */
  slug?: string;
  /** `group`: a top-level heading of pages (SUMMARY.md's `##`); `link`: an external link in the tree. */
  type?: 'document' | 'group' | 'link';
  href?: string;
  children: ImportedPage[];
}

export interface ImportedFile {
  source: string;
  name: string;
  /** Its size, when known before reading. */
  size?: number;
  /** Its bytes: read when the import writes it (one file in memory at a time). */
  read(): Promise<Buffer>;
  /** Declared or guessed from the name; the bytes decide when recognised. */
  contentType?: string;
}

/**
 * A reusable content the source holds (a GitBook `{% include %}` file): pages embed it with
 * `{% include "ref:reusable-content/<key>" %}`, `key` being local to the import (the writer
 * gives each its id and rewrites the references).
 */
export interface ImportedReusableContent {
  key: string;
  title: string;
  /** Where it came from: its relative links resolve against it. */
  source: string;
  markdown: string;
}

export interface ImportedContent {
  pages: ImportedPage[];
  files: ImportedFile[];
  /** Included files (zip sources); absent: none. */
  reusableContents?: ImportedReusableContent[];
  /** The space's variables (GitBook's `.gitbook/vars.yaml`); absent: the source has none. */
  variables?: Variables;
  /** The source URL of its table of contents (a zip's `SUMMARY.md`, or the file `.gitbook.yaml` names). */
  summary?: string;
  /** Resources the source held that were looked at (pages, files, skipped entries). */
  totalResources: number;
  /** Releases what the files are still read from (an open archive); called once the import is written or failed. */
  close?(): void;
}

/** Number of pages of a tree. */
export function countPages(pages: readonly ImportedPage[]): number {
  return pages.reduce((sum, page) => sum + 1 + countPages(page.children), 0);
}
