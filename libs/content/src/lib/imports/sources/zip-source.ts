import { BadRequestException } from '@nestjs/common';
import { posix } from 'node:path';
import { parse as parseYaml } from 'yaml';
import type { ImportedContent, ImportedFile, ImportedPage, ImportedReusableContent } from '../imported-content';
import { htmlToMarkdown } from './html-to-markdown';
import { frontMatterTitle, markdownPage, titleFromName } from './markdown-page';
import { parseSummary, SummaryEntry } from './summary';
import { openZipArchive, ZipFiles, ZipLimits } from './zip-entries';

const MARKDOWN = /\.(md|markdown)$/i;
const HTML = /\.html?$/i;
const SKIPPED = /(^|\/)(__MACOSX|\.git|node_modules)(\/|$)|(^|\/)\.DS_Store$/;
const INCLUDE = /\{%\s*include\s+["']([^"']+)["']\s*%\}/g;
const MAX_INCLUDE_DEPTH = 4;

/** The file:/// URL of a path inside the archive: pages and files are keyed by it. */
export const archiveUrl = (path: string) => `file:///${path.split('/').map(encodeURIComponent).join('/')}`;

interface Layout {
  root: string;
  readme: string;
  summary: string;
}

/**
 * A zip archive as pages and files. A GitBook layout is honoured: `.gitbook.yaml` (`root`,
 * `structure.readme`, `structure.summary`), `SUMMARY.md` for the tree, order and titles,
 * each file an `{% include %}` names a reusable content (`.gitbook/includes` is where GitBook keeps
 * them; one per file however many pages include it), files anywhere (the
 * `.gitbook/assets` folder included). Without a SUMMARY.md the folder tree is the page tree:
 * markdown and HTML files are pages, a folder's README.md is the folder's page.
 */
export async function zipContent(archivePath: string, limits: ZipLimits): Promise<ImportedContent> {
  const archive = await openZipArchive(archivePath, limits, (path) => !SKIPPED.test(path), holdsText);
  try {
    const { texts: files, assets, entries } = archive;
    const layout = readLayout(files);
    const inRoot = (path: string) => (layout.root ? path.startsWith(`${layout.root}/`) : true);
    const relative = (path: string) => (layout.root ? path.slice(layout.root.length + 1) : path);
    const rooted: ZipFiles = new Map([...files].filter(([path]) => inRoot(path)).map(([path, data]) => [relative(path), data]));

    const reader = new PageReader(rooted);
    const summary = rooted.get(layout.summary);
    const pages = summary ? reader.fromSummary(parseSummary(summary.toString('utf8')), layout) : reader.fromFolders(layout.readme);
    // Files stay in the archive until the import writes them, one at a time.
    const importedFiles: ImportedFile[] = [...assets]
      .filter(([path]) => inRoot(path) && !posix.basename(path).startsWith('.'))
      .map(([path, asset]) => ({ source: archiveUrl(relative(path)), name: posix.basename(path), size: asset.size, read: asset.read }));
    if (pages.length === 0) throw new BadRequestException('The zip archive holds no markdown or HTML page.');
    return { pages, files: importedFiles, reusableContents: reader.reusableContents, totalResources: entries, close: archive.close };
  } catch (error) {
    archive.close();
    throw error;
  }
}

/** Entries read into memory at once: pages (markdown, HTML) and the layout; the others are files. */
function holdsText(path: string): boolean {
  return MARKDOWN.test(path) || HTML.test(path) || posix.basename(path) === '.gitbook.yaml';
}

function readLayout(files: ZipFiles): Layout {
  const config = files.get('.gitbook.yaml');
  let data: { root?: unknown; structure?: { readme?: unknown; summary?: unknown } } = {};
  if (config) {
    try {
      data = (parseYaml(config.toString('utf8')) as typeof data) ?? {};
    } catch (error) {
      throw new BadRequestException(`.gitbook.yaml is not valid YAML: ${(error as Error).message}`);
    }
  }
  const clean = (value: unknown, fallback: string) => {
    const text = typeof value === 'string' ? posix.normalize(value.replace(/^\.?\/+/, '')).replace(/\/+$/, '') : fallback;
    if (text.startsWith('..') || posix.isAbsolute(text)) throw new BadRequestException('.gitbook.yaml points outside the archive.');
    return text === '.' ? '' : text;
  };
  return {
    root: clean(data.root, ''),
    readme: clean(data.structure?.readme, 'README.md'),
    summary: clean(data.structure?.summary, 'SUMMARY.md'),
  };
}

class PageReader {
  /** The included files met so far, by path: each one reusable content. */
  private readonly includes = new Map<string, ImportedReusableContent>();

  constructor(private readonly files: ZipFiles) {}

  get reusableContents(): ImportedReusableContent[] {
    return [...this.includes.values()];
  }

