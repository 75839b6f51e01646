import { BadRequestException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { Clock, EventOutbox, Page, Paginator, sortKey } from '@docs/platform';
import { DataSource, EntityManager, In, Repository } from 'typeorm';
import { organizationPolicy, Viewer } from '../access/organization-policy';
import { MemberEntity } from '../members/member.entity';
import { normalizeEmail } from '../users/users.service';
import { TeamMemberEntity } from './team-member.entity';
import { withTeamMemberEvents } from './team-member-events';
import { teamMembershipChanges } from './team-membership-changes';
import type { TeamRole } from './team-role';
import { assertMembers, TeamsService, VisibleTeam } from './teams.service';

/** The members of one team: listed by whoever sees the team, changed by admins and its owners. */
@Injectable()
export class TeamMembersService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(TeamMemberEntity) private readonly teamMembers: Repository<TeamMemberEntity>,
    private readonly teams: TeamsService,
    private readonly paginator: Paginator,
    private readonly clock: Clock,
    private readonly events: EventOutbox,
  ) {}

  /** Latest additions first, each with its organization membership and user. */
  async list(organizationId: string, viewer: Viewer, teamId: string, page: { page?: string; limit?: number }): Promise<Page<TeamMemberEntity>> {
    await this.teams.getVisible(organizationId, viewer, teamId);
    const query = this.teamMembers
      .createQueryBuilder('tm')
      .innerJoinAndSelect('tm.member', 'm')
      .innerJoinAndSelect('m.user', 'u')
      .where('tm.team_id = :teamId', { teamId });
    return this.paginator.paginate(
      query,
      [
        sortKey<TeamMemberEntity>('tm.created_at', 'DESC', 'timestamp', (tm) => tm.createdAt),
        sortKey<TeamMemberEntity>('tm.user_id', 'DESC', 'text', (tm) => tm.userId),
      ],
      { scope: `team-members:${teamId}`, ...page },
    );
  }

  /** `PUT .../members`: adds, removes and sets roles in one transaction (see teamMembershipChanges). */
  async update(
    organizationId: string,
    viewer: Viewer,
    teamId: string,
    request: { add?: string[]; remove?: string[]; memberships?: Record<string, { role: TeamRole }> },
  ): Promise<void> {
    await this.requireManager(organizationId, viewer, teamId);
    await this.dataSource.transaction(async (tx) => {
      const add = await resolveMembers(tx, organizationId, request.add ?? [], 'add');
      const remove = await resolveMembers(tx, organizationId, request.remove ?? [], 'remove');
      const memberships = Object.fromEntries(Object.entries(request.memberships ?? {}).map(([userId, { role }]) => [userId, role]));
      await assertMembers(tx, organizationId, Object.keys(memberships), 'memberships');
      const changes = teamMembershipChanges({ add, remove, memberships });
      const touched = [...changes.remove, ...changes.upsert.map((row) => row.userId)];
      await withTeamMemberEvents(tx, this.events, { organizationId, teamId, actor: viewer.userId }, touched, async () => {
        if (changes.remove.length > 0) await tx.delete(TeamMemberEntity, { teamId, userId: In(changes.remove) });
        await this.upsert(tx, organizationId, teamId, changes.upsert);
      });
    });
  }

  /** `PUT .../members/{userId}`: adds (as `member` unless a role is given) or sets the role. */
  async put(organizationId: string, viewer: Viewer, teamId: string, userId: string, role: TeamRole | undefined): Promise<void> {
    await this.requireManager(organizationId, viewer, teamId);
    await this.dataSource.transaction(async (tx) => {
      if (!(await tx.existsBy(MemberEntity, { organizationId, userId }))) {
        throw new NotFoundException(`No member of this organization has the user id ${userId}.`);
      }
      await withTeamMemberEvents(tx, this.events, { organizationId, teamId, actor: viewer.userId }, [userId], () =>
        this.upsert(tx, organizationId, teamId, [{ userId, role }]),
      );
    });
  }

  async remove(organizationId: string, viewer: Viewer, teamId: string, userId: string): Promise<void> {
    await this.requireManager(organizationId, viewer, teamId);
    await this.dataSource.transaction(async (tx) => {
      const result = await tx.delete(TeamMemberEntity, { teamId, userId });
      if (!result.affected) throw new NotFoundException(`The team has no member with the user id ${userId}.`);
      await this.events.emit(tx, { type: 'team_member_removed', organizationId, actor: viewer.userId, payload: { teamId, userId } });
    });
  }

  private async requireManager(organizationId: string, viewer: Viewer, teamId: string): Promise<VisibleTeam> {
    const visible = await this.teams.getVisible(organizationId, viewer, teamId);
    if (!organizationPolicy.manageTeamMembers(viewer, visible.viewerRole)) {
      throw new ForbiddenException("Only admins and the team's owners can change its members.");
    }
    return visible;
  }

  /** Two bulk statements: insert newcomers (role default member), then set the roles given. */
  private async upsert(tx: EntityManager, organizationId: string, teamId: string, rows: { userId: string; role: TeamRole | undefined }[]) {
    if (rows.length === 0) return;
    const userIds = rows.map((r) => r.userId);
    const roles = rows.map((r) => r.role ?? null);
    await tx.query(
      `INSERT INTO team_members (team_id, user_id, organization_id, role, created_at)
       SELECT $1, r.user_id, $2, coalesce(r.role, 'member'), $3 FROM unnest($4::text[], $5::text[]) AS r(user_id, role)
       ON CONFLICT (team_id, user_id) DO NOTHING`,
      [teamId, organizationId, this.clock.now(), userIds, roles],
    );
    await tx.query(
      `UPDATE team_members t SET role = r.role FROM unnest($2::text[], $3::text[]) AS r(user_id, role)
        WHERE t.team_id = $1 AND t.user_id = r.user_id AND r.role IS NOT NULL`,
      [teamId, userIds, roles],
    );
  }
}

/**
 * Maps user ids or emails to the user ids of organization members, in order; 400 naming the
 * first entry that is neither.
 */
async function resolveMembers(tx: EntityManager, organizationId: string, identifiers: string[], field: string): Promise<string[]> {
  if (identifiers.length === 0) return [];
  const emails = identifiers.map(normalizeEmail);
  const rows: { user_id: string; email: string }[] = await tx.query(
    `SELECT m.user_id, u.email FROM organization_members m JOIN users u ON u.id = m.user_id
      WHERE m.organization_id = $1 AND (m.user_id = ANY($2) OR u.email = ANY($3))`,
    [organizationId, identifiers, emails],
  );
  const byId = new Set(rows.map((r) => r.user_id));
  const byEmail = new Map(rows.map((r) => [r.email, r.user_id]));
  return identifiers.map((identifier, index) => {
    const userId = byId.has(identifier) ? identifier : byEmail.get(normalizeEmail(identifier));
    if (!userId) throw new BadRequestException(`${field}[${index}]: no member of this organization has the user id or email ${identifier}.`);
    return userId;
  });
}
