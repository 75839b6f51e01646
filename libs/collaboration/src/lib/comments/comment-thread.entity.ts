import { SpaceEntity } from '@docs/content';
import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, Relation } from 'typeorm';
import { ChangeRequestEntity } from '../change-requests/change-request.entity';

/**
 * Where comments are posted: a space's own content (`threadKey` = the space id) or one change
 * request (`threadKey` = its id): the key of the content head the comments talk about. Its
 * counters are kept by triggers on `comments` (migration 1795350000000), so a list's `count` is
 * one row whatever the number of comments.
 */
@Entity('comment_threads')
@Index('comment_threads_space_idx', ['spaceId'])
@Index('comment_threads_change_request_idx', ['changeRequestId'])
@Check('comment_threads_counts_check', `open_comments >= 0 AND all_comments >= open_comments`)
@Check('comment_threads_key_check', `thread_key = COALESCE(change_request_id, space_id)`)
export class CommentThreadEntity {
  @PrimaryColumn({ name: 'thread_key', type: 'text', primaryKeyConstraintName: 'comment_threads_pkey' })
  threadKey: string;

  @Column({ name: 'space_id', type: 'text' })
  spaceId: string;

  @Column({ name: 'change_request_id', type: 'text', nullable: true })
  changeRequestId: string | null;

  @Column({ name: 'all_comments', type: 'integer', default: 0 })
  allComments: number;

  @Column({ name: 'open_comments', type: 'integer', default: 0 })
  openComments: number;

  @ManyToOne(() => SpaceEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'space_id', foreignKeyConstraintName: 'comment_threads_space_fk' })
  space?: Relation<SpaceEntity>;

  @ManyToOne(() => ChangeRequestEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'change_request_id', foreignKeyConstraintName: 'comment_threads_change_request_fk' })
  changeRequest?: Relation<ChangeRequestEntity>;
}
