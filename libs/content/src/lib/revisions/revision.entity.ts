import { UserEntity } from '@docs/identity';
import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, Relation } from 'typeorm';
import { SpaceEntity } from '../spaces/space.entity';

export const REVISION_TYPES = ['edits', 'merge', 'rollback', 'update', 'computed'] as const;
export type RevisionType = (typeof REVISION_TYPES)[number];

/**
 * One state of a space's content. Every space has one from its creation (an empty initial
 * revision); pages and files of later issues hang off a revision by its id.
 */
@Entity('revisions')
@Index('revisions_space_idx', ['spaceId', 'createdAt', 'id'])
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

  @ManyToOne(() => SpaceEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'space_id', foreignKeyConstraintName: 'revisions_space_fk' })
  space?: Relation<SpaceEntity>;

  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'created_by', foreignKeyConstraintName: 'revisions_created_by_fk' })
  creator?: Relation<UserEntity>;
}
