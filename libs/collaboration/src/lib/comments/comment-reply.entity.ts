import { SpaceEntity } from '@docs/content';
import { UserEntity } from '@docs/identity';
import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, Relation } from 'typeorm';
import { CommentEntity } from './comment.entity';

/** A reply to a comment; its comment's `replies` counts it (trigger). */
@Entity('comment_replies')
@Index('comment_replies_list_idx', ['commentId', 'postedAt', 'id'])
@Index('comment_replies_author_idx', ['threadKey', 'postedBy'])
@Index('comment_replies_space_idx', ['spaceId'])
export class CommentReplyEntity {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'comment_replies_pkey' })
  id: string;

  @Column({ name: 'comment_id', type: 'text' })
  commentId: string;

  @Column({ name: 'space_id', type: 'text' })
  spaceId: string;

  /** Its comment's thread (the commenters list reads comments and replies by thread). */
  @Column({ name: 'thread_key', type: 'text' })
  threadKey: string;

  @Column({ name: 'posted_by', type: 'text' })
  postedBy: string;

  /** The reference's JSONDocument. */
  @Column({ type: 'jsonb' })
  body: Record<string, unknown>;

  @Column({ name: 'posted_at', type: 'timestamptz', precision: 3 })
  postedAt: Date;

  @Column({ name: 'edited_at', type: 'timestamptz', precision: 3, nullable: true })
  editedAt: Date | null;

  @ManyToOne(() => CommentEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'comment_id', foreignKeyConstraintName: 'comment_replies_comment_fk' })
  comment?: Relation<CommentEntity>;

  @ManyToOne(() => SpaceEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'space_id', foreignKeyConstraintName: 'comment_replies_space_fk' })
  space?: Relation<SpaceEntity>;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'posted_by', foreignKeyConstraintName: 'comment_replies_posted_by_fk' })
  author?: Relation<UserEntity>;
}
