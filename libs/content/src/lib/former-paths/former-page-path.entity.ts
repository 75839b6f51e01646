import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, Relation } from 'typeorm';
import { SpaceEntity } from '../spaces/space.entity';

/**
 * A path a page of a space's current content had before it was renamed or moved
 * (`FormerPathsIndexer`): the published site answers it with a permanent redirect to the page's
 * path now. One row per path, naming the page (not the path it went to), so a chain of moves is
 * always one hop.
 */
@Entity('page_former_paths')
@Index('page_former_paths_page_idx', ['spaceId', 'pageId'])
export class FormerPagePathEntity {
  @PrimaryColumn({ name: 'space_id', type: 'text', primaryKeyConstraintName: 'page_former_paths_pkey' })
  spaceId: string;

  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'page_former_paths_pkey' })
  path: string;

  @Column({ name: 'page_id', type: 'text' })
  pageId: string;

  /** When the page left this path. */
  @Column({ name: 'moved_at', type: 'timestamptz', precision: 3 })
  movedAt: Date;

  @ManyToOne(() => SpaceEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'space_id', foreignKeyConstraintName: 'page_former_paths_space_fk' })
  space?: Relation<SpaceEntity>;
}
