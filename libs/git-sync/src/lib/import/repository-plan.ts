import { newId } from '@docs/platform';
import {
  canonicalVariables,
  type FileEntryEntity,
  type ImportedContent,
  type ImportedFile,
  type ImportedPage,
  type PageTreeNode,
  planExportLayout,
  type RecordedPath,
  type ReusableContentEntry,
  slugOfPath,
  type SourceBody,
  sourceKey,
  type Variables,
  VARS_FILE,
} from '@docs/content';
import { posix } from 'node:path';
import type { TreeFile } from '../git/git-workspace';

/** A file of the previous sync (`space_export_files`): where an item was, and its blob then. */
export interface SyncedFile extends RecordedPath {
  oid: string | null;
}

/** What a page of the repository becomes. */
export interface PlannedPage {
  pageId: string;
  /** Already a page of the base revision (kept, updated, moved) or new. */
  existing: boolean;
  type: 'document' | 'group' | 'link';
  /** Where it came from, relative to the content root (document pages); a group's folder. */
  path: string | null;
  /** Its file did not change since the last sync: the base's page is taken as it is. */
  unchanged: boolean;
  fields: {
    title: string;
    emoji: string | null;
    description: string | null;
    hidden: boolean;
    noIndex: boolean;
    href: string | null;
    variables: string | null;
  };
  /**
   * The file's body as written (a document page read from a markdown file), kept beside the page
   * so that it reads back as its file while its rendering is unchanged (`KeptPageSources`).
   */
  sourceBody?: SourceBody;
  /** Kept body (unchanged pages) or the markdown to convert, with the URL its links resolve from. */
  body: { kind: 'keep'; documentHash: string | null } | { kind: 'convert'; markdown: () => Promise<string>; source: string | null } | { kind: 'none' };
  /** The slug a new page (or a renamed one) prefers: its file's name. */
  slug?: string;
  children: PlannedPage[];
}

export interface PlannedFile {
  fileId: string;
  path: string;
  /** The base's entry when the bytes did not change. */
  keepEntry?: string;
  file?: ImportedFile;
}

export interface PlannedInclude {
  id: string;
  path: string;
  keep?: ReusableContentEntry;
  title: string;
  markdown?: string;
  source?: string;
}

/** The repository's content as the space will hold it: ids matched with the base, what changed marked. */
export interface RepositoryPlan {
  pages: PlannedPage[];
  files: PlannedFile[];
  includes: PlannedInclude[];
  variables: Variables;
  /** Where each imported key (a source URL, an include key) landed: for the links of converted bodies. */
  targets: { pages: Map<string, string>; files: Map<string, string>; reusableContents: Map<string, string> };
}

export interface PlanInput {
  imported: ImportedContent;
  /** The repository's files under the content root, by path relative to it. */
  repoFiles: Map<string, TreeFile>;
  /** The previous sync's files (empty when there was none). */
  synced: readonly SyncedFile[];
  /** The revision the repository's changes apply to: the last synced one, else the space's current. */
  base: { tree: PageTreeNode[]; files: FileEntryEntity[]; reusableContents: ReusableContentEntry[]; variables: Variables };
}


/** The path inside the archive a `file:///` source URL names. */
export function sourcePath(source: string | null): string | null {
  if (!source?.startsWith('file:///')) return null;
  try {
    return decodeURIComponent(new URL(source).pathname.slice(1));
  } catch {
    return null;
  }
}

/** `file:///` URL of a path, as the importer names archive entries. */
export const archiveUrl = (path: string) => `file:///${path.split('/').map(encodeURIComponent).join('/')}`;

/**
 * Matches the repository's content with the base revision: a page keeps its id when it comes from
 * the file the previous sync wrote it to (or, on a first sync, the file an export would write it
 * to), also when Git renamed that file unchanged; a file whose blob did not change since the last
 * sync keeps the base's page (fields and body) as it is. Files and includes likewise by path.
 */
