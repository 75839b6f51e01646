import { ConflictException, ForbiddenException, Injectable, NotFoundException, Optional } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { Clock, composedStatement, containsPattern, EventOutbox, Page, Paginator, sortKey, SqlPool } from '@docs/platform';
import { DataSource, EntityManager, Repository } from 'typeorm';
import { organizationPolicy, Viewer } from '../access/organization-policy';
import { UserEntity } from '../users/user.entity';
import { MemberEntity } from './member.entity';
import type { MemberRole, MemberRoleOrGuest } from './member-role';
import { SpaceReach } from './space-reach';

export interface MemberFilters {
  order?: 'asc' | 'desc';
  role?: MemberRole | 'guest';
  search?: string;
  sort?: 'joinedAt' | 'lastSeenAt';
  page?: string;
  limit?: number;
}

/**
 * A member of a list page, the number of teams they are in (Member.teams) and the live spaces
 * only grants open to them (added to their role's count for Member.spaces).
 */
export interface ListedMember {
  member: MemberEntity;
  teams: number;
  grantedSpaces: number;
}

/** A member, their user and their team count, as the list's SQL selects them. */
const MEMBER_COLUMNS = `m.organization_id, m.user_id, m.role, m.disabled, m.sso, m.joined_at, m.last_seen_at,
  u.email AS user_email, u.display_name AS user_display_name, u.photo_url AS user_photo_url, u.created_at AS user_created_at,
  (SELECT count(*)::int FROM team_members tm WHERE tm.organization_id = m.organization_id AND tm.user_id = m.user_id) AS teams`;

function listedMemberFromRow(row: Record<string, any>): ListedMember {
  return { member: memberFromRow(row), teams: row.teams, grantedSpaces: row.granted_spaces };
}

function memberFromRow(row: Record<string, any>): MemberEntity {
  return Object.assign(new MemberEntity(), {
    organizationId: row.organization_id,
    userId: row.user_id,
    role: row.role,
    disabled: row.disabled,
    sso: row.sso,
    joinedAt: row.joined_at,
    lastSeenAt: row.last_seen_at,
    user: Object.assign(new UserEntity(), {
      id: row.user_id,
      email: row.user_email,
      displayName: row.user_display_name,
      photoUrl: row.user_photo_url,
      createdAt: row.user_created_at,
    }),
  });
}

const LAST_ADMIN = 'An organization must keep at least one admin: give another member the admin role first.';

