import { Injectable } from '@nestjs/common';
import { ContentLevel, grantedLevel, grantedOnSpaceSql, levelAtLeast, spaceAncestorsCte } from '@docs/content';
import { JSONDocument } from '@docs/document-model';
import type { MemberRoleOrGuest } from '@docs/identity';
import { preparedStatement, SqlPool } from '@docs/platform';
import type { EntityManager } from 'typeorm';
import { mentionCandidates } from './comment-mentions';
import { withMentionInlines } from './mention-inlines';
import type { CommentSubject } from './comment-subject';
import { subjectIdOf } from './comment-subject';
import type { CommentThread } from './comment-thread';

/** Active members of an organization among some user ids and emails, with their role, email and grant on space $4. */
const MEMBERS_NAMED = preparedStatement(
  'collaboration_mentioned_members',
  `WITH RECURSIVE ${spaceAncestorsCte('$4')}
   SELECT m.user_id, m.role, u.email, ${grantedOnSpaceSql('$1', 'm.user_id', '$4')} AS granted_role
     FROM organization_members m JOIN users u ON u.id = m.user_id
    WHERE m.organization_id = $1 AND NOT m.disabled AND (m.user_id = ANY($2::text[]) OR u.email = ANY($3::text[]))`,
);

/** What a body mentions, decided once: the users to record and the body to store. */
export interface BodyMentions {
  /** The readers of the thread's space the body mentions. */
  userIds: string[];
  /** The body with each `@email` of one of them as the reference's mention inline (mention-inlines.ts). */
  document: JSONDocument;
}

/**
 * Mentions: whom a body names (comment-mentions.ts), kept when they are active members of the
 * space's organization who can read the space now; anyone else stays plain text, and a mention
 * never gives access (no row anywhere grants anything). Recorded in `comment_mentions`, where
 * the commenters list and notifications read them, and shown in the stored body as mention
 * inlines, so the rows and the body always name the same people.
 */
@Injectable()
export class MentionRecorder {
  constructor(private readonly sql: SqlPool) {}

  /** Whom `document` mentions among the readers of the thread's space, in one statement whatever their number. */
  async find(thread: CommentThread, document: JSONDocument): Promise<BodyMentions> {
    const { userIds, emails } = mentionCandidates(document);
    if (userIds.length === 0 && emails.length === 0) return { userIds: [], document };
    const members = await this.sql.rows<{ user_id: string; role: MemberRoleOrGuest; email: string; granted_role: ContentLevel }>(MEMBERS_NAMED, [
      thread.organizationId,
      userIds,
      emails,
      thread.spaceId,
    ]);
    // Their role through the space's cap, or a grant (theirs or a team's) on the space or above it.
    const readers = members.filter((member) => levelAtLeast(grantedLevel(member.role, thread.cap, member.granted_role), 'read'));
    return {
      userIds: readers.map((member) => member.user_id),
      document: withMentionInlines(document, new Map(readers.map((member) => [member.email, member.user_id]))),
    };
  }

  /**
   * Makes `userIds` the subject's mentions, in the write's transaction: members still mentioned
   * keep their row (and `mentionedAt`), the others are removed, new ones added. `edit`: the
   * subject may have mentions already (false for a new comment or reply).
   */
  async record(tx: EntityManager, subject: CommentSubject, userIds: string[], now: Date, edit: boolean): Promise<void> {
    const subjectId = subjectIdOf(subject);
    if (edit) await tx.query(`DELETE FROM comment_mentions WHERE subject_id = $1 AND NOT (user_id = ANY($2::text[]))`, [subjectId, userIds]);
    if (userIds.length === 0) return;
    await tx.query(
      `INSERT INTO comment_mentions (subject_id, user_id, comment_id, reply_id, space_id, mentioned_at)
       SELECT $1, user_id, $2, $3, $4, $5 FROM unnest($6::text[]) AS user_id
       ON CONFLICT (subject_id, user_id) DO NOTHING`,
      [subjectId, subject.commentId, subject.replyId, subject.spaceId, now, userIds],
    );
  }
}