  fromSummary(entries: SummaryEntry[], layout: Layout): ImportedPage[] {
    const base = posix.dirname(layout.summary);
    const listed = new Set<string>();
    const visit = (entry: SummaryEntry): ImportedPage => {
      const children = entry.children.map(visit);
      if (entry.path === undefined) return { title: entry.title, source: null, markdown: '', type: 'group', children };
      if (/^[a-z][a-z0-9+.-]*:/i.test(entry.path)) return { title: entry.title, source: null, markdown: '', type: 'link', href: entry.path, children: [] };
      const path = posix.normalize(posix.join(base === '.' ? '' : base, entry.path.split('#')[0]));
      listed.add(path);
      const page = this.files.has(path) ? this.page(path) : { title: entry.title, source: archiveUrl(path), markdown: '', children: [] };
      return { ...page, title: entry.title || page.title, children };
    };
    const pages = entries.map(visit);
    // The readme is the first page even when the summary forgets it.
    if (!listed.has(layout.readme) && this.files.has(layout.readme)) pages.unshift(this.page(layout.readme));
    // Groups only exist at the top level: a group heading with no pages is dropped.
    return pages.filter((page) => page.type !== 'group' || page.children.length > 0);
  }

  fromFolders(readme: string): ImportedPage[] {
    const tree = new Folder();
    // `.gitbook/` holds includes and assets, never pages.
    for (const path of this.files.keys()) if ((MARKDOWN.test(path) || HTML.test(path)) && !path.startsWith('.gitbook/')) tree.add(path.split('/'), path);
    return this.folderPages(tree, '', readme);
  }

  private folderPages(folder: Folder, prefix: string, readme: string): ImportedPage[] {
    const readmePath = prefix ? `${prefix}/README.md` : readme;
    const pages: ImportedPage[] = [];
    const names = [...folder.files.keys()].sort(naturalOrder);
    for (const name of names) {
      const path = folder.files.get(name) as string;
      if (path === readmePath || (prefix && /^readme\.md$/i.test(name))) continue;
      pages.push(this.page(path));
    }
    for (const [name, sub] of [...folder.folders].sort(([a], [b]) => naturalOrder(a, b))) {
      const subPrefix = prefix ? `${prefix}/${name}` : name;
      const children = this.folderPages(sub, subPrefix, readme);
      const subReadme = [...sub.files].find(([file]) => /^readme\.md$/i.test(file))?.[1];
      const page = subReadme ? this.page(subReadme) : { title: name, source: archiveUrl(`${subPrefix}/`), markdown: '', children: [] };
      pages.push({ ...page, children });
    }
    const rootReadme = !prefix ? folder.files.get(readme) ?? (this.files.has(readme) ? readme : undefined) : undefined;
    if (rootReadme) pages.unshift(this.page(rootReadme));
    return pages;
  }

  private page(path: string, fallbackTitle = defaultTitle(path)): ImportedPage {
    const text = this.text(path, 0);
    if (!HTML.test(path)) return markdownPage(text, fallbackTitle, archiveUrl(path));
    const html = htmlToMarkdown(text, archiveUrl(path));
    return markdownPage(html.markdown, html.title ?? fallbackTitle, archiveUrl(path));
  }

  /**
   * A file's text. In a page (depth 0) each `{% include %}` of a file of the archive becomes a
   * reference to its reusable content; inside an included file (a reusable content cannot embed
   * another) the included markdown is pasted in place, up to 4 levels. An include naming no file
   * of the archive stays as written.
   */
  private text(path: string, depth: number): string {
    const text = (this.files.get(path) as Buffer).toString('utf8');
    return text.replace(INCLUDE, (whole, target: string) => {
      const included = posix.normalize(posix.join(posix.dirname(path), target));
      if (depth >= MAX_INCLUDE_DEPTH || !this.files.has(included) || included === path) return whole;
      if (depth === 0) return `{% include "ref:reusable-content/${this.include(included).key}" %}`;
      return markdownPage(this.text(included, depth + 1), '', null).markdown.trim();
    });
  }

  /** The reusable content of an included file, made once whatever the number of pages including it. */
  private include(path: string): ImportedReusableContent {
    const known = this.includes.get(path);
    if (known) return known;
    // Its title: the front matter's `title` (GitBook's way), else a first heading, else the file name.
    const text = this.text(path, 1);
    const body = markdownPage(text, titleFromName(path), archiveUrl(path));
    const entry = { key: `include-${this.includes.size + 1}`, title: frontMatterTitle(text) ?? body.title, source: archiveUrl(path), markdown: body.markdown };
    this.includes.set(path, entry);
    return entry;
  }
}

class Folder {
  readonly files = new Map<string, string>();
  readonly folders = new Map<string, Folder>();

  add(parts: string[], path: string): void {
    if (parts.length === 1) {
      this.files.set(parts[0], path);
      return;
    }
    let sub = this.folders.get(parts[0]);
    if (!sub) this.folders.set(parts[0], (sub = new Folder()));
    sub.add(parts.slice(1), path);
  }
}

/** A README is named after its folder ("Introduction" at the root); any other file after itself. */
function defaultTitle(path: string): string {
  if (!/^readme\.md$/i.test(posix.basename(path))) return titleFromName(path);
  const folder = posix.dirname(path);
  return folder === '.' ? 'Introduction' : posix.basename(folder);
}

function naturalOrder(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' });
}