/** Members of one organization, as the viewer may see and change them. */
@Injectable()
export class MembersService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(MemberEntity) private readonly members: Repository<MemberEntity>,
    private readonly paginator: Paginator,
    private readonly clock: Clock,
    private readonly sql: SqlPool,
    private readonly events: EventOutbox,
    @Optional() private readonly reach?: SpaceReach,
  ) {}

  /** SQL: the spaces only grants open to the member of the row (without content, none). */
  private get grantOnlySpaces(): string {
    return this.reach ? this.reach.memberGrantOnlySpacesSql('m.organization_id', 'm.user_id', 'm.role') : '0';
  }

  /**
   * Newest (or, with order=asc, oldest) joiners first; a guest lists only themselves. Prepared
   * SQL (one statement per combination of filters): the page with each member's team count and
   * the spaces only grants open to them, and the list's count, in one statement.
   */
  async list(organizationId: string, viewer: Viewer, filters: MemberFilters): Promise<Page<ListedMember>> {
    const values: unknown[] = [organizationId];
    const where = ['m.organization_id = $1'];
    const param = (value: unknown) => `$${values.push(value)}`;
    const seesEveryone = viewer.role !== null;
    if (!seesEveryone) where.push(`m.user_id = ${param(viewer.userId)}`);
    if (filters.role === 'guest') where.push('m.role IS NULL');
    else if (filters.role) where.push(`m.role = ${param(filters.role)}`);
    if (filters.search) {
      const pattern = param(containsPattern(filters.search));
      where.push(`(u.display_name ILIKE ${pattern} OR u.email ILIKE ${pattern})`);
    }
    const direction = filters.order === 'asc' ? 'ASC' : 'DESC';
    const bySeen = filters.sort === 'lastSeenAt';
    if (bySeen) where.push('m.last_seen_at IS NOT NULL');
    const keys = [
      bySeen
        ? sortKey<ListedMember>('m.last_seen_at', direction, 'timestamp', ({ member }) => member.lastSeenAt as Date)
        : sortKey<ListedMember>('m.joined_at', direction, 'timestamp', ({ member }) => member.joinedAt),
      sortKey<ListedMember>('m.user_id', direction, 'text', ({ member }) => member.userId),
    ];
    const condition = where.join(' AND ');
    // The count needs the users only to search them.
    const countFrom = filters.search ? 'organization_members m JOIN users u ON u.id = m.user_id' : 'organization_members m';
    const countSql = `SELECT count(*)::int AS count FROM ${countFrom} WHERE ${condition}`;
    const count = async () => (await this.sql.first<{ count: number }>(composedStatement('identity_count_members', countSql), values))?.count ?? 0;
    const scope = ['members', organizationId, seesEveryone ? '*' : viewer.userId, filters.role ?? '', filters.search ?? '', bySeen, direction].join(':');
    return this.paginator.paginateSql(
      {
        name: 'identity_list_members',
        sql: `SELECT ${MEMBER_COLUMNS}, ${this.grantOnlySpaces} AS granted_spaces FROM organization_members m JOIN users u ON u.id = m.user_id WHERE ${condition}`,
        values,
        item: listedMemberFromRow,
        count,
        // Organizations have hundreds of members: counting them with the page costs less than a statement.
        countSql,
      },
      keys,
      { scope, page: filters.page, limit: filters.limit },
    );
  }

  /** A member the viewer may see, with their user; 404 otherwise. */
  async get(organizationId: string, viewer: Viewer, userId: string): Promise<MemberEntity> {
    if (!organizationPolicy.seeMember(viewer, userId)) throw memberNotFound(userId);
    const member = await this.members.findOne({ where: { organizationId, userId }, relations: { user: true } });
    if (!member) throw memberNotFound(userId);
    return member;
  }

  /** Changes a member's role; the last admin cannot be demoted. */
  async updateRole(organizationId: string, viewer: Viewer, userId: string, role: MemberRoleOrGuest | undefined): Promise<MemberEntity> {
    await this.get(organizationId, viewer, userId);
    if (!organizationPolicy.manageMembers(viewer)) throw new ForbiddenException('Only admins can change the role of a member.');
    if (role !== undefined) {
      await this.dataSource.transaction(async (tx) => {
        if (role !== 'admin') await this.assertNotLastAdmin(tx, organizationId, userId);
        const previous = await this.lockedRole(tx, organizationId, userId);
        await tx.update(MemberEntity, { organizationId, userId }, { role });
        if (previous !== undefined && previous !== role) {
          await this.events.emit(tx, { type: 'member_role_updated', organizationId, actor: viewer.userId, payload: { userId, role, previousRole: previous } });
        }
      });
    }
    return this.get(organizationId, viewer, userId);
  }

  /** Removes a member (or lets one leave). Their team memberships and unaccepted invitation go with it; the last admin stays. */
  async remove(organizationId: string, viewer: Viewer, userId: string): Promise<void> {
    await this.get(organizationId, viewer, userId);
    if (!organizationPolicy.removeMember(viewer, userId)) throw new ForbiddenException('Only admins can remove other members.');
    await this.dataSource.transaction(async (tx) => {
      await this.assertNotLastAdmin(tx, organizationId, userId);
      const previous = await this.lockedRole(tx, organizationId, userId);
      await tx.delete(MemberEntity, { organizationId, userId });
      // An invitation not accepted yet goes with the membership: its link must not sign them in later.
      await tx.query(`DELETE FROM account_links WHERE user_id = $1 AND organization_id = $2 AND purpose = 'invitation' AND used_at IS NULL`, [userId, organizationId]);
      if (previous !== undefined) await this.events.emit(tx, { type: 'member_removed', organizationId, actor: viewer.userId, payload: { userId, previousRole: previous } });
    });
  }

  /** Marks a member as able to sign in with the organization's SSO. */
  async makeSsoMember(organizationId: string, viewer: Viewer, userId: string): Promise<MemberEntity> {
    await this.get(organizationId, viewer, userId);
    if (!organizationPolicy.manageMembers(viewer)) throw new ForbiddenException('Only admins can make a member an SSO member.');
    await this.members.update({ organizationId, userId }, { sso: true });
    return this.get(organizationId, viewer, userId);
  }

  /** Records that the caller was active in the organization now. */
  async touchLastSeen(organizationId: string, userId: string): Promise<void> {
    await this.members.update({ organizationId, userId }, { lastSeenAt: this.clock.now() });
  }

  /** A member's role, their row locked until the transaction ends (undefined: no longer a member). */
  private async lockedRole(tx: EntityManager, organizationId: string, userId: string): Promise<MemberRoleOrGuest | undefined> {
    const [row]: { role: MemberRoleOrGuest }[] = await tx.query(`SELECT role FROM organization_members WHERE organization_id = $1 AND user_id = $2 FOR UPDATE`, [organizationId, userId]);
    return row?.role;
  }

  /**
   * Refuses to leave the organization without an admin. The admins' rows are locked first, so
   * two admins demoting each other at the same moment cannot both succeed.
   */
  private async assertNotLastAdmin(tx: EntityManager, organizationId: string, userId: string): Promise<void> {
    const admins: { user_id: string }[] = await tx.query(
      `SELECT user_id FROM organization_members WHERE organization_id = $1 AND role = 'admin' AND NOT disabled FOR UPDATE`,
      [organizationId],
    );
    if (admins.length === 1 && admins[0].user_id === userId) throw new ConflictException(LAST_ADMIN);
  }
}

function memberNotFound(userId: string): NotFoundException {
  return new NotFoundException(`No member of this organization has the user id ${userId}.`);
}
