import { ContentLevel, levelAtLeast } from '@docs/content';

/** The reference's `permissions` of a Comment or CommentReply, for one caller. */
export interface CommentPermissions {
  view: boolean;
  edit: boolean;
  /** React to it, or reply to it (a reply's: react to it, reply to its comment). */
  reply: boolean;
  delete: boolean;
}

/**
 * Who may do what with a comment or a reply (docs/permissions.md, "Comments"), from the caller's
 * level on the space and whether they wrote it:
 * - read it: read; post, reply, react, resolve and reopen: comment;
 * - change its body: its author only, while they still have comment;
 * - delete it: its author (with comment), or an admin of the space.
 */
export function commentPermissions(level: ContentLevel, isAuthor: boolean): CommentPermissions {
  const participates = levelAtLeast(level, 'comment');
  return {
    view: levelAtLeast(level, 'read'),
    edit: isAuthor && participates,
    reply: participates,
    delete: (isAuthor && participates) || levelAtLeast(level, 'admin'),
  };
}
