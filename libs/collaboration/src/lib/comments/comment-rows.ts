import { UserEntity } from '@docs/identity';
import type { CommentEntity, CommentStatus } from './comment.entity';
import type { CommentReplyEntity } from './comment-reply.entity';

/**
 * The SQL that reads comments and replies with the users they name (author, resolver) in the
 * same statement, and the rows it returns: every read of a comment is one round trip for the
 * rows, whatever the page size.
 */

const userColumns = (alias: string, prefix: string) =>
  `${alias}.email AS ${prefix}_email, ${alias}.display_name AS ${prefix}_name, ${alias}.photo_url AS ${prefix}_photo, ${alias}.created_at AS ${prefix}_created`;

export const COMMENT_SELECT = `SELECT c.id, c.organization_id, c.space_id, c.change_request_id, c.thread_key, c.posted_by, c.body, c.status,
       c.resolved_at, c.resolved_by, c.replies, c.revision_id, c.page_id, c.page_title, c.page_emoji, c.page_path,
       c.page_document_hash, c.node_id, c.node_preview, c.posted_at, c.edited_at,
       ${userColumns('pu', 'author')}, ${userColumns('ru', 'resolver')}
  FROM comments c
  JOIN users pu ON pu.id = c.posted_by
  LEFT JOIN users ru ON ru.id = c.resolved_by`;

export const REPLY_SELECT = `SELECT r.id, r.comment_id, r.space_id, r.thread_key, r.posted_by, r.body, r.posted_at, r.edited_at,
       ${userColumns('pu', 'author')}
  FROM comment_replies r
  JOIN users pu ON pu.id = r.posted_by`;

/** A comment as read, with its author (and resolver, while they exist). */
export interface CommentRow {
  comment: CommentEntity;
  author: UserEntity;
  resolver?: UserEntity;
}

export interface ReplyRow {
  reply: CommentReplyEntity;
  author: UserEntity;
}

function userFrom(row: Record<string, any>, id: string, prefix: string): UserEntity {
  return Object.assign(new UserEntity(), {
    id,
    email: row[`${prefix}_email`],
    displayName: row[`${prefix}_name`],
    photoUrl: row[`${prefix}_photo`],
    createdAt: row[`${prefix}_created`],
  });
}

export function commentRowFrom(row: Record<string, any>): CommentRow {
  const comment = {
    id: row.id,
    organizationId: row.organization_id,
    spaceId: row.space_id,
    changeRequestId: row.change_request_id,
    threadKey: row.thread_key,
    postedBy: row.posted_by,
    body: row.body,
    status: row.status as CommentStatus,
    resolvedAt: row.resolved_at,
    resolvedBy: row.resolved_by,
    replies: row.replies,
    revisionId: row.revision_id,
    pageId: row.page_id,
    pageTitle: row.page_title,
    pageEmoji: row.page_emoji,
    pagePath: row.page_path,
    pageDocumentHash: row.page_document_hash,
    nodeId: row.node_id,
    nodePreview: row.node_preview,
    postedAt: row.posted_at,
    editedAt: row.edited_at,
  } as CommentEntity;
  return {
    comment,
    author: userFrom(row, row.posted_by, 'author'),
    ...(row.resolved_by && row.resolver_email !== null ? { resolver: userFrom(row, row.resolved_by, 'resolver') } : {}),
  };
}

export function replyRowFrom(row: Record<string, any>): ReplyRow {
  const reply = {
    id: row.id,
    commentId: row.comment_id,
    spaceId: row.space_id,
    threadKey: row.thread_key,
    postedBy: row.posted_by,
    body: row.body,
    postedAt: row.posted_at,
    editedAt: row.edited_at,
  } as CommentReplyEntity;
  return { reply, author: userFrom(row, row.posted_by, 'author') };
}
