import { posix } from 'node:path';
import type { PageTreeNode } from '../content-reads/content-reader.service';
import { slugFromTitle } from '../pages/page-slugs';

/**
 * Where one item of a space was last written as a file (by a Git import or export): what lets the
 * next export keep a file where it is, however its name was spelled (`developers.md` for a page
 * whose slug came from its title, `untitled (1).md`, `LICENSE` outside `.gitbook/assets`).
 */
export interface RecordedPath {
  kind: RecordedKind;
  /** The page, group, file or reusable content id; the kind's name for the singletons. */
  itemId: string;
  /** Relative to the content root (`README.md`, `guides/setup.md`; a group's folder). */
  path: string;
  /** Pages: the parent page (or group) id when recorded (null: the top level). */
  parentId: string | null;
  /** Pages: the slug when recorded; files: the file name; includes: the title. */
  name: string | null;
}

export const RECORDED_KINDS = ['page', 'file', 'include', 'readme', 'summary', 'vars', 'config'] as const;
export type RecordedKind = (typeof RECORDED_KINDS)[number];

/** Where each item of a revision goes, relative to the content root. */
export interface ExportLayout {
  /** The first page's file (`structure.readme`). */
  readme: string;
  /** The table of contents (`structure.summary`). */
  summary: string;
  /** Document pages: their file; groups: `file` null, `folder` where their pages go. Link pages are absent (SUMMARY.md only). */
  pages: Map<string, { file: string | null; folder: string }>;
  /** Files by file id: `.gitbook/assets/<name>` unless recorded elsewhere. */
  files: Map<string, string>;
  /** Reusable contents by id: `.gitbook/includes/<slug>.md` unless recorded elsewhere. */
  includes: Map<string, string>;
  /** The space's variables (GitBook's `.gitbook/vars.yaml`). */
  vars: string;
}

export interface LayoutInput {
  pages: readonly PageTreeNode[];
  files: readonly { fileId: string; name: string }[];
  reusableContents: readonly { id: string; title: string }[];
  recorded?: readonly RecordedPath[];
}

export const DEFAULT_README = 'README.md';
export const DEFAULT_SUMMARY = 'SUMMARY.md';
export const ASSETS_FOLDER = '.gitbook/assets';
export const INCLUDES_FOLDER = '.gitbook/includes';
export const VARS_FILE = '.gitbook/vars.yaml';
export const LAYOUT_FILE = '.gitbook.yaml';

/** Names equal but for case collide on macOS and Windows checkouts: paths are compared folded. */
const fold = (path: string) => path.toLowerCase();

/**
 * GitBook's Git Sync layout of a revision. The first document page is the readme; every other
 * document page is `<folder>/<slug>.md`, or `<folder>/<slug>/README.md` when it has pages under
 * it, `<folder>` being its parent's folder (a group's folder is its slug). Files go under
 * `.gitbook/assets`, reusable contents under `.gitbook/includes`.
 *
 * A page keeps the path it was last synced at (`recorded`) while it stays where it was: same
 * parent, same slug, and its parent kept its own path (a leaf that got pages keeps its file, its
 * pages go in the folder of the same name). Otherwise its path is derived anew, and so are its
 * descendants'. Paths
 * never collide (a derived one gets `-2`, `-3`; a file name ` (1)`, ` (2)` as GitBook does).
 */
