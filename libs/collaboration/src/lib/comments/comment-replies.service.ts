import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Caller } from '@docs/identity';
import { Clock, EventOutbox, ListEnvelope, newId, Paginator, preparedStatement, sortKey, SqlPool, toListEnvelope } from '@docs/platform';
import { DataSource, EntityManager } from 'typeorm';
import { BodyFormat, commentDocument } from './comment-body';
import { commentPermissions } from './comment-permissions';
import { CommentReactions, reactionChanges } from './comment-reactions';
import { REPLY_SELECT, replyRowFrom, ReplyRow } from './comment-rows';
import type { CommentSubject } from './comment-subject';
import { CommentThread, requireThreadLevel } from './comment-thread';
import { CommentPresenter } from './comment.presenter';
import { commentNotFound, CommentsService } from './comments.service';
import type { CommentReplyDto } from './dto/comment.dto';
import type { ListRepliesQueryDto } from './dto/comment-queries.dto';
import type { PostReplyDto } from './dto/post-reply.dto';
import type { UpdateReplyDto } from './dto/update-reply.dto';
import { MentionRecorder } from './mention-recorder';

const REPLY_BY_ID = preparedStatement('collaboration_comment_reply', `${REPLY_SELECT} WHERE r.thread_key = $1 AND r.comment_id = $2 AND r.id = $3`);

/**
 * Replies of a comment: post, list (oldest first, as a thread reads), get, update (body by its
 * author, reactions), delete. The comment's `replies` follows in the same transaction (trigger).
 */
