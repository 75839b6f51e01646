import { BadRequestException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { BlobStore, PageSummaries, PageSummary, parseDocumentBytes } from '@docs/content';
import { emptyDocument, JSONDocument } from '@docs/document-model';
import type { Caller } from '@docs/identity';
import { Clock, composedStatement, EventOutbox, ListEnvelope, newId, Paginator, preparedStatement, sortKey, SqlPool, toListEnvelope } from '@docs/platform';
import { DataSource, EntityManager } from 'typeorm';
import { BodyFormat, commentDocument } from './comment-body';
import { findNode, nodePreview } from './comment-node';
import { commentPermissions } from './comment-permissions';
import { CommentReactions, reactionChanges } from './comment-reactions';
import { COMMENT_SELECT, commentRowFrom, CommentRow } from './comment-rows';
import type { CommentSubject } from './comment-subject';
import { CommentThread, requireThreadLevel } from './comment-thread';
import { CommentPresenter } from './comment.presenter';
import type { CommentDto } from './dto/comment.dto';
import type { ListCommentsQueryDto } from './dto/comment-queries.dto';
import type { PostCommentDto } from './dto/post-comment.dto';
import type { UpdateCommentDto } from './dto/update-comment.dto';
import { MentionRecorder } from './mention-recorder';

const COMMENT_BY_ID = preparedStatement('collaboration_comment', `${COMMENT_SELECT} WHERE c.thread_key = $1 AND c.id = $2`);

/** A thread's comment counters: what a list without page or author filter counts from. */
const THREAD_COUNT = {
  all: 'SELECT COALESCE((SELECT all_comments FROM comment_threads WHERE thread_key = $1), 0)',
  open: 'SELECT COALESCE((SELECT open_comments FROM comment_threads WHERE thread_key = $1), 0)',
  resolved: 'SELECT COALESCE((SELECT all_comments - open_comments FROM comment_threads WHERE thread_key = $1), 0)',
};

/**
 * Comments of a thread (a space's content, or a change request's): post, list, get, update
 * (body, resolution and reactions together or not at all), delete. Each move is one method and
 * one transaction; the counters (the thread's, `spaces.comments`, `change_requests.comments`,
 * `replies`) follow in that transaction by triggers (migration 1795350000000).
 */
@Injectable()
export class CommentsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly sql: SqlPool,
    private readonly paginator: Paginator,
    private readonly clock: Clock,
    private readonly presenter: CommentPresenter,
    private readonly reactions: CommentReactions,
    private readonly mentions: MentionRecorder,
    private readonly pages: PageSummaries,
    private readonly blobs: BlobStore,
    private readonly events: EventOutbox,
  ) {}

  async post(thread: CommentThread, caller: Caller, input: PostCommentDto, format: BodyFormat = 'markdown'): Promise<CommentDto> {
    const document = commentDocument(input.body);
    requireThreadLevel(thread, 'comment', 'post comments');
    const target = await this.target(thread, input.page, input.node);
    const mentions = await this.mentions.find(thread, document);
    const id = newId();
    await this.dataSource.transaction(async (tx) => {
      // The row the counters move on, locked first (as the trigger will need it): posts queue
      // here rather than upgrading a lock, and a space deleted meanwhile is a 404, not a
      // foreign key error.
      await lockThreadOwner(tx, thread);
      const now = this.clock.now();
      await tx.query(
        `INSERT INTO comments (id, organization_id, space_id, change_request_id, thread_key, posted_by, body, status, revision_id,
                               page_id, page_title, page_emoji, page_path, page_document_hash, node_id, node_preview, posted_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 'open', $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
        [
          id,
          thread.organizationId,
          thread.spaceId,
          thread.changeRequestId,
          thread.key,
          caller.userId,
          mentions.document,
          thread.revisionId,
          target.page?.pageId ?? null,
          target.page?.title ?? null,
          target.page?.emoji || null,
          target.page?.path ?? null,
          target.page?.documentHash ?? null,
          target.nodeId,
          target.nodePreview,
          now,
        ],
      );
      await this.mentions.record(tx, this.subject(thread, id), mentions.userIds, now, false);
      // Ids only: the body stays in the API, behind its read checks.
      await this.events.emit(tx, {
        type: 'comment_posted',
        organizationId: thread.organizationId,
        actor: caller.userId,
        payload: {
          spaceId: thread.spaceId,
          commentId: id,
          ...(thread.changeRequestId ? { changeRequestId: thread.changeRequestId } : {}),
          ...(target.page ? { pageId: target.page.pageId } : {}),
        },
      });
    });
    return this.get(thread, caller, id, format);
  }

  /**
   * Newest first (or oldest with `order=asc`) by `postedAt`, then id; keyset cursors bound to
   * the thread and the filters. One statement for the page and its count (the thread's counters
   * when neither page nor authors filter), one for the reactions, one for the pages commented on.
   */
  async list(thread: CommentThread, caller: Caller, query: ListCommentsQueryDto): Promise<ListEnvelope<CommentDto>> {
    const status = query.status ?? 'all';
    const authors = query.authors ? [...new Set(query.authors)] : undefined;
    const values: unknown[] = [thread.key];
    const where = ['c.thread_key = $1'];
    if (status !== 'all') where.push(`c.status = $${values.push(status)}`);
    if (query.targetPage) where.push(`c.page_id = $${values.push(query.targetPage)}`);
    if (authors) where.push(`c.posted_by = ANY($${values.push(authors)}::text[])`);
    const condition = where.join(' AND ');
    const filtered = query.targetPage !== undefined || authors !== undefined;
    const countSql = filtered ? `SELECT count(*)::int FROM comments c WHERE ${condition}` : THREAD_COUNT[status];
    const countValues = filtered ? values : [thread.key];
    const direction = query.order === 'asc' ? 'ASC' : 'DESC';
    const page = await this.paginator.paginateSql(
      {
        name: 'collaboration_list_comments',
        sql: `${COMMENT_SELECT} WHERE ${condition}`,
        values,
        item: commentRowFrom,
        countSql,
        count: async () => (await this.sql.first<{ count: number }>(composedStatement('collaboration_count_comments', `SELECT (${countSql}) AS count`), countValues))?.count ?? 0,
      },
      [
        sortKey<CommentRow>('c.posted_at', direction, 'timestamp', (row) => row.comment.postedAt),
        sortKey<CommentRow>('c.id', direction, 'text', (row) => row.comment.id),
      ],
      {
        scope: ['comments', thread.key, status, query.targetPage ?? '', (authors ?? []).join(','), direction].join(':'),
        page: query.page,
        limit: query.limit,
      },
    );
    const presented = await this.present(thread, caller, page.items, query.format ?? 'markdown');
    return toListEnvelope({ ...page, items: presented }, (item) => item);
  }

  async get(thread: CommentThread, caller: Caller, commentId: string, format: BodyFormat = 'markdown'): Promise<CommentDto> {
    const [presented] = await this.present(thread, caller, [await this.find(thread, commentId)], format);
    return presented;
  }

  /**
   * Body (its author), resolution and reactions (comment level), in any mix: every check first,
   * then one transaction, so a request either does all it asks or nothing.
   */
  async update(thread: CommentThread, caller: Caller, commentId: string, input: UpdateCommentDto, format: BodyFormat = 'markdown'): Promise<CommentDto> {
    const changes = reactionChanges(input.addedReactions, input.removedReactions);
    const document = input.body ? commentDocument(input.body) : undefined;
    const { comment } = await this.find(thread, commentId);
    const reacts = changes.added.length > 0 || changes.removed.length > 0;
    if (document || input.resolved !== undefined || reacts) {
      requireThreadLevel(thread, 'comment', document ? 'edit comments' : input.resolved !== undefined ? 'resolve or reopen comments' : 'react to comments');
    }
    if (document && comment.postedBy !== caller.userId) throw new ForbiddenException(`Only its author can change the body of comment ${commentId}.`);
    const mentions = document ? await this.mentions.find(thread, document) : undefined;
    if (document || input.resolved !== undefined || reacts) {
      await this.dataSource.transaction(async (tx) => {
        if (input.resolved !== undefined) await lockThreadOwner(tx, thread);
        const [current]: { status: string }[] = await tx.query(`SELECT status FROM comments WHERE id = $1 AND thread_key = $2 FOR UPDATE`, [
          comment.id,
          thread.key,
        ]);
        if (!current) throw commentNotFound(thread, commentId);
        const now = this.clock.now();
        const set: string[] = [];
        const values: unknown[] = [comment.id];
        if (mentions) set.push(`body = $${values.push(mentions.document)}`, `edited_at = $${values.push(now)}`);
        const resolves = input.resolved === true && current.status === 'open';
        if (resolves) {
          set.push(`status = 'resolved'`, `resolved_at = $${values.push(now)}`, `resolved_by = $${values.push(caller.userId)}`);
        } else if (input.resolved === false && current.status === 'resolved') {
          set.push(`status = 'open'`, 'resolved_at = NULL', 'resolved_by = NULL');
        }
        if (set.length > 0) await tx.query(`UPDATE comments SET ${set.join(', ')} WHERE id = $1`, values);
        const subject = this.subject(thread, comment.id);
        if (mentions) await this.mentions.record(tx, subject, mentions.userIds, now, true);
        if (reacts) await this.reactions.apply(tx, subject, caller.userId, changes, now);
        // Only the move from open to resolved: resolving a resolved comment changes nothing.
        if (resolves) {
          await this.events.emit(tx, {
            type: 'comment_resolved',
            organizationId: thread.organizationId,
            actor: caller.userId,
            payload: { spaceId: thread.spaceId, commentId: comment.id, ...(thread.changeRequestId ? { changeRequestId: thread.changeRequestId } : {}) },
          });
        }
      });
    }
    return this.get(thread, caller, commentId, format);
  }

  /** Deletes a comment with its replies, reactions and mentions (foreign keys): its author, or a space admin. */
  async remove(thread: CommentThread, caller: Caller, commentId: string): Promise<void> {
    const { comment } = await this.find(thread, commentId);
    const mayDelete = commentPermissions(thread.level, comment.postedBy === caller.userId).delete;
    if (!mayDelete) {
      throw new ForbiddenException(`Only its author (with the comment level) or an admin of space ${thread.spaceId} can delete comment ${commentId}.`);
    }
    await this.dataSource.transaction(async (tx) => {
      await lockThreadOwner(tx, thread);
      const [, deleted] = (await tx.query(`DELETE FROM comments WHERE id = $1 AND thread_key = $2`, [comment.id, thread.key])) as [unknown, number];
      if (deleted === 0) throw commentNotFound(thread, commentId);
    });
  }

  /** One comment of the thread with its users; 404 when the thread has no such comment. */
  async find(thread: CommentThread, commentId: string): Promise<CommentRow> {
    const row = await this.sql.first<Record<string, any>>(COMMENT_BY_ID, [thread.key, commentId]);
    if (!row) throw commentNotFound(thread, commentId);
    return commentRowFrom(row);
  }

  /** Rows -> Comments: their reactions and the pages they are on in two statements, whatever their number. */
  async present(thread: CommentThread, caller: Caller, rows: CommentRow[], format: BodyFormat): Promise<CommentDto[]> {
    if (rows.length === 0) return [];
    const pageIds = rows.map((row) => row.comment.pageId).filter((id): id is string => id !== null);
    const [reactions, pages] = await Promise.all([
      this.reactions.of(rows.map((row) => row.comment.id)),
      pageIds.length > 0 ? this.pages.inHead(thread.key, pageIds) : Promise.resolve(new Map<string, PageSummary>()),
    ]);
    const context = { thread, callerId: caller.userId, format, reactions, pages };
    return rows.map((row) => this.presenter.comment(row, context));
  }

  private subject(thread: CommentThread, commentId: string): CommentSubject {
    return { commentId, replyId: null, spaceId: thread.spaceId };
  }

  /** The page (and node) a new comment is on: 400 naming the field when the thread's content has no such page or node. */
  private async target(thread: CommentThread, pageId: string | undefined, nodeId: string | undefined) {
    if (nodeId !== undefined && pageId === undefined) throw new BadRequestException('node needs page: give the page the node is in');
    if (pageId === undefined) return { page: undefined, nodeId: null, nodePreview: null };
    const page = (await this.pages.inHead(thread.key, [pageId])).get(pageId);
    if (!page) throw new BadRequestException(`page: ${thread.label} has no page ${pageId}`);
    if (nodeId === undefined) return { page, nodeId: null, nodePreview: null };
    const node = findNode(await this.document(page), nodeId);
    if (!node) throw new BadRequestException(`node: page ${pageId} has no node ${nodeId}`);
    return { page, nodeId, nodePreview: nodePreview(node) };
  }

  private async document(page: PageSummary): Promise<JSONDocument> {
    if (!page.documentHash) return emptyDocument();
    const bytes = (await this.blobs.getMany([page.documentHash])).get(page.documentHash);
    return bytes ? parseDocumentBytes(bytes) : emptyDocument();
  }
}

/**
 * Locks the row whose counter a comment moves (the space's, or the change request's) in the
 * mode the trigger's update needs, before anything else of the write: every comment write then
 * takes its locks in one order (space, change request, comment, thread counters), the order
 * merges take too (space, then change request), so none waits on another in a cycle. A
 * change request's comment holds its space in KEY SHARE (its foreign key would take it anyway).
 * 404 when the row is gone (a space deleted meanwhile).
 */
export async function lockThreadOwner(tx: EntityManager, thread: CommentThread): Promise<void> {
  const owner = `No ${thread.changeRequestId ? 'change request' : 'space'} has the id ${thread.changeRequestId ?? thread.spaceId}.`;
  const space: unknown[] = await tx.query(
    `SELECT 1 FROM spaces WHERE id = $1 AND deleted_at IS NULL ${thread.changeRequestId ? 'FOR KEY SHARE' : 'FOR NO KEY UPDATE'}`,
    [thread.spaceId],
  );
  if (space.length === 0) throw new NotFoundException(owner);
  if (!thread.changeRequestId) return;
  const changeRequest: unknown[] = await tx.query(`SELECT 1 FROM change_requests WHERE id = $1 FOR NO KEY UPDATE`, [thread.changeRequestId]);
  if (changeRequest.length === 0) throw new NotFoundException(owner);
}

export function commentNotFound(thread: CommentThread, commentId: string): NotFoundException {
  return new NotFoundException(`${capitalize(thread.label)} has no comment ${commentId}.`);
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
