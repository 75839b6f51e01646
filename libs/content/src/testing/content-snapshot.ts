import { createHash } from 'node:crypto';
import type { TestCaller } from '@docs/platform/testing';

interface Page {
  id: string;
  type: string;
  title: string;
  description?: string;
  href?: string;
  document?: unknown;
  pages?: Page[];
}

/** What a space holds, with ids replaced by what names them across spaces, so that two spaces compare. */
export interface ContentSnapshot {
  /** Pages in tree order: `title path` (titles from the top, joined by ` / `) -> what the page is. */
  pages: [string, { type: string; description?: string; href?: string; document?: unknown }][];
  /** File name -> SHA-256 of its bytes. */
  files: [string, string][];
  /** Reusable content title -> its body. */
  reusableContents: [string, unknown][];
}

/**
 * A space's content read over the API, comparable with another space's: page, file and reusable
 * content ids (which differ between spaces) are written as the title path of the page, the file's
 * name and the reusable content's title; block keys (`b0`, ... in document order) are dropped.
 */
export async function contentSnapshot(as: TestCaller, spaceId: string, base = `/v1/spaces/${spaceId}/content`): Promise<ContentSnapshot> {
  // Compared, not contract-checked (the reads' contract is tested where they are served): a
  // 1,000-page revision is slow to validate against the reference schema.
  const unchecked = { contract: () => [] };
  // Trees carry bodies only when asked (`format=document`); without it every document compares equal.
  const revision = (await as.get(base, { ...unchecked, query: { format: 'document' } })).body;
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
  const pages: ContentSnapshot['pages'] = flat.map(([page, name]) => [
    name,
    {
      type: page.type,
      ...(page.description ? { description: page.description } : {}),
      ...(page.href ? { href: page.href } : {}),
      ...(page.type === 'document' ? { document: normalize(requireBody(page, name)) } : {}),
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
  return { pages, files: downloads.sort(([a], [b]) => a.localeCompare(b)), reusableContents: reusableContents.sort(([a], [b]) => String(a).localeCompare(String(b))) };
}

/** A document page's body, which the snapshot must have: a tree read without bodies would make every page compare equal. */
function requireBody(page: Page, name: string): unknown {
  if (page.document === undefined) throw new Error(`content snapshot: page "${name}" came without its body`);
  return page.document;
}
