import { UserEntity } from '@docs/identity';
import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, Relation } from 'typeorm';
import { SpaceEntity } from '../spaces/space.entity';

export const REVISION_TYPES = ['edits', 'merge', 'rollback', 'update', 'computed'] as const;
export type RevisionType = (typeof REVISION_TYPES)[number];

/**
 * One state of a space's content, immutable once written. Every space has one from its creation
 * (an empty initial revision). Its pages are a tree of shared `page_nodes` (`rootPages`, each
 * node listing its children), its files a list of shared `file_entries`.
 */
@Entity('revisions')
@Index('revisions_space_idx', ['spaceId', 'createdAt', 'id'])
// GIN (reusable_contents jsonb_path_ops) WHERE reusable_contents <> '[]': which revisions use a blob
// as a reusable content's body (space purges). TypeORM cannot describe it: the migration owns it.
@Index('revisions_reusable_documents_idx', { synchronize: false })
@Check('revisions_type_check', `type IN ('edits', 'merge', 'rollback', 'update', 'computed')`)
export class RevisionEntity {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'revisions_pkey' })
  id: string;

  @Column({ name: 'space_id', type: 'text' })
  spaceId: string;

  /** Ids of the revisions it derives from; [] for an initial revision. */
  @Column({ type: 'text', array: true, default: () => "'{}'" })
  parents: string[];

  @Column({ type: 'text', default: 'edits' })
  type: RevisionType;

  /** Who made it (null once that user is gone, or for the operator). */
  @Column({ name: 'created_by', type: 'text', nullable: true })
  createdBy: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', precision: 3 })
  createdAt: Date;

  /** Ids of the top-level page nodes, in order. */
  @Column({ name: 'root_pages', type: 'bigint', array: true, default: () => "'{}'" })
  rootPages: string[];

  /** Ids of the file entries it holds. */
  @Column({ type: 'bigint', array: true, default: () => "'{}'" })
  files: string[];

  /** The reference's RevisionReusableContent objects ({id, title, document: blob hash}: `ReusableContentEntry`). */
  @Column({ name: 'reusable_contents', type: 'jsonb', default: () => "'[]'" })
  reusableContents: Record<string, any>[];

  /** The reference's Variables (name -> string, number or boolean). */
  @Column({ type: 'jsonb', default: () => "'{}'" })
  variables: Record<string, any>;

  /** What the write that made it did, in a few words. */
  @Column({ type: 'text', nullable: true })
  message: string | null;

  @ManyToOne(() => SpaceEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'space_id', foreignKeyConstraintName: 'revisions_space_fk' })
  space?: Relation<SpaceEntity>;

  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'created_by', foreignKeyConstraintName: 'revisions_created_by_fk' })
  creator?: Relation<UserEntity>;
}
