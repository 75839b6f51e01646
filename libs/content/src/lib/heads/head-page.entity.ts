import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, Relation } from 'typeorm';
import { PageNodeEntity } from '../pages/page-node.entity';

/**
 * The index of a head's current tree (a space's current revision; a change request's head
 * later): one row per page, rewritten by each write for the pages it changes. It makes reading
 * one page of current content (by id or by path) a primary-key lookup at any size of space.
 * Revisions themselves never need it: it is derived from the head revision's tree.
 */
@Entity('head_pages')
@Index('head_pages_path_idx', ['headKey', 'path'], { unique: true })
@Index('head_pages_parent_idx', ['headKey', 'parentPageId'])
// The check of head_pages_node_fk when page nodes are deleted (space purges).
@Index('head_pages_node_idx', ['nodeId'])
export class HeadPageEntity {
  /** The head: a space id (its current content) or, later, a change request id. */
  @PrimaryColumn({ name: 'head_key', type: 'text', primaryKeyConstraintName: 'head_pages_pkey' })
  headKey: string;

  @PrimaryColumn({ name: 'page_id', type: 'text', primaryKeyConstraintName: 'head_pages_pkey' })
  pageId: string;

  @Column({ name: 'node_id', type: 'bigint' })
  nodeId: string;

  /** null: a top-level page. */
  @Column({ name: 'parent_page_id', type: 'text', nullable: true })
  parentPageId: string | null;

  /** The joined slugs from the top; null for link pages. */
  @Column({ type: 'text', nullable: true })
  path: string | null;

  @ManyToOne(() => PageNodeEntity)
  @JoinColumn({ name: 'node_id', foreignKeyConstraintName: 'head_pages_node_fk' })
  node?: Relation<PageNodeEntity>;
}
