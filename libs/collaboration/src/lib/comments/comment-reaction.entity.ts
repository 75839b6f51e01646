import { SpaceEntity } from '@docs/content';
import { UserEntity } from '@docs/identity';
import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, Relation } from 'typeorm';
import { CommentReplyEntity } from './comment-reply.entity';
import { CommentEntity } from './comment.entity';

/**
 * One user's reaction with one emoji (canonical form, see reaction-emoji.ts) on a comment
 * (`replyId` null) or on a reply: `subjectId` is whichever it is on. The primary key makes a
 * second identical reaction impossible.
 */
@Entity('comment_reactions')
@Index('comment_reactions_comment_idx', ['commentId'])
@Index('comment_reactions_reply_idx', ['replyId'])
@Index('comment_reactions_space_idx', ['spaceId'])
@Check('comment_reactions_subject_check', `subject_id = COALESCE(reply_id, comment_id)`)
export class CommentReactionEntity {
  @PrimaryColumn({ name: 'subject_id', type: 'text', primaryKeyConstraintName: 'comment_reactions_pkey' })
  subjectId: string;

  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'comment_reactions_pkey' })
  emoji: string;

  @PrimaryColumn({ name: 'user_id', type: 'text', primaryKeyConstraintName: 'comment_reactions_pkey' })
  userId: string;

  @Column({ name: 'comment_id', type: 'text' })
  commentId: string;

  @Column({ name: 'reply_id', type: 'text', nullable: true })
  replyId: string | null;

  @Column({ name: 'space_id', type: 'text' })
  spaceId: string;

  @Column({ name: 'reacted_at', type: 'timestamptz', precision: 3 })
  reactedAt: Date;

  @ManyToOne(() => CommentEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'comment_id', foreignKeyConstraintName: 'comment_reactions_comment_fk' })
  comment?: Relation<CommentEntity>;

  @ManyToOne(() => CommentReplyEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'reply_id', foreignKeyConstraintName: 'comment_reactions_reply_fk' })
  reply?: Relation<CommentReplyEntity>;

  @ManyToOne(() => SpaceEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'space_id', foreignKeyConstraintName: 'comment_reactions_space_fk' })
  space?: Relation<SpaceEntity>;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'comment_reactions_user_fk' })
  user?: Relation<UserEntity>;
}
