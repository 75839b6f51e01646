import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A section of a page as search keeps it: what a result's `sections` are built from. */
export interface StoredSection {
  /** The heading's anchor; null for the text before the first heading. */
  anchor: string | null;
  title: string;
  /** The section's text, cut to a bounded length (excerpts are taken from it). */
  body: string;
}

/**
 * The search index of a head's current pages: one row per page, rewritten by each write for the
 * pages whose node changed (`SearchIndexer`). `tsv` weighs the title (A) over headings (B) over
 * the description and body (C); `config` is the text search configuration it was built with.
 */
@Entity('page_search')
@Index('page_search_tsv_idx', { synchronize: false })
export class PageSearchEntity {
  @PrimaryColumn({ name: 'head_key', type: 'text', primaryKeyConstraintName: 'page_search_pkey' })
  headKey: string;

  @PrimaryColumn({ name: 'page_id', type: 'text', primaryKeyConstraintName: 'page_search_pkey' })
  pageId: string;

  @Column({ name: 'node_id', type: 'bigint' })
  nodeId: string;

  @Column({ type: 'text' })
  config: string;

  @Column({ name: 'no_index', type: 'boolean' })
  noIndex: boolean;

  @Column({ type: 'text' })
  title: string;

  @Column({ type: 'jsonb' })
  sections: StoredSection[];

  /** Heading anchors of the page (links to `#anchor` are checked against them). */
  @Column({ type: 'text', array: true, default: () => "'{}'" })
  anchors: string[];

  @Column({ type: 'tsvector', select: false })
  tsv: string;

  /** One tsvector per section, in the order of `sections`. */
  @Column({ name: 'section_tsv', type: 'tsvector', array: true, select: false, default: () => "'{}'" })
  sectionTsv: string[];
}
