import stableStringify from 'fast-json-stable-stringify';
import type { PageType } from './page-node.entity';

/** The fields of a page node (everything but its id and children). */
export interface PageFields {
  type: PageType;
  title: string;
  slug: string | null;
  emoji: string | null;
  description: string | null;
  hidden: boolean;
  noIndex: boolean;
  href: string | null;
  documentHash: string | null;
  /** Its variables as canonical JSON (keys sorted, so equal maps compare equal as strings); null: none. */
  variables: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A `page_nodes` row as `pageNodeColumns` selects it (ids as text, snake_case as stored). */
export interface PageNodeRow {
  node_id: string;
  page_id: string;
  type: PageType;
  title: string;
  slug: string | null;
  emoji: string | null;
  description: string | null;
  hidden: boolean;
  no_index: boolean;
  href: string | null;
  document_hash: string | null;
  variables: Record<string, unknown> | null;
  children: string[];
  created_at: Date;
  updated_at: Date;
}

/** The columns of a `PageNodeRow`, read from the `page_nodes` rows aliased `alias`. */
export function pageNodeColumns(alias: string): string {
  const a = alias;
  return `${a}.id::text AS node_id, ${a}.page_id, ${a}.type, ${a}.title, ${a}.slug, ${a}.emoji, ${a}.description, ${a}.hidden,
  ${a}.no_index, ${a}.href, ${a}.document_hash, ${a}.variables, ${a}.children::text[] AS children, ${a}.created_at, ${a}.updated_at`;
}

export function pageFieldsOf(row: PageNodeRow): PageFields {
  return {
    type: row.type,
    title: row.title,
    slug: row.slug,
    emoji: row.emoji,
    description: row.description,
    hidden: row.hidden,
    noIndex: row.no_index,
    href: row.href,
    documentHash: row.document_hash,
    variables: canonicalVariables(row.variables),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** A page's variables as stored in `PageFields` (canonical JSON), null for none or an empty map. */
export function canonicalVariables(variables: Record<string, unknown> | null | undefined): string | null {
  return variables && Object.keys(variables).length > 0 ? stableStringify(variables) : null;
}
