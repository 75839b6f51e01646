import { Injectable } from '@nestjs/common';
import { MemberCountsService, MemberDto, MemberEntity, MemberPresenter, UserEntity } from '@docs/identity';
import type { ListQueryDto } from '@docs/platform';
import { composedStatement, ListEnvelope, Paginator, sortKey, SqlPool, toListEnvelope } from '@docs/platform';
import type { CommentThread } from './comment-thread';

/** Everyone who wrote in a thread (`$1`), comments and replies alike, with when they first did. */
const AUTHORS = `SELECT posted_by AS user_id, min(posted_at) AS first_at FROM (
    SELECT posted_by, posted_at FROM comments WHERE thread_key = $1
    UNION ALL
    SELECT posted_by, posted_at FROM comment_replies WHERE thread_key = $1
  ) p GROUP BY posted_by`;

const FROM = `FROM (${AUTHORS}) a
  JOIN organization_members m ON m.organization_id = $2 AND m.user_id = a.user_id
  JOIN users u ON u.id = a.user_id
  WHERE true`;

const COUNT = `SELECT count(*)::int AS count ${FROM}`;
const COUNT_STATEMENT = composedStatement('collaboration_count_commenters', COUNT);

interface Commenter {
  firstAt: Date;
  member: MemberEntity;
}

function commenterFrom(row: Record<string, any>): Commenter {
  return {
    firstAt: row.first_at,
    member: Object.assign(new MemberEntity(), {
      organizationId: row.organization_id,
      userId: row.user_id,
      role: row.role,
      disabled: row.disabled,
      sso: row.sso,
      joinedAt: row.joined_at,
      lastSeenAt: row.last_seen_at,
      user: Object.assign(new UserEntity(), {
        id: row.user_id,
        email: row.email,
        displayName: row.display_name,
        photoUrl: row.photo_url,
        createdAt: row.user_created_at,
      }),
    }),
  };
}

/**
 * The reference's listCommentersInSpace / listCommentersInChangeRequest: the organization's
 * members who posted a comment or a reply in the thread, as OrganizationMembers, in the order
 * they first wrote there (then by id). Whoever has left the organization is not listed (there is
 * no membership to show). The page and its count are one statement over the thread's
 * author indexes; members' counts (spaces, teams) two more, whatever the page size.
 */
@Injectable()
export class CommentersService {
  constructor(
    private readonly paginator: Paginator,
    private readonly sql: SqlPool,
    private readonly counts: MemberCountsService,
    private readonly members: MemberPresenter,
  ) {}

  async list(thread: CommentThread, query: ListQueryDto): Promise<ListEnvelope<MemberDto>> {
    const values = [thread.key, thread.organizationId];
    const page = await this.paginator.paginateSql(
      {
        name: 'collaboration_list_commenters',
        sql: `SELECT a.first_at, m.organization_id, m.user_id, m.role, m.disabled, m.sso, m.joined_at, m.last_seen_at,
                     u.email, u.display_name, u.photo_url, u.created_at AS user_created_at ${FROM}`,
        values,
        item: commenterFrom,
        countSql: COUNT,
        count: async () => (await this.sql.first<{ count: number }>(COUNT_STATEMENT, values))?.count ?? 0,
      },
      [sortKey<Commenter>('a.first_at', 'ASC', 'timestamp', (c) => c.firstAt), sortKey<Commenter>('a.user_id', 'ASC', 'text', (c) => c.member.userId)],
      { scope: ['commenters', thread.key].join(':'), page: query.page, limit: query.limit },
    );
    const counts = await this.counts.forMembers(
      thread.organizationId,
      page.items.map(({ member }) => ({ userId: member.userId, role: member.role })),
    );
    return toListEnvelope(page, ({ member }) => this.members.present(member, counts.get(member.userId) ?? { spaces: 0, teams: 0 }));
  }
}
