import { createHash } from 'node:crypto';
import type { TestCaller } from '@docs/platform/testing';

interface Page {
  id: string;
  type: string;
  title: string;
  emoji?: string;
  slug?: string;
  path?: string;
  description?: string;
  hidden?: boolean;
  noIndex?: boolean;
  variables?: Record<string, unknown>;
  href?: string;
  pages?: Page[];
}

/** What a page is, apart from its id. */
export interface SnapshotPage {
  type: string;
  path?: string;
  emoji?: string;
  description?: string;
  hidden?: true;
  noIndex?: true;
  variables?: Record<string, unknown>;
  href?: string;
  document?: unknown;
}

/** What a space holds, with ids replaced by what names them across spaces, so that two spaces compare. */
export interface ContentSnapshot {
  /** Pages in tree order: `title path` (titles from the top, joined by ` / `) -> what the page is. */
  pages: [string, SnapshotPage][];
  /** File name -> SHA-256 of its bytes. */
  files: [string, string][];
  /** Reusable content title -> its body. */
  reusableContents: [string, unknown][];
  /** The revision's variables. */
  variables: Record<string, unknown>;
  /** The links report: how many links have each status. */
  links: Record<string, number>;
}

/** Page bodies read at once: the snapshot of a space of 1,000 pages stays a few seconds. */
const PARALLEL_READS = 8;

/**
 * A space's content read over the API, comparable with another space's (two imports of one source,
 * an export imported back): the tree (kinds, titles, paths, emoji, descriptions, visibility,
 * variables), every page's body as a document (read page by page: trees do not carry bodies),
 * the files' bytes, the reusable contents' bodies, the space's variables and the links report's
 * statuses. Page, file and reusable content ids (which differ between spaces) are written as the
 * title path of the page, the file's name and the reusable content's title; block keys (`b0`, ...
 * in document order) are dropped. `base`: the content to read (a revision's, a change request's).
 */
export async function contentSnapshot(as: TestCaller, spaceId: string, base = `/v1/spaces/${spaceId}/content`): Promise<ContentSnapshot> {
  // Compared, not contract-checked (the reads' contract is tested where they are served): a
  // 1,000-page revision is slow to validate against the reference schema.
  const unchecked = { contract: () => [] };
  // The tree without bodies (ids, titles, paths): each body is read with its page below.
  const revision = (await as.get(base, unchecked)).body;
  const pageNames = new Map<string, string>();
  const flat: [Page, string][] = [];
  const walk = (pages: Page[], prefix: string) => {
    for (const page of pages) {
      const name = prefix ? `${prefix} / ${page.title}` : page.title;
      pageNames.set(page.id, name);
      flat.push([page, name]);
      walk(page.pages ?? [], name);
    }
  };
  walk(revision.pages, '');
  const files = await as.all(`${base}/files`);
  const fileNames = new Map<string, string>(files.map((file: { id: string; name: string }) => [file.id, file.name]));
  const reusableNames = new Map<string, string>((revision.reusableContents ?? []).map((entry: { id: string; title: string }) => [entry.id, entry.title]));
  const normalize = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(normalize);
    if (!value || typeof value !== 'object') return value;
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value)) {
      if (key === 'key') continue;
      if (key === 'page' && typeof child === 'string') out[key] = `page:${pageNames.get(child) ?? child}`;
      else if (key === 'file' && typeof child === 'string') out[key] = `file:${fileNames.get(child) ?? child}`;
      else if (key === 'reusableContent' && typeof child === 'string') out[key] = `reusable:${reusableNames.get(child) ?? child}`;
      else out[key] = normalize(child);
    }
    return out;
  };

  const documents = new Map<string, unknown>();
  const queue = flat.filter(([page]) => page.type === 'document').map(([page]) => page.id);
  await Promise.all(
    Array.from({ length: PARALLEL_READS }, async () => {
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
        const read = await as.get(`${base}/page/${id}`, { query: { format: 'document' }, ...unchecked });
        if (read.status !== 200) throw new Error(`GET ${base}/page/${id} -> ${read.status}`);
        documents.set(id, read.body.document);
      }
    }),
  );
  const pages: ContentSnapshot['pages'] = flat.map(([page, name]) => [
    name,
    {
      type: page.type,
      ...(page.path ? { path: page.path } : {}),
      ...(page.emoji ? { emoji: page.emoji } : {}),
      ...(page.description ? { description: page.description } : {}),
      ...(page.hidden ? { hidden: true } : {}),
      ...(page.noIndex ? { noIndex: true } : {}),
      ...(page.variables && Object.keys(page.variables).length > 0 ? { variables: page.variables } : {}),
      ...(page.href ? { href: page.href } : {}),
      ...(page.type === 'document' ? { document: normalize(requireBody(documents.get(page.id), name)) } : {}),
    },
  ]);
  const downloads: [string, string][] = [];
  for (const file of files as { name: string; downloadURL: string }[]) {
    const url = new URL(file.downloadURL);
    const bytes = await as.get(`${url.pathname}${url.search}`);
    const data = Buffer.isBuffer(bytes.body) ? bytes.body : Buffer.from(bytes.text ?? '', 'utf8');
    downloads.push([file.name, createHash('sha256').update(data).digest('hex')]);
  }
  const reusableContents: [string, unknown][] = [];
  for (const entry of revision.reusableContents ?? []) {
    const document = await as.get(`/v1/spaces/${spaceId}/revisions/${revision.id}/reusable-contents/${entry.id}/document`, unchecked);
    reusableContents.push([entry.title, normalize(document.body)]);
  }
  const links: Record<string, number> = {};
  for (const link of await as.all<{ status: string }>(`/v1/spaces/${spaceId}/links`)) links[link.status] = (links[link.status] ?? 0) + 1;
  return {
    pages,
    files: downloads.sort(([a], [b]) => a.localeCompare(b)),
    reusableContents: reusableContents.sort(([a], [b]) => String(a).localeCompare(String(b))),
    variables: revision.variables ?? {},
    links,
  };
}

/** A document page's body, which the snapshot must have: a read without a body would make every page compare equal. */
function requireBody(document: unknown, name: string): unknown {
  if (document === undefined || document === null) throw new Error(`content snapshot: page "${name}" came without its body`);
  return document;
}
