import { BadRequestException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { Clock, containsPattern, EventOutbox, newId, Page, Paginator, sortKey } from '@docs/platform';
import { DataSource, EntityManager, In, Repository } from 'typeorm';
import { organizationPolicy, Viewer } from '../access/organization-policy';
import { OrganizationAccess } from '../access/organization-access';
import { MemberEntity } from '../members/member.entity';
import { TeamMemberEntity } from './team-member.entity';
import { TeamEntity } from './team.entity';
import type { TeamRole } from './team-role';

export interface VisibleTeam {
  team: TeamEntity;
  /** The viewer's role in the team, if they are in it. */
  viewerRole: TeamRole | null;
}

/** Teams of one organization, as the viewer may see and change them. */
@Injectable()
export class TeamsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(TeamEntity) private readonly teams: Repository<TeamEntity>,
    @InjectRepository(TeamMemberEntity) private readonly teamMembers: Repository<TeamMemberEntity>,
    private readonly access: OrganizationAccess,
    private readonly paginator: Paginator,
    private readonly clock: Clock,
    private readonly events: EventOutbox,
  ) {}

  /** Creates a team (admins) with the given organization members in it. */
  async create(organizationId: string, viewer: Viewer, input: { title: string; members?: string[] }): Promise<TeamEntity> {
    if (!organizationPolicy.manageTeams(viewer)) throw new ForbiddenException('Only admins can create teams.');
    return this.dataSource.transaction(async (tx) => {
      await assertMembers(tx, organizationId, input.members ?? [], 'members');
      const memberIds = [...new Set(input.members ?? [])];
      const now = this.clock.now();
      const team = tx.create(TeamEntity, { id: newId(), organizationId, title: input.title, createdAt: now });
      await tx.insert(TeamEntity, team);
      if (memberIds.length > 0) {
        await tx.insert(
          TeamMemberEntity,
          memberIds.map((userId) => ({ teamId: team.id, userId, organizationId, role: 'member' as const, createdAt: now })),
        );
      }
      await this.events.emit(tx, [
        { type: 'team_created', organizationId, actor: viewer.userId, payload: { teamId: team.id } },
        ...memberIds.map((userId) => ({ type: 'team_member_added' as const, organizationId, actor: viewer.userId, payload: { teamId: team.id, userId, role: 'member' as const } })),
      ]);
      return team;
    });
  }

  /**
   * Newest teams first. `owner` keeps the teams that member can manage (all of them for an
   * admin); `title` is a case-insensitive part of the title; guests list only their teams.
   */
  async list(organizationId: string, viewer: Viewer, filters: { owner?: string; title?: string; page?: string; limit?: number }): Promise<Page<TeamEntity>> {
    const query = this.teams.createQueryBuilder('t').where('t.organization_id = :organizationId', { organizationId });
    if (viewer.role === null) {
      query.andWhere('EXISTS (SELECT 1 FROM team_members v WHERE v.team_id = t.id AND v.user_id = :viewer)', { viewer: viewer.userId });
    }
    if (filters.owner !== undefined) {
      const owner = await this.access.find(organizationId, filters.owner);
      if (!owner) query.andWhere('FALSE');
      else if (owner.role !== 'admin') {
        query.andWhere(`EXISTS (SELECT 1 FROM team_members o WHERE o.team_id = t.id AND o.user_id = :owner AND o.role = 'owner')`, {
          owner: filters.owner,
        });
      }
    }
    if (filters.title) query.andWhere('t.title ILIKE :title', { title: containsPattern(filters.title) });
    const scope = ['teams', organizationId, viewer.role === null ? viewer.userId : '*', filters.owner ?? '', filters.title ?? ''].join(':');
    return this.paginator.paginate(
      query,
      [sortKey<TeamEntity>('t.created_at', 'DESC', 'timestamp', (t) => t.createdAt), sortKey<TeamEntity>('t.id', 'DESC', 'text', (t) => t.id)],
      { scope, page: filters.page, limit: filters.limit },
    );
  }

  /** A team the viewer may see, with the viewer's role in it; 404 otherwise. */
  async getVisible(organizationId: string, viewer: Viewer, teamId: string): Promise<VisibleTeam> {
    const team = await this.teams.findOneBy({ id: teamId, organizationId });
    if (!team) throw teamNotFound(teamId);
    const membership = await this.teamMembers.findOneBy({ teamId, userId: viewer.userId });
    const viewerRole = membership?.role ?? null;
    if (!organizationPolicy.seeTeam(viewer, viewerRole)) throw teamNotFound(teamId);
    return { team, viewerRole };
  }

  async rename(organizationId: string, viewer: Viewer, teamId: string, title: string): Promise<VisibleTeam> {
    const visible = await this.getVisible(organizationId, viewer, teamId);
    if (!organizationPolicy.manageTeams(viewer)) throw new ForbiddenException('Only admins can rename teams.');
    await this.teams.update({ id: teamId }, { title });
    return { ...visible, team: { ...visible.team, title } };
  }

  async delete(organizationId: string, viewer: Viewer, teamId: string): Promise<void> {
    await this.getVisible(organizationId, viewer, teamId);
    if (!organizationPolicy.manageTeams(viewer)) throw new ForbiddenException('Only admins can delete teams.');
    await this.dataSource.transaction(async (tx) => {
      const deleted = await tx.delete(TeamEntity, { id: teamId });
      if (deleted.affected) await this.events.emit(tx, { type: 'team_deleted', organizationId, actor: viewer.userId, payload: { teamId } });
    });
  }

  /** The teams a member belongs to, newest first, with their role in each. */
  async listForMember(
    organizationId: string,
    userId: string,
    filters: { title?: string; page?: string; limit?: number },
  ): Promise<Page<TeamMemberEntity>> {
    const query = this.teamMembers
      .createQueryBuilder('tm')
      .innerJoinAndSelect('tm.team', 't')
      .where('tm.organization_id = :organizationId AND tm.user_id = :userId', { organizationId, userId });
    if (filters.title) query.andWhere('t.title ILIKE :title', { title: containsPattern(filters.title) });
    return this.paginator.paginate(
      query,
      [
        sortKey<TeamMemberEntity>('t.created_at', 'DESC', 'timestamp', (tm) => tm.team!.createdAt),
        sortKey<TeamMemberEntity>('t.id', 'DESC', 'text', (tm) => tm.teamId),
      ],
      { scope: ['member-teams', organizationId, userId, filters.title ?? ''].join(':'), page: filters.page, limit: filters.limit },
    );
  }
}

/** 400 naming the field when one of `userIds` is not a member of the organization. */
export async function assertMembers(tx: EntityManager, organizationId: string, userIds: string[], field: string): Promise<void> {
  if (userIds.length === 0) return;
  const found = await tx.find(MemberEntity, { where: { organizationId, userId: In([...new Set(userIds)]) }, select: { userId: true } });
  const known = new Set(found.map((m) => m.userId));
  const index = userIds.findIndex((id) => !known.has(id));
  if (index >= 0) throw new BadRequestException(`${field}[${index}]: no member of this organization has the user id ${userIds[index]}.`);
}

export function teamNotFound(teamId: string): NotFoundException {
  return new NotFoundException(`No team of this organization has the id ${teamId}.`);
}
