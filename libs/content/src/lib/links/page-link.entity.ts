import { Check, Column, Entity, Index, PrimaryColumn } from 'typeorm';

export const LINK_KINDS = ['url', 'page', 'path', 'file', 'space', 'other'] as const;
export type LinkKind = (typeof LINK_KINDS)[number];

/**
 * One link written in a page of a head, parsed from the page's document when its node is
 * written (`LinksIndexer`). `target_key` identifies what it points at (links are listed grouped
 * by it); the status is resolved on read, against the head's pages and the revision's files.
 */
@Entity('page_links')
@Check('page_links_kind_check', `kind IN ('url', 'page', 'path', 'file', 'space', 'other')`)
@Check('page_links_relation_check', `relation IN ('reference', 'dependsOn')`)
@Index('page_links_target_idx', ['headKey', 'targetKey', 'relation'])
@Index('page_links_page_target_idx', ['headKey', 'targetPage'])
@Index('page_links_path_target_idx', ['headKey', 'targetPath'])
@Index('page_links_file_target_idx', ['headKey', 'targetFile'])
// Backlinks from other spaces: links to a page of another space, by that space and page.
@Index('page_links_space_target_idx', ['targetSpace', 'targetPage'], { where: 'target_space IS NOT NULL' })
export class PageLinkEntity {
  @PrimaryColumn({ name: 'head_key', type: 'text', primaryKeyConstraintName: 'page_links_pkey' })
  headKey: string;

  /** The page the link is written in. */
  @PrimaryColumn({ name: 'page_id', type: 'text', primaryKeyConstraintName: 'page_links_pkey' })
  pageId: string;

  /** Its rank among the links of that page, in document order. */
  @PrimaryColumn({ type: 'integer', primaryKeyConstraintName: 'page_links_pkey' })
  seq: number;

  @Column({ type: 'text' })
  kind: LinkKind;

  @Column({ type: 'text' })
  relation: 'reference' | 'dependsOn';

  @Column({ name: 'target_key', type: 'text' })
  targetKey: string;

  /** kind page: the space of the page (this head's space for a page of the same space); kind space: the space. */
  @Column({ name: 'target_space', type: 'text', nullable: true })
  targetSpace: string | null;

  @Column({ name: 'target_page', type: 'text', nullable: true })
  targetPage: string | null;

  /** kind path: the page path the relative link resolves to from where its page is now. */
  @Column({ name: 'target_path', type: 'text', nullable: true })
  targetPath: string | null;

  /** kind path: the path as written (re-resolved when its page moves). */
  @Column({ name: 'raw_path', type: 'text', nullable: true })
  rawPath: string | null;

  @Column({ name: 'target_file', type: 'text', nullable: true })
  targetFile: string | null;

  /** An anchor of the target page. */
  @Column({ type: 'text', nullable: true })
  anchor: string | null;

  /** kind url: the URL; kind other: the reference as JSON. */
  @Column({ type: 'text', nullable: true })
  url: string | null;

  /** Where in its page the link is: the anchor of its section, the key of its block. */
  @Column({ name: 'location_anchor', type: 'text', nullable: true })
  locationAnchor: string | null;

  @Column({ name: 'location_node', type: 'text', nullable: true })
  locationNode: string | null;
}
