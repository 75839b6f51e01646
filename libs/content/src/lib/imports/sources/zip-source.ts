import { BadRequestException } from '@nestjs/common';
import { posix } from 'node:path';
import { parse as parseYaml } from 'yaml';
import type { ImportedContent, ImportedFile, ImportedPage, ImportedReusableContent } from '../imported-content';
import { htmlToMarkdown } from './html-to-markdown';
import { VARS_FILE } from '../../exports/export-layout';
import { groupHeading, readVariables, slugOfPath, splitEmoji } from './gitbook-metadata';
import { frontMatterTitle, markdownPage, titleFromName } from './markdown-page';
import { parseSummary, SummaryEntry } from './summary';
import { openZipArchive, ZipAsset, ZipLimits } from './zip-entries';

const MARKDOWN = /\.(md|markdown)$/i;
const HTML = /\.html?$/i;
const SKIPPED = /(^|\/)(__MACOSX|\.git|node_modules)(\/|$)|(^|\/)\.DS_Store$/;
const INCLUDE = /\{%\s*include\s+["']([^"']+)["']\s*%\}/g;
const MAX_INCLUDE_DEPTH = 4;
const LAYOUT_FILE = '.gitbook.yaml';
const INCLUDES_FOLDER = '.gitbook/includes/';
/** The space's variables: read, not imported as a file. */
const VARS = /(^|\/)\.gitbook\/vars\.yaml$/;

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
  // Page texts are held compressed, inflated when read; files stay in the archive (on disk).
  const archive = await openZipArchive(archivePath, limits, (path) => !SKIPPED.test(path), (path) => isPage(path) || path === LAYOUT_FILE || VARS.test(path));
  try {
    const { texts, assets } = archive;
    const config = texts.get(LAYOUT_FILE);
    const layout = readLayout(config ? await config.read() : undefined);
    const inRoot = (path: string) => (layout.root ? path.startsWith(`${layout.root}/`) : true);
    const rooted = <T>(files: Map<string, T>) =>
      [...files].filter(([path]) => inRoot(path)).map(([path, file]): [string, T] => [layout.root ? path.slice(layout.root.length + 1) : path, file]);

    const varsFile = rooted(texts).find(([path]) => path === VARS_FILE)?.[1];
    const variables = varsFile ? readVariables((await varsFile.read()).toString('utf8')) : undefined;
    const reader = new PageReader(new Map(rooted(texts).filter(([path]) => isPage(path))));
    const summary = await reader.read(layout.summary);
    const pages = summary !== undefined ? await reader.fromSummary(parseSummary(summary), layout) : await reader.fromFolders(layout.readme);
    // Every file of `.gitbook/includes` is a reusable content, as in GitBook, included or not.
    await reader.includeAll(INCLUDES_FOLDER);
    // Files are inflated one at a time when the import writes them.
    const importedFiles: ImportedFile[] = rooted(assets)
      .filter(([path]) => !posix.basename(path).startsWith('.') && path !== VARS_FILE)
      .map(([path, asset]) => ({ source: archiveUrl(path), name: posix.basename(path), size: asset.size, read: asset.read }));
    if (pages.length === 0) throw new BadRequestException('The zip archive holds no markdown or HTML page.');
    return {
      pages,
      files: importedFiles,
      reusableContents: reader.reusableContents,
      ...(variables ? { variables } : {}),
      ...(summary !== undefined ? { summary: archiveUrl(layout.summary) } : {}),
      totalResources: archive.entries,
      close: archive.close,
    };
  } catch (error) {
    archive.close();
    throw error;
  }
}

/** Markdown and HTML files are pages (SUMMARY.md and includes among them); the others are files. */
function isPage(path: string): boolean {
  return MARKDOWN.test(path) || HTML.test(path);
}

