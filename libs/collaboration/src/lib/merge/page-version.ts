/** The fields of a page that a merge compares one by one (everything but its place, body and children). */
export const MERGED_FIELDS = ['type', 'title', 'slug', 'emoji', 'description', 'hidden', 'noIndex', 'href', 'variables'] as const;
export type MergedField = (typeof MERGED_FIELDS)[number];

/** One version of a page node, as the merge reads it. */
export interface PageNodeInfo {
  nodeId: string;
  pageId: string;
  type: 'document' | 'group' | 'link';
  title: string;
  slug: string | null;
  emoji: string | null;
  description: string | null;
  hidden: boolean;
  noIndex: boolean;
  href: string | null;
  documentHash: string | null;
  /** Its variables as canonical JSON (so that equal maps compare equal); null: none. */
  variables: string | null;
  /** Node ids of its children, in order. */
  children: string[];
}

/** A page as one side has it: its node, and where it sits (parent, the sibling just before it). */
export interface PageVersion {
  node: PageNodeInfo;
  parentPageId: string | null;
  /** The page just before it among its siblings; null: first. */
  after: string | null;
}

/** Loads page nodes by id (any order; every id must be found). */
export type NodeLoader = (nodeIds: string[]) => Promise<PageNodeInfo[]>;
