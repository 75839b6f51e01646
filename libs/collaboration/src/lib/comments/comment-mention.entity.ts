import { SpaceEntity } from '@docs/content';
import { UserEntity } from '@docs/identity';
import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, Relation } from 'typeorm';
import { CommentReplyEntity } from './comment-reply.entity';
import { CommentEntity } from './comment.entity';

/**
 * A member mentioned by a comment (`replyId` null) or a reply, who could read the space when it
 * was written (mention-recorder.ts). `mentionedAt` is when the mention first appeared: an edit
 * keeps the rows of members still mentioned and adds or removes the others, so new rows are
 * new mentions (what notifications need).
 */
@Entity('comment_mentions')
@Index('comment_mentions_user_idx', ['userId', 'mentionedAt'])
@Index('comment_mentions_comment_idx', ['commentId'])
@Index('comment_mentions_reply_idx', ['replyId'])
@Index('comment_mentions_space_idx', ['spaceId'])
@Check('comment_mentions_subject_check', `subject_id = COALESCE(reply_id, comment_id)`)
export class CommentMentionEntity {
  @PrimaryColumn({ name: 'subject_id', type: 'text', primaryKeyConstraintName: 'comment_mentions_pkey' })
  subjectId: string;

  @PrimaryColumn({ name: 'user_id', type: 'text', primaryKeyConstraintName: 'comment_mentions_pkey' })
  userId: string;

  @Column({ name: 'comment_id', type: 'text' })
  commentId: string;

  @Column({ name: 'reply_id', type: 'text', nullable: true })
  replyId: string | null;

  @Column({ name: 'space_id', type: 'text' })
  spaceId: string;

  @Column({ name: 'mentioned_at', type: 'timestamptz', precision: 3 })
  mentionedAt: Date;

  @ManyToOne(() => CommentEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'comment_id', foreignKeyConstraintName: 'comment_mentions_comment_fk' })
  comment?: Relation<CommentEntity>;

  @ManyToOne(() => CommentReplyEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'reply_id', foreignKeyConstraintName: 'comment_mentions_reply_fk' })
  reply?: Relation<CommentReplyEntity>;

  @ManyToOne(() => SpaceEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'space_id', foreignKeyConstraintName: 'comment_mentions_space_fk' })
  space?: Relation<SpaceEntity>;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'comment_mentions_user_fk' })
  user?: Relation<UserEntity>;
}