function readLayout(config: Buffer | undefined): Layout {
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

/**
 * Builds the page tree from the archive's page files. Each page is read (inflated, converted) once
 * here for its title, description and includes, and again when the import writes its body
 * (`markdown()`): an import holds the compressed texts, never every page's text or body at once.
 */
class PageReader {
  /** The included files met so far, by path: each one reusable content. */
  private readonly includes = new Map<string, ImportedReusableContent>();

  constructor(private readonly files: Map<string, ZipAsset>) {}

  get reusableContents(): ImportedReusableContent[] {
    return [...this.includes.values()];
  }

  /** A page file's text; undefined when the archive has no such file. */
  async read(path: string): Promise<string | undefined> {
    return (await this.files.get(path)?.read())?.toString('utf8');
  }

  async fromSummary(entries: SummaryEntry[], layout: Layout): Promise<ImportedPage[]> {
    const base = posix.dirname(layout.summary);
    const listed = new Set<string>();
    const visit = async (entry: SummaryEntry): Promise<ImportedPage> => {
      const children: ImportedPage[] = [];
      for (const child of entry.children) children.push(await visit(child));
      if (entry.path === undefined) {
        // GitBook writes a group's slug as an anchor after its title when the title does not give it.
        const heading = groupHeading(entry.title);
        return { ...titled(heading.title), source: null, markdown: '', type: 'group', ...(heading.slug ? { slug: heading.slug } : {}), children };
      }
      if (/^[a-z][a-z0-9+.-]*:/i.test(entry.path)) return { ...titled(entry.title), source: null, markdown: '', type: 'link', href: entry.path, children: [] };
      const path = posix.normalize(posix.join(base === '.' ? '' : base, entry.path.split('#')[0]));
      listed.add(path);
      const page = this.files.has(path) ? await this.page(path) : { title: entry.title, source: archiveUrl(path), markdown: '', slug: slugOfPath(path, entry.title), children: [] };
      // The summary's link text wins over the file's heading, its emoji with it.
      const { emoji: _headingEmoji, ...rest } = page;
      return entry.title ? { ...rest, ...titled(entry.title), children } : { ...page, children };
    };
    const pages: ImportedPage[] = [];
    for (const entry of entries) pages.push(await visit(entry));
    // The readme is the first page even when the summary forgets it.
    if (!listed.has(layout.readme) && this.files.has(layout.readme)) pages.unshift(await this.page(layout.readme));
    // Groups only exist at the top level: a group heading with no pages is dropped.
    return pages.filter((page) => page.type !== 'group' || page.children.length > 0);
  }

  async fromFolders(readme: string): Promise<ImportedPage[]> {
    const tree = new Folder();
    // `.gitbook/` holds includes and assets, never pages.
    for (const path of this.files.keys()) if (!path.startsWith('.gitbook/')) tree.add(path.split('/'), path);
    return this.folderPages(tree, '', readme);
  }

  private async folderPages(folder: Folder, prefix: string, readme: string): Promise<ImportedPage[]> {
    const readmePath = prefix ? `${prefix}/README.md` : readme;
    const pages: ImportedPage[] = [];
    const names = [...folder.files.keys()].sort(naturalOrder);
    for (const name of names) {
      const path = folder.files.get(name) as string;
      if (path === readmePath || (prefix && /^readme\.md$/i.test(name))) continue;
      pages.push(await this.page(path));
    }
    for (const [name, sub] of [...folder.folders].sort(([a], [b]) => naturalOrder(a, b))) {
      const subPrefix = prefix ? `${prefix}/${name}` : name;
      const children = await this.folderPages(sub, subPrefix, readme);
      const subReadme = [...sub.files].find(([file]) => /^readme\.md$/i.test(file))?.[1];
      const page = subReadme ? await this.page(subReadme) : { title: name, source: archiveUrl(`${subPrefix}/`), markdown: '', slug: slugOfPath(`${subPrefix}/README.md`, name), children: [] };
      pages.push({ ...page, children });
    }
    const rootReadme = !prefix ? folder.files.get(readme) ?? (this.files.has(readme) ? readme : undefined) : undefined;
    if (rootReadme) pages.unshift(await this.page(rootReadme));
    return pages;
  }

  /** A page's title, description and GitBook's fields now; its body read again when written. */
  private async page(path: string): Promise<ImportedPage> {
    const page = await this.convert(path);
    const sourceBody = HTML.test(path) ? {} : { sourceBody: async () => markdownPage((await this.read(path)) ?? '', defaultTitle(path), archiveUrl(path)).markdown };
    return { ...page, slug: slugOfPath(path, page.title), markdown: async () => (await this.convert(path)).markdown, ...sourceBody };
  }

  private async convert(path: string): Promise<ImportedPage & { markdown: string }> {
    const text = await this.text(path, 0);
    if (!HTML.test(path)) return markdownPage(text, defaultTitle(path), archiveUrl(path));
    const html = htmlToMarkdown(text, archiveUrl(path));
    return markdownPage(html.markdown, html.title ?? defaultTitle(path), archiveUrl(path));
  }

  /**
   * A file's text. In a page (depth 0) each `{% include %}` of a file of the archive becomes a
   * reference to its reusable content; inside an included file (a reusable content cannot embed
   * another) the included markdown is pasted in place, up to 4 levels. An include naming no file
   * of the archive stays as written.
   */
  private async text(path: string, depth: number): Promise<string> {
    const text = (await this.read(path)) as string;
    const replacements = new Map<string, string>();
    for (const [whole, target] of text.matchAll(INCLUDE)) {
      const included = posix.normalize(posix.join(posix.dirname(path), target));
      if (replacements.has(whole) || depth >= MAX_INCLUDE_DEPTH || !this.files.has(included) || included === path) continue;
      if (depth === 0) replacements.set(whole, `{% include "ref:reusable-content/${(await this.include(included)).key}" %}`);
      else replacements.set(whole, markdownPage(await this.text(included, depth + 1), '', null).markdown.trim());
    }
    return replacements.size === 0 ? text : text.replace(INCLUDE, (whole) => replacements.get(whole) ?? whole);
  }

  /** Every markdown file under `folder` as a reusable content (those already included keep theirs), in path order. */
  async includeAll(folder: string): Promise<void> {
    for (const path of [...this.files.keys()].filter((path) => path.startsWith(folder) && MARKDOWN.test(path)).sort()) await this.include(path);
  }

  /** The reusable content of an included file, made once whatever the number of pages including it. */
  private async include(path: string): Promise<ImportedReusableContent> {
    const known = this.includes.get(path);
    if (known) return known;
    // Its title: the front matter's `title` (GitBook's way), else a first heading, else the file name.
    const text = await this.text(path, 1);
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

/** A title as GitBook writes it, its emoji first: the title and the emoji apart. */
function titled(text: string): { title: string; emoji?: string } {
  const [emoji, title] = splitEmoji(text);
  return { title, ...(emoji ? { emoji } : {}) };
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