export async function planRepository(input: PlanInput): Promise<RepositoryPlan> {
  const { base, synced, repoFiles } = input;
  const basePages = new Map<string, PageTreeNode>();
  const walk = (pages: PageTreeNode[]) => pages.forEach((page) => (basePages.set(page.pageId, page), walk(page.pages)));
  walk(base.tree);

  // Where the base's items are: the last sync's records, or the layout an export would use.
  const records: readonly (RecordedPath & { oid?: string | null })[] =
    synced.length > 0 ? synced : recordsOfLayout(planExportLayout({ pages: base.tree, files: base.files, reusableContents: base.reusableContents }), base);
  const byPath = (kind: RecordedPath['kind']) => new Map(records.filter((r) => r.kind === kind).map((r) => [r.path, r]));
  const pageAt = byPath('page');
  const fileAt = byPath('file');
  const includeAt = byPath('include');
  const syncedOid = new Map(synced.map((entry) => [`${entry.kind}:${entry.itemId}`, entry.oid]));

  // Renames: a synced page file gone from the repository whose blob reappears at a new path.
  const vanished = new Map<string, RecordedPath>();
  for (const entry of pageAt.values()) if (!repoFiles.has(entry.path)) {
    const oid = syncedOid.get(`page:${entry.itemId}`);
    if (oid) vanished.set(oid, entry);
  }

  const used = new Set<string>();
  const targets: RepositoryPlan['targets'] = { pages: new Map(), files: new Map(), reusableContents: new Map() };
  const claim = (pageId: string | undefined, type: PlannedPage['type']): string | undefined => {
    if (!pageId || used.has(pageId)) return undefined;
    const page = basePages.get(pageId);
    if (!page || page.type !== type) return undefined;
    used.add(pageId);
    return pageId;
  };

  const plan = async (page: ImportedPage, topLevel: boolean): Promise<PlannedPage> => {
    const type = page.type === 'group' && !topLevel ? 'document' : (page.type ?? 'document');
    const path = type === 'document' ? sourcePath(page.source) : null;
    let pageId: string | undefined;
    let renamedFrom: RecordedPath | undefined;
    if (type === 'document' && path !== null) {
      pageId = claim(pageAt.get(path)?.itemId, type);
      if (!pageId) {
        const oid = repoFiles.get(path)?.oid;
        renamedFrom = oid ? vanished.get(oid) : undefined;
        pageId = claim(renamedFrom?.itemId, type);
        if (!pageId) renamedFrom = undefined;
      }
    } else if (type === 'group') {
      pageId = claim(groupOf(page, base.tree, pageAt, used), type);
    } else if (type === 'link') {
      pageId = claim([...basePages.values()].find((candidate) => candidate.type === 'link' && candidate.href === page.href && !used.has(candidate.pageId))?.pageId, type);
    }
    const existing = pageId !== undefined;
    const id = pageId ?? newId();
    if (page.source) targets.pages.set(sourceKey(new URL(page.source)), id);
    const children: PlannedPage[] = [];
    for (const child of page.children) children.push(await plan(child, false));
    const folder = type === 'group' ? commonFolder(children) : null;
    const current = existing ? basePages.get(id) : undefined;
    const oidNow = path !== null ? repoFiles.get(path)?.oid : undefined;
    const unchanged = !!current && path !== null && !renamedFrom && oidNow !== undefined && syncedOid.get(`page:${id}`) === oidNow;
    // An unchanged file is kept too: the page's rendering in the new revision decides whether it answers.
    const sourceBody = type === 'document' && page.sourceBody !== undefined ? { sourceBody: page.sourceBody } : {};
    if (unchanged && current) {
      return { pageId: id, existing, type, path, unchanged, fields: fieldsOf(current), ...sourceBody, body: { kind: 'keep', documentHash: current.documentHash }, children };
    }
    // What the layout says besides bodies (emoji, front matter, slugs) the importer read.
    const title = page.title;
    return {
      pageId: id,
      existing,
      type,
      path: path ?? folder,
      unchanged: false,
      fields: {
        title: title.slice(0, 256) || 'Untitled',
        emoji: page.emoji ?? null,
        description: page.description?.slice(0, 1024) ?? null,
        hidden: page.hidden === true,
        noIndex: page.noIndex === true,
        href: type === 'link' ? (page.href ?? null) : null,
        variables: type === 'document' && page.variables ? canonicalVariables(page.variables) : null,
      },
      ...sourceBody,
      body: type === 'document' ? { kind: 'convert', markdown: typeof page.markdown === 'string' ? async () => page.markdown as string : page.markdown, source: page.source } : { kind: 'none' },
      slug: !existing || renamedFrom ? (page.slug ?? (folder ? slugOfPath(folder, title) : undefined)) : undefined,
      children,
    };
  };
  const pages: PlannedPage[] = [];
  for (const page of input.imported.pages) pages.push(await plan(page, true));

  const usedFiles = new Set<string>();
  const baseFiles = new Map(base.files.map((file) => [file.fileId, file]));
  const files: PlannedFile[] = input.imported.files.flatMap((file): PlannedFile[] => {
    const path = sourcePath(file.source);
    if (path === null) return [];
    const recorded = fileAt.get(path);
    const known = recorded && !usedFiles.has(recorded.itemId) ? baseFiles.get(recorded.itemId) : undefined;
    const fileId = known?.fileId ?? newId();
    usedFiles.add(fileId);
    targets.files.set(sourceKey(new URL(file.source)), fileId);
    targets.files.set(new URL(file.source).href, fileId);
    const unchanged = known && syncedOid.get(`file:${fileId}`) === repoFiles.get(path)?.oid && known.name === posix.basename(path);
    return [unchanged ? { fileId, path, keepEntry: known.id } : { fileId, path, file }];
  });

  const baseIncludes = new Map(base.reusableContents.map((entry) => [entry.id, entry]));
  const includes: PlannedInclude[] = (input.imported.reusableContents ?? []).map((included) => {
    const path = sourcePath(included.source) ?? included.key;
    const known = includeAt.get(path);
    const keep = known ? baseIncludes.get(known.itemId) : undefined;
    const id = keep?.id ?? newId();
    targets.reusableContents.set(included.key, id);
    if (keep && syncedOid.get(`include:${id}`) === repoFiles.get(path)?.oid) return { id, path, keep, title: keep.title };
    return { id, path, title: included.title, markdown: included.markdown, source: included.source };
  });

  // The space's variables: `.gitbook/vars.yaml` as the importer read it, when it changed since the sync.
  let variables = base.variables;
  const varsFile = repoFiles.get(VARS_FILE);
  const syncedVars = synced.find((entry) => entry.kind === 'vars');
  if (varsFile && varsFile.oid !== syncedVars?.oid) variables = input.imported.variables ?? {};
  else if (!varsFile && syncedVars) variables = {};

  return { pages, files, includes, variables, targets };
}