@Injectable()
export class CommentRepliesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly sql: SqlPool,
    private readonly paginator: Paginator,
    private readonly clock: Clock,
    private readonly comments: CommentsService,
    private readonly presenter: CommentPresenter,
    private readonly reactions: CommentReactions,
    private readonly mentions: MentionRecorder,
    private readonly events: EventOutbox,
  ) {}

  async post(thread: CommentThread, caller: Caller, commentId: string, input: PostReplyDto, format: BodyFormat = 'markdown'): Promise<CommentReplyDto> {
    const document = commentDocument(input.body);
    await this.comments.find(thread, commentId);
    requireThreadLevel(thread, 'comment', 'reply to comments');
    const mentions = await this.mentions.find(thread, document);
    const id = newId();
    await this.dataSource.transaction(async (tx) => {
      // The comment's row carries `replies`: locked first, in the mode its update needs; a
      // comment deleted meanwhile is a 404.
      await lockComment(tx, thread, commentId);
      const now = this.clock.now();
      await tx.query(
        `INSERT INTO comment_replies (id, comment_id, space_id, thread_key, posted_by, body, posted_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [id, commentId, thread.spaceId, thread.key, caller.userId, mentions.document, now],
      );
      await this.mentions.record(tx, subjectOf(thread, commentId, id), mentions.userIds, now, false);
      await this.events.emit(tx, {
        type: 'comment_replied',
        organizationId: thread.organizationId,
        actor: caller.userId,
        payload: { spaceId: thread.spaceId, commentId, replyId: id, ...(thread.changeRequestId ? { changeRequestId: thread.changeRequestId } : {}) },
      });
    });
    return this.get(thread, caller, commentId, id, format);
  }

  async list(thread: CommentThread, caller: Caller, commentId: string, query: ListRepliesQueryDto): Promise<ListEnvelope<CommentReplyDto>> {
    const { comment } = await this.comments.find(thread, commentId);
    const page = await this.paginator.paginateSql(
      {
        name: 'collaboration_list_replies',
        sql: `${REPLY_SELECT} WHERE r.comment_id = $1`,
        values: [comment.id],
        item: replyRowFrom,
        // The comment's own counter, read with the page.
        countSql: 'SELECT replies FROM comments WHERE id = $1',
        count: async () => (await this.comments.find(thread, commentId)).comment.replies,
      },
      [sortKey<ReplyRow>('r.posted_at', 'ASC', 'timestamp', (row) => row.reply.postedAt), sortKey<ReplyRow>('r.id', 'ASC', 'text', (row) => row.reply.id)],
      { scope: ['comment-replies', thread.key, comment.id].join(':'), page: query.page, limit: query.limit },
    );
    const presented = await this.present(thread, caller, page.items, query.format ?? 'markdown');
    return toListEnvelope({ ...page, items: presented }, (item) => item);
  }

  async get(thread: CommentThread, caller: Caller, commentId: string, replyId: string, format: BodyFormat = 'markdown'): Promise<CommentReplyDto> {
    const [presented] = await this.present(thread, caller, [await this.find(thread, commentId, replyId)], format);
    return presented;
  }

  /** Body (its author) and reactions (comment level), together or not at all. */
  async update(thread: CommentThread, caller: Caller, commentId: string, replyId: string, input: UpdateReplyDto, format: BodyFormat = 'markdown'): Promise<CommentReplyDto> {
    const changes = reactionChanges(input.addedReactions, input.removedReactions);
    const document = input.body ? commentDocument(input.body) : undefined;
    const { reply } = await this.find(thread, commentId, replyId);
    const reacts = changes.added.length > 0 || changes.removed.length > 0;
    if (document || reacts) requireThreadLevel(thread, 'comment', document ? 'edit replies' : 'react to replies');
    if (document && reply.postedBy !== caller.userId) throw new ForbiddenException(`Only its author can change the body of reply ${replyId}.`);
    const mentions = document ? await this.mentions.find(thread, document) : undefined;
    if (document || reacts) {
      await this.dataSource.transaction(async (tx) => {
        const [current] = await tx.query(`SELECT 1 FROM comment_replies WHERE id = $1 AND comment_id = $2 FOR UPDATE`, [reply.id, commentId]);
        if (!current) throw replyNotFound(commentId, replyId);
        const now = this.clock.now();
        const subject = subjectOf(thread, commentId, reply.id);
        if (mentions) {
          await tx.query(`UPDATE comment_replies SET body = $2, edited_at = $3 WHERE id = $1`, [reply.id, mentions.document, now]);
          await this.mentions.record(tx, subject, mentions.userIds, now, true);
        }
        if (reacts) await this.reactions.apply(tx, subject, caller.userId, changes, now);
      });
    }
    return this.get(thread, caller, commentId, replyId, format);
  }

  /** Its author (with comment), or a space admin. */
  async remove(thread: CommentThread, caller: Caller, commentId: string, replyId: string): Promise<void> {
    const { reply } = await this.find(thread, commentId, replyId);
    if (!commentPermissions(thread.level, reply.postedBy === caller.userId).delete) {
      throw new ForbiddenException(`Only its author (with the comment level) or an admin of space ${thread.spaceId} can delete reply ${replyId}.`);
    }
    await this.dataSource.transaction(async (tx) => {
      const [, deleted] = (await tx.query(`DELETE FROM comment_replies WHERE id = $1 AND comment_id = $2`, [reply.id, commentId])) as [unknown, number];
      if (deleted === 0) throw replyNotFound(commentId, replyId);
    });
  }

  /** One reply of a comment of the thread; 404 when the thread has no such comment, or the comment no such reply. */
  async find(thread: CommentThread, commentId: string, replyId: string): Promise<ReplyRow> {
    const row = await this.sql.first<Record<string, any>>(REPLY_BY_ID, [thread.key, commentId, replyId]);
    if (row) return replyRowFrom(row);
    await this.comments.find(thread, commentId); // the comment's own 404 first
    throw replyNotFound(commentId, replyId);
  }

  private async present(thread: CommentThread, caller: Caller, rows: ReplyRow[], format: BodyFormat): Promise<CommentReplyDto[]> {
    if (rows.length === 0) return [];
    const reactions = await this.reactions.of(rows.map((row) => row.reply.id));
    const context = { thread, callerId: caller.userId, format, reactions, pages: new Map() };
    return rows.map((row) => this.presenter.reply(row, context));
  }
}

function subjectOf(thread: CommentThread, commentId: string, replyId: string): CommentSubject {
  return { commentId, replyId, spaceId: thread.spaceId };
}

async function lockComment(tx: EntityManager, thread: CommentThread, commentId: string): Promise<void> {
  const rows: unknown[] = await tx.query(`SELECT 1 FROM comments WHERE id = $1 AND thread_key = $2 FOR NO KEY UPDATE`, [commentId, thread.key]);
  if (rows.length === 0) throw commentNotFound(thread, commentId);
}

function replyNotFound(commentId: string, replyId: string): NotFoundException {
  return new NotFoundException(`Comment ${commentId} has no reply ${replyId}.`);
}
