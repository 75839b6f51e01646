import { defineOwn } from '@docs/platform';
import { type JSONDocument, slugifyHeading, tableRefValue, tableValueRef } from '@docs/document-model';

/** Where imported pages and files landed, by the key of their source URL. */
export interface ImportTargets {
  pages: Map<string, string>;
  files: Map<string, string>;
  /** Reusable contents by their key in the import (`ImportedReusableContent.key`). */
  reusableContents?: Map<string, string>;
}

/**
 * The key a source URL is known by: the decoded path of a file:/// URL (inside an archive),
 * origin + path of a web URL; a folder's index (`README.md`, `index.html`) and a trailing slash
 * fall away, so a link to a folder finds its page. Other URLs (data:) are their own key.
 */
export function sourceKey(url: URL): string {
  if (url.protocol !== 'file:' && url.protocol !== 'http:' && url.protocol !== 'https:') return url.href;
  let path = url.pathname;
  try {
    path = decodeURIComponent(path);
  } catch {
    // a malformed escape stays as written
  }
  path = path.replace(/\/(readme\.md|index\.html?)$/i, '').replace(/\/+$/, '');
  return url.protocol === 'file:' ? path : `${url.origin}${path}`;
}

/** The page a link points at, trying the extensions a markdown or HTML tree links without. */
function findPage(targets: ImportTargets, url: URL): string | undefined {
  const key = sourceKey(url);
  return targets.pages.get(key) ?? targets.pages.get(`${key}.md`) ?? targets.pages.get(`${key}.html`);
}

/**
 * Rewrites the URL references of an imported page's document (links, images, content-refs) that
 * point at another imported page or file into page, anchor and file references, resolving
 * relative URLs against the page's own source, and the import's keys of reusable contents into
 * their ids. Other references are left as they are.
 */
export function rewriteImportedRefs(document: JSONDocument, pageSource: string | null, targets: ImportTargets): JSONDocument {
  const base = pageSource ?? 'file:///';
  const visit = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(visit);
    if (!value || typeof value !== 'object') return value;
    const record = value as Record<string, unknown>;
    if (record.kind === 'url' && typeof record.url === 'string') return resolveRef(record.url, base, targets) ?? record;
    if (record.kind === 'reusable-content' && typeof record.reusableContent === 'string') {
      const id = targets.reusableContents?.get(record.reusableContent);
      if (id) return { ...record, reusableContent: id };
    }
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(record)) defineOwn(out, key, visit(child));
    // A table's reference values: bare or `{ref}` by what they became (see tableRefValue).
    if (record.type === 'table' && out.data && typeof out.data === 'object') {
      const data = out.data as { records?: Record<string, { values?: Record<string, unknown> }> };
      for (const row of Object.values(data.records ?? {})) {
        for (const [column, value] of Object.entries(row.values ?? {})) {
          const ref = tableValueRef(value);
          if (ref) row.values![column] = tableRefValue(ref);
        }
      }
    }
    return out;
  };
  return visit(document) as JSONDocument;
}

function resolveRef(raw: string, base: string, targets: ImportTargets): Record<string, unknown> | undefined {
  if (!raw || raw.startsWith('#')) return undefined;
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    return undefined;
  }
  const file = targets.files.get(sourceKey(url)) ?? targets.files.get(url.href);
  if (file) return { kind: 'file', file };
  const page = findPage(targets, url);
  if (!page) return undefined;
  const anchor = gitbookAnchor(decodeURIComponent(url.hash.slice(1)));
  return anchor ? { kind: 'anchor', page, anchor } : { kind: 'page', page };
}

/**
 * An anchor as GitBook writes it, in this platform's heading anchors: GitBook prefixes `id-` to
 * the anchor of a heading that starts with a digit and keeps its dots (`#id-6.-list-utxos` for
 * "6. List UTXOs"), which is `6-list-utxos` here. Any other anchor is kept as written.
 */
export function gitbookAnchor(anchor: string): string {
  return /^id-\d/.test(anchor) ? slugifyHeading(anchor.slice(3)) : anchor;
}