/** The records an export of the base would make (first sync: no records yet). */
function recordsOfLayout(layout: ReturnType<typeof planExportLayout>, base: PlanInput['base']): RecordedPath[] {
  const records: RecordedPath[] = [];
  for (const [pageId, placed] of layout.pages) records.push({ kind: 'page', itemId: pageId, path: placed.file ?? placed.folder, parentId: null, name: null });
  for (const file of base.files) records.push({ kind: 'file', itemId: file.fileId, path: layout.files.get(file.fileId) as string, parentId: null, name: file.name });
  for (const entry of base.reusableContents) records.push({ kind: 'include', itemId: entry.id, path: layout.includes.get(entry.id) as string, parentId: null, name: entry.title });
  return records;
}

/** A base group for an imported group: the one whose recorded folder its pages are in, else the first of the same title. */
function groupOf(page: ImportedPage, tree: PageTreeNode[], pageAt: Map<string, RecordedPath>, used: Set<string>): string | undefined {
  const groups = tree.filter((candidate) => candidate.type === 'group' && !used.has(candidate.pageId));
  const firstPath = page.children.map((child) => sourcePath(child.source)).find((path): path is string => path !== null);
  const folder = firstPath?.split('/')[0];
  const byFolder = groups.find((group) => folder !== undefined && pageAt.get(folder)?.itemId === group.pageId);
  return (byFolder ?? groups.find((group) => group.title === page.title))?.pageId;
}

/** A group's folder: the first folder its pages' files share. */
function commonFolder(children: PlannedPage[]): string | null {
  const first = children.find((child) => child.path)?.path;
  return first && first.includes('/') ? first.split('/')[0] : null;
}

function fieldsOf(page: PageTreeNode): PlannedPage['fields'] {
  return { title: page.title, emoji: page.emoji, description: page.description, hidden: page.hidden, noIndex: page.noIndex, href: page.href, variables: page.variables };
}




