import { BadRequestException, Injectable } from '@nestjs/common';
import { UserEntity, UserPresenter } from '@docs/identity';
import { preparedStatement, SqlPool } from '@docs/platform';
import type { EntityManager } from 'typeorm';
import { CommentSubject, subjectIdOf } from './comment-subject';
import type { EmojiReactionDto } from './dto/comment.dto';
import { canonicalEmoji } from './reaction-emoji';

/** The reactions of some comments and replies with their users, in one round trip. */
const REACTIONS_OF = preparedStatement(
  'collaboration_comment_reactions',
  `SELECT r.subject_id, r.emoji, r.user_id, r.reacted_at, u.email, u.display_name, u.photo_url, u.created_at
     FROM comment_reactions r JOIN users u ON u.id = r.user_id
    WHERE r.subject_id = ANY($1::text[])
    ORDER BY r.subject_id, r.reacted_at, r.user_id, r.emoji COLLATE "C"`,
);

interface ReactionRow {
  subject_id: string;
  emoji: string;
  user_id: string;
  reacted_at: Date;
  email: string;
  display_name: string;
  photo_url: string | null;
  created_at: Date;
}

/** What one request changes of the caller's reactions, canonical and without duplicates. */
export interface ReactionChanges {
  added: string[];
  removed: string[];
}

/**
 * The emoji of `addedReactions` and `removedReactions` as stored (400 naming the first item that
 * is not one emoji of Unicode's list, or an emoji both added and removed).
 */
export function reactionChanges(added: string[] = [], removed: string[] = []): ReactionChanges {
  const canonical = (list: string[], field: string) =>
    [
      ...new Set(
        list.map((text, index) => {
          const emoji = canonicalEmoji(text);
          if (!emoji) throw new BadRequestException(`${field}[${index}] is not an emoji of Unicode's list: ${JSON.stringify(text)}`);
          return emoji;
        }),
      ),
    ];
  const changes = { added: canonical(added, 'addedReactions'), removed: canonical(removed, 'removedReactions') };
  const both = changes.added.find((emoji) => changes.removed.includes(emoji));
  if (both) throw new BadRequestException(`${both} is both in addedReactions and removedReactions: say which`);
  return changes;
}

/**
 * Reactions: one per (comment or reply, user, emoji), by the table's primary key. Adding one
 * that exists and removing one that does not change nothing. Presented grouped by emoji, the
 * emoji in the order they were first used, each with its users in the order they reacted (ties,
 * reactions of the same millisecond, by user id, then by the emoji's code points).
 */
@Injectable()
export class CommentReactions {
  constructor(
    private readonly sql: SqlPool,
    private readonly users: UserPresenter,
  ) {}

  /** The caller's changes on one subject, inside the write's transaction. */
  async apply(tx: EntityManager, subject: CommentSubject, userId: string, changes: ReactionChanges, now: Date): Promise<void> {
    const subjectId = subjectIdOf(subject);
    if (changes.added.length > 0) {
      await tx.query(
        `INSERT INTO comment_reactions (subject_id, emoji, user_id, comment_id, reply_id, space_id, reacted_at)
         SELECT $1, emoji, $2, $3, $4, $5, $6 FROM unnest($7::text[]) AS emoji
         ON CONFLICT (subject_id, emoji, user_id) DO NOTHING`,
        [subjectId, userId, subject.commentId, subject.replyId, subject.spaceId, now, changes.added],
      );
    }
    if (changes.removed.length > 0) {
      await tx.query(`DELETE FROM comment_reactions WHERE subject_id = $1 AND user_id = $2 AND emoji = ANY($3::text[])`, [
        subjectId,
        userId,
        changes.removed,
      ]);
    }
  }

  /** The presented reactions of each subject id (absent: none). */
  async of(subjectIds: string[]): Promise<Map<string, EmojiReactionDto[]>> {
    const bySubject = new Map<string, EmojiReactionDto[]>();
    if (subjectIds.length === 0) return bySubject;
    const rows = await this.sql.rows<ReactionRow>(REACTIONS_OF, [subjectIds]);
    for (const row of rows) {
      const groups = bySubject.get(row.subject_id) ?? [];
      if (groups.length === 0) bySubject.set(row.subject_id, groups);
      let group = groups.find((candidate) => candidate.emoji === row.emoji);
      if (!group) groups.push((group = { emoji: row.emoji, count: 0, users: [] }));
      const user = Object.assign(new UserEntity(), {
        id: row.user_id,
        email: row.email,
        displayName: row.display_name,
        photoUrl: row.photo_url,
        createdAt: row.created_at,
      });
      group.users.push({ user: this.users.present(user), reactedAt: row.reacted_at.toISOString() });
      group.count++;
    }
    return bySubject;
  }
}
