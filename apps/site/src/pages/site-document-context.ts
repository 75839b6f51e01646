import type { FileEntryEntity, PageTreeNode, RevisionEntity } from '@docs/content';
import type { JSONDocument } from '@docs/document-model';
import type { ContentReference, DocumentContext, FileView, OpenApiDocument, ResolvedLink } from '@docs/site-renderer';
import type { SiteLinks, Variant } from '@docs/sites';
import { indexTree } from '@docs/sites';

/** What a page's document may point at, loaded before rendering (rendering reads nothing). */
export interface DocumentSources {
  links: SiteLinks;
  variant: Variant;
  /** The page rendered (relative links resolve from its path; `page.vars` are its variables). */
  page: PageTreeNode | undefined;
  revision: RevisionEntity;
  /** Trees of the spaces the document links to, by space id (the page's own included). */
  trees: Map<string, PageTreeNode[]>;
  files: FileEntryEntity[];
  /** Bodies of the revision's reusable contents, by reusable content id. */
  reusableContents: Map<string, JSONDocument>;
  openApi: Map<string, OpenApiDocument>;
  /** A conditional block's expression, for this visitor. */
  condition: (expression: string) => boolean;
}

/** A file's URL on the site: by id and content hash, so it can be cached for good. */
export function fileUrl(basePath: string, file: Pick<FileEntryEntity, 'fileId' | 'blobHash' | 'name'>): string {
  return `${basePath}/~site/files/${encodeURIComponent(file.fileId)}/${file.blobHash}/${encodeURIComponent(file.name)}`;
}

const VARIABLE = /^\s*(space|page)\.vars\.([A-Za-z_][A-Za-z0-9_]*)\s*$/;

/** A relative markdown link (`../guide/setup.md#install`) as the page path it names, from `fromPath`'s folder. */
export function resolveRelativePath(fromPath: string | null, url: string): { path: string; anchor?: string } | undefined {
  const [target, anchor] = url.split('#', 2);
  if (target === '') return undefined;
  const folder = (fromPath ?? '').split('/').slice(0, -1);
  const parts = target.startsWith('/') ? [] : [...folder];
  for (const segment of target.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (parts.length === 0) return undefined;
      parts.pop();
    } else parts.push(segment);
  }
  let path = parts.join('/');
  try {
    path = decodeURIComponent(path);
  } catch {
    return undefined;
  }
  path = path.replace(/(^|\/)README\.md$/i, '').replace(/\.md$/i, '');
  return { path, ...(anchor ? { anchor } : {}) };
}

/**
 * The lookups of a document on the published site (`DocumentContext`): links to pages (of this
 * space or another the visitor sees: its published URL; otherwise text), anchors, spaces, files
 * (served by the site), URLs (relative markdown paths resolved to pages), reusable contents,
 * variables and conditions.
 */
export function siteDocumentContext(sources: DocumentSources): DocumentContext {
  const { links, variant } = sources;
  const filesById = new Map(sources.files.map((file) => [file.fileId, file]));
  const pageLink = (spaceId: string | undefined, pageId: string | undefined, anchor?: string): ResolvedLink | undefined => {
    const target = spaceId && spaceId !== variant.siteSpace.spaceId ? links.variantOfSpace(spaceId, variant.section) : variant;
    if (!target) return undefined;
    const tree = sources.trees.get(target.siteSpace.spaceId);
    if (!tree) return undefined;
    const index = indexTree(tree);
    const page = pageId === undefined ? index.first : index.byId.get(pageId);
    if (pageId !== undefined && (!page || page.type === 'link')) return undefined;
    const url = page ? links.pageUrl(target, page.path ?? '', page === index.first) : target.url || '/';
    const samePage = page !== undefined && sources.page !== undefined && page.pageId === sources.page.pageId && target === variant;
    return { href: samePage && anchor ? `#${encodeURIComponent(anchor)}` : `${url}${anchor ? `#${encodeURIComponent(anchor)}` : ''}`, title: page?.title ?? variantTitleOf(target) };
  };
  return {
    link(ref: ContentReference): ResolvedLink | undefined {
      switch (ref.kind) {
        case 'page':
          return pageLink(ref.space as string | undefined, String(ref.page));
        case 'anchor':
          if (ref.page === undefined && ref.space === undefined) return { href: `#${encodeURIComponent(String(ref.anchor))}` };
          return pageLink(ref.space as string | undefined, ref.page === undefined ? undefined : String(ref.page), String(ref.anchor));
        case 'space':
          return pageLink(String(ref.space), undefined);
        case 'file': {
          const file = filesById.get(String(ref.file));
          return file ? { href: fileUrl(links.basePath, file), title: file.name } : undefined;
        }
        case 'url': {
          const url = String(ref.url ?? '');
          if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//')) return { href: url, external: true };
          if (url.startsWith('#')) return { href: url };
          const resolved = resolveRelativePath(sources.page?.path ?? null, url);
          if (!resolved) return undefined;
          const tree = sources.trees.get(variant.siteSpace.spaceId);
          const page = tree ? indexTree(tree).byPath.get(resolved.path) : undefined;
          return page ? pageLink(undefined, page.pageId, resolved.anchor) : undefined;
        }
        default:
          // Users, collections, reusable contents and specifications have no page on the site.
          return undefined;
      }
    },
    file(fileId: string): FileView | undefined {
      const file = filesById.get(fileId);
      if (!file) return undefined;
      return { url: fileUrl(links.basePath, file), name: file.name, contentType: file.contentType, size: file.size, width: file.width, height: file.height };
    },
    reusableContent: (id) => sources.reusableContents.get(id),
    expression(expression: string): string | undefined {
      const match = VARIABLE.exec(expression);
      if (!match) return undefined;
      const variables = match[1] === 'space' ? sources.revision.variables : sources.page?.variables ? (JSON.parse(sources.page.variables) as Record<string, unknown>) : {};
      const value = variables?.[match[2]];
      return value === undefined || value === null ? undefined : String(value);
    },
    condition: sources.condition,
    openApi: (slug) => sources.openApi.get(slug),
  };
}

const variantTitleOf = (variant: Variant) => variant.siteSpace.space?.title ?? variant.siteSpace.path;

/** The spaces a document links to (page, anchor and space references naming one), and the OpenAPI specs it names. */
export function documentReferences(documents: Iterable<JSONDocument>): { spaces: Set<string>; specs: Set<string> } {
  const spaces = new Set<string>();
  const specs = new Set<string>();
  const visit = (node: any) => {
    if (!node || typeof node !== 'object') return;
    const ref = node.data?.ref;
    if (ref && typeof ref === 'object') {
      if ((ref.kind === 'page' || ref.kind === 'anchor') && typeof ref.space === 'string') spaces.add(ref.space);
      if (ref.kind === 'space' && typeof ref.space === 'string') spaces.add(ref.space);
      if (ref.kind === 'openapi' && typeof ref.spec === 'string') specs.add(ref.spec);
    }
    // Table cells (cards) hold references in their records.
    const records = node.type === 'table' ? node.data?.records : undefined;
    if (records && typeof records === 'object') {
      for (const record of Object.values<any>(records)) {
        for (const value of Object.values<any>(record?.values ?? {})) {
          if (value && typeof value === 'object' && (value.kind === 'page' || value.kind === 'space') && typeof value.space === 'string') spaces.add(value.space);
        }
      }
    }
    for (const child of node.nodes ?? []) visit(child);
    for (const fragment of node.fragments ?? []) visit(fragment);
  };
  for (const document of documents) visit(document);
  return { spaces, specs };
}
