import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Relation } from 'typeorm';
import { ContentBlobEntity } from '../blobs/content-blob.entity';

export const PAGE_TYPES = ['document', 'group', 'link'] as const;
export type PageType = (typeof PAGE_TYPES)[number];

/**
 * One version of one page, with the identity of its subtree: `children` lists the ids of its
 * child nodes in order. Never updated. Changing a page writes a new node for it and for each of
 * its ancestors (whose `children` change); every other subtree stays shared by id between
 * revisions, heads and even spaces (duplicates). Node ids are bigints read as strings.
 */
@Entity('page_nodes')
// Who still uses a blob (space purges), and the foreign key's check when a blob is deleted.
@Index('page_nodes_document_idx', ['documentHash'], { where: 'document_hash IS NOT NULL' })
@Check('page_nodes_type_check', `type IN ('document', 'group', 'link')`)
export class PageNodeEntity {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'BY DEFAULT', primaryKeyConstraintName: 'page_nodes_pkey' })
  id: string;

  /** The page's identity, stable across its versions. */
  @Column({ name: 'page_id', type: 'text' })
  pageId: string;

  @Column({ type: 'text' })
  type: PageType;

  @Column({ type: 'text' })
  title: string;

  /** Unique among siblings; null for link pages (they have no path). */
  @Column({ type: 'text', nullable: true })
  slug: string | null;

  @Column({ type: 'text', nullable: true })
  emoji: string | null;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ type: 'boolean', default: false })
  hidden: boolean;

  @Column({ name: 'no_index', type: 'boolean', default: false })
  noIndex: boolean;

  /** The URL a link page points at. */
  @Column({ type: 'text', nullable: true })
  href: string | null;

  /** The body (canonical JSON of its JSONDocument); null: an empty document (or not a document page). */
  @Column({ name: 'document_hash', type: 'text', nullable: true })
  documentHash: string | null;

  @Column({ type: 'bigint', array: true, default: () => "'{}'" })
  children: string[];

  /** The page's own variables (the reference's `Variables`); null: none. */
  @Column({ type: 'jsonb', nullable: true })
  variables: Record<string, string | number | boolean> | null;

  /** When the page was first created (kept by every later version). */
  @Column({ name: 'created_at', type: 'timestamptz', precision: 3 })
  createdAt: Date;

  /** When the page's own content last changed (not its children). */
  @Column({ name: 'updated_at', type: 'timestamptz', precision: 3 })
  updatedAt: Date;

  @ManyToOne(() => ContentBlobEntity)
  @JoinColumn({ name: 'document_hash', foreignKeyConstraintName: 'page_nodes_document_fk' })
  document?: Relation<ContentBlobEntity>;
}
