import type { OpenApiDocument } from '../openapi/openapi-document';

/** Where a reference leads on the published site. */
export interface ResolvedLink {
  href: string;
  /** The target's own title (a page's, a space's), for links and cards that show it. */
  title?: string;
  /** A link leaving the site. */
  external?: boolean;
}

/** A file of the revision, as the site serves it. */
export interface FileView {
  url: string;
  name: string;
  contentType: string;
  size: number;
  width?: number | null;
  height?: number | null;
}

/** A reference of the content model (`data.ref` of links, files, images, content references...). */
export type ContentReference = { kind: string; [key: string]: unknown };

/**
 * What a document needs from its site to render, as plain lookups: the site server answers them
 * from data it loaded before rendering (the revision's tree, files, reusable contents and
 * variables, the visitor's claims), so rendering itself reads nothing.
 */
export interface DocumentContext {
  /** A reference as a link of the site; undefined when it leads nowhere the visitor may go (rendered as text). */
  link(ref: ContentReference): ResolvedLink | undefined;
  /** A file of the revision by id. */
  file(fileId: string): FileView | undefined;
  /** The body of a reusable content of the revision. */
  reusableContent(id: string): { object: 'document'; nodes: unknown[]; data?: unknown } | undefined;
  /** The value of an inline expression (variables: `space.vars.x`, `page.vars.x`); undefined when it has none. */
  expression(expression: string): string | undefined;
  /** Whether a conditional block (`if`) shows for this visitor. */
  condition(expression: string): boolean;
  /** A hosted OpenAPI specification by slug, parsed and dereferenced; undefined when not available. */
  openApi(spec: string): OpenApiDocument | undefined;
}

/** A context where nothing resolves: every reference renders as text (tests, previews). */
export const EMPTY_DOCUMENT_CONTEXT: DocumentContext = {
  link: (ref) => (ref.kind === 'url' && typeof ref.url === 'string' ? { href: ref.url, external: true } : undefined),
  file: () => undefined,
  reusableContent: () => undefined,
  expression: () => undefined,
  condition: () => false,
  openApi: () => undefined,
};