export function planExportLayout(input: LayoutInput): ExportLayout {
  const recorded = new Map<string, RecordedPath>();
  for (const entry of input.recorded ?? []) recorded.set(`${entry.kind}:${entry.itemId}`, entry);
  const readme = recorded.get('readme:readme')?.path ?? DEFAULT_README;
  const summary = recorded.get('summary:summary')?.path ?? DEFAULT_SUMMARY;
  const used = new Set<string>([fold(readme), fold(summary), fold(LAYOUT_FILE), fold(VARS_FILE)]);
  const usedFolders = new Set<string>();
  const layout: ExportLayout = { readme, summary, pages: new Map(), files: new Map(), includes: new Map(), vars: VARS_FILE };

  const first = firstDocument(input.pages);
  // Recorded paths claimed first, so that a derived path never takes a kept one.
  const kept = new Map<string, string>();
  const claim = (pages: readonly PageTreeNode[], parentId: string | null, parentKept: boolean) => {
    for (const page of pages) {
      if (page.type === 'link') continue;
      const entry = recorded.get(`page:${page.pageId}`);
      const keeps =
        parentKept &&
        page !== first &&
        entry !== undefined &&
        entry.parentId === parentId &&
        entry.name === page.slug &&
        entry.path !== '' &&
        !used.has(fold(entry.path));
      if (keeps && entry) {
        kept.set(page.pageId, entry.path);
        if (page.type === 'document') used.add(fold(entry.path));
        usedFolders.add(fold(page.type === 'group' ? entry.path : folderOfFile(entry.path, page.slug ?? 'page')));
      }
      // The first page's children follow its recorded folder (its file is always the readme); a
      // group that was never recorded (an import records files, a group has none) does not move
      // its pages' files.
      const unrecordedGroup = page.type === 'group' && entry === undefined && parentKept;
      claim(page.pages, page.pageId, keeps || unrecordedGroup || (page === first && parentKept));
    }
  };
  claim(input.pages, null, true);

  const place = (pages: readonly PageTreeNode[], folder: string) => {
    for (const page of pages) {
      if (page.type === 'link') continue;
      const slug = page.slug ?? 'page';
      let file: string | null;
      let own: string;
      const keptPath = kept.get(page.pageId);
      if (page === first) {
        file = readme;
        const recordedFolder = recorded.get(`page:${page.pageId}`)?.path;
        own = page.pages.length === 0 ? folder : recordedFolder && recordedFolder !== readme ? folderOfFile(recordedFolder, slug) : uniqueFolder(posix.join(folder, slug), usedFolders);
      } else if (keptPath !== undefined) {
        file = page.type === 'group' ? null : keptPath;
        own = page.type === 'group' ? keptPath : folderOfFile(keptPath, slug);
      } else if (page.type === 'group') {
        file = null;
        own = uniqueFolder(posix.join(folder, slug), usedFolders);
      } else {
        ({ file, folder: own } = derivePagePath(folder, slug, page.pages.length > 0, used, usedFolders));
      }
      layout.pages.set(page.pageId, { file, folder: own });
      place(page.pages, own);
    }
  };
  place(input.pages, '');

  for (const file of input.files) {
    const entry = recorded.get(`file:${file.fileId}`);
    if (entry && entry.name === file.name && !used.has(fold(entry.path))) {
      used.add(fold(entry.path));
      layout.files.set(file.fileId, entry.path);
    }
  }
  for (const file of input.files) {
    if (layout.files.has(file.fileId)) continue;
    layout.files.set(file.fileId, uniqueFileName(ASSETS_FOLDER, file.name, used));
  }
  for (const content of input.reusableContents) {
    const entry = recorded.get(`include:${content.id}`);
    if (entry && !used.has(fold(entry.path))) {
      used.add(fold(entry.path));
      layout.includes.set(content.id, entry.path);
    }
  }
  for (const content of input.reusableContents) {
    if (layout.includes.has(content.id)) continue;
    layout.includes.set(content.id, uniqueFileName(INCLUDES_FOLDER, `${slugFromTitle(content.title)}.md`, used));
  }
  return layout;
}

/** The first document page in reading order: the space's readme. */
export function firstDocument(pages: readonly PageTreeNode[]): PageTreeNode | undefined {
  for (const page of pages) {
    if (page.type === 'document') return page;
    if (page.type === 'group') {
      const inside = firstDocument(page.pages);
      if (inside) return inside;
    }
  }
  return undefined;
}

function isReadmeName(path: string): boolean {
  return /^readme\.md$/i.test(posix.basename(path));
}

/** Where a page's children go: the folder of its README, or a folder named as its file. */
function folderOfFile(path: string, slug: string): string {
  if (isReadmeName(path)) return posix.dirname(path) === '.' ? slug : posix.dirname(path);
  return path.replace(/\.(md|markdown)$/i, '');
}

function derivePagePath(folder: string, slug: string, hasChildren: boolean, used: Set<string>, usedFolders: Set<string>): { file: string; folder: string } {
  for (let n = 1; ; n++) {
    const name = n === 1 ? slug : `${slug}-${n}`;
    const own = posix.join(folder, name);
    const file = hasChildren ? posix.join(own, DEFAULT_README) : `${own}.md`;
    if (used.has(fold(file)) || (hasChildren && usedFolders.has(fold(own)))) continue;
    used.add(fold(file));
    usedFolders.add(fold(own));
    return { file, folder: own };
  }
}

function uniqueFolder(folder: string, usedFolders: Set<string>): string {
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? folder : `${folder}-${n}`;
    if (usedFolders.has(fold(candidate))) continue;
    usedFolders.add(fold(candidate));
    return candidate;
  }
}

/** `name`, or `name (1).ext`, `name (2).ext`, ...: GitBook's way with two files of one name. */
function uniqueFileName(folder: string, name: string, used: Set<string>): string {
  const dot = name.lastIndexOf('.');
  const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  for (let n = 0; ; n++) {
    const candidate = posix.join(folder, n === 0 ? name : `${stem} (${n})${extension}`);
    if (used.has(fold(candidate))) continue;
    used.add(fold(candidate));
    return candidate;
  }
}
