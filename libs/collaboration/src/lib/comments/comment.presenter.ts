import { Injectable } from '@nestjs/common';
import type { PageSummary } from '@docs/content';
import type { JSONDocument } from '@docs/document-model';
import { UserDto, UserPresenter } from '@docs/identity';
import { PublicUrls } from '@docs/platform';
import { BodyFormat, presentBody } from './comment-body';
import { commentPermissions } from './comment-permissions';
import type { CommentRow, ReplyRow } from './comment-rows';
import type { CommentThread } from './comment-thread';
import type { CommentBodyAnswerDto, CommentDto, CommentReplyDto, CommentTargetPageDto, EmojiReactionDto } from './dto/comment.dto';

/** The `resolvedBy` id of a comment whose resolver's account is gone. */
export const DELETED_USER_ID = 'deleted-user';

/** What presenting comments of one thread to one caller needs beside their rows. */
export interface CommentContext {
  thread: CommentThread;
  callerId: string;
  format: BodyFormat;
  /** Reactions by comment or reply id (absent: none). */
  reactions: Map<string, EmojiReactionDto[]>;
  /** The pages the comments are on, as the thread's head has them now (absent: deleted since). */
  pages: Map<string, PageSummary>;
}

/** Comment and reply rows -> the reference's Comment and CommentReply, in one place. */
@Injectable()
export class CommentPresenter {
  constructor(
    private readonly urls: PublicUrls,
    private readonly users: UserPresenter,
  ) {}

  comment({ comment, author, resolver }: CommentRow, context: CommentContext): CommentDto {
    const { thread } = context;
    return {
      object: 'comment',
      id: comment.id,
      status: comment.status,
      body: presentBody(comment.body as unknown as JSONDocument, context.format) as CommentBodyAnswerDto,
      postedBy: this.users.present(author),
      postedAt: comment.postedAt.toISOString(),
      ...(comment.editedAt ? { editedAt: comment.editedAt.toISOString() } : {}),
      reactions: context.reactions.get(comment.id) ?? [],
      replies: comment.replies,
      target: {
        space: comment.spaceId,
        revision: comment.revisionId,
        ...(comment.changeRequestId ? { changeRequest: comment.changeRequestId } : {}),
        ...(comment.pageId ? { page: this.page(comment, context.pages.get(comment.pageId)) } : {}),
        ...(comment.nodeId ? { node: { id: comment.nodeId, ...(comment.nodePreview ? { preview: comment.nodePreview } : {}) } } : {}),
      },
      urls: { location: this.urls.api(...thread.path, comment.id) },
      permissions: commentPermissions(thread.level, comment.postedBy === context.callerId),
      ...(comment.status === 'resolved' && comment.resolvedAt
        ? { resolvedAt: comment.resolvedAt.toISOString(), resolvedBy: resolver ? this.users.present(resolver) : this.deletedUser() }
        : {}),
    };
  }

  reply({ reply, author }: ReplyRow, context: CommentContext): CommentReplyDto {
    return {
      object: 'comment-reply',
      id: reply.id,
      body: presentBody(reply.body as unknown as JSONDocument, context.format) as CommentBodyAnswerDto,
      postedBy: this.users.present(author),
      postedAt: reply.postedAt.toISOString(),
      ...(reply.editedAt ? { editedAt: reply.editedAt.toISOString() } : {}),
      reactions: context.reactions.get(reply.id) ?? [],
      urls: { location: this.urls.api(...context.thread.path, reply.commentId, 'replies', reply.id) },
      permissions: commentPermissions(context.thread.level, reply.postedBy === context.callerId),
    };
  }

  /**
   * Whoever resolved a comment and whose account was deleted since (the reference requires a
   * `resolvedBy` on every resolved comment): a placeholder that says so.
   */
  private deletedUser(): UserDto {
    return { object: 'user', id: DELETED_USER_ID, displayName: 'Deleted user', email: '', urls: { location: this.urls.api('v1/users', DELETED_USER_ID) } };
  }

  /**
   * `target.page`: the page as the head has it now; `outdated` once its body is not the one the
   * comment was posted on. A page a later revision deleted is given as recorded, outdated.
   */
  private page(comment: CommentRow['comment'], current: PageSummary | undefined): CommentTargetPageDto {
    if (!current) {
      return {
        id: comment.pageId as string,
        title: comment.pageTitle ?? '',
        ...(comment.pageEmoji ? { emoji: comment.pageEmoji } : {}),
        path: comment.pagePath ?? '',
        outdated: true,
        deleted: true,
      };
    }
    return {
      id: current.pageId,
      title: current.title,
      ...(current.emoji ? { emoji: current.emoji } : {}),
      createdAt: current.createdAt.toISOString(),
      updatedAt: current.updatedAt.toISOString(),
      path: current.path ?? '',
      outdated: current.documentHash !== comment.pageDocumentHash,
    };
  }
}
