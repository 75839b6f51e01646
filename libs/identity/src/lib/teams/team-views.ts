import { Injectable } from '@nestjs/common';
import { organizationPolicy, Viewer } from '../access/organization-policy';
import type { TeamDto } from './team.dto';
import type { TeamEntity } from './team.entity';
import { TeamPresenter } from './team.presenter';
import { TeamStatsService } from './team-stats';
import type { TeamRole } from './team-role';

/** Teams as the viewer sees them (counts and permissions), in two queries whatever their number. */
@Injectable()
export class TeamViews {
  constructor(
    private readonly stats: TeamStatsService,
    private readonly presenter: TeamPresenter,
  ) {}

  async present(organizationId: string, viewer: Viewer, teams: TeamEntity[]): Promise<Map<string, TeamDto>> {
    const ids = [...new Set(teams.map((team) => team.id))];
    const [stats, viewerRoles] = await Promise.all([this.stats.forTeams(organizationId, ids), this.stats.rolesOf(viewer.userId, ids)]);
    return new Map(
      teams.map((team) => {
        const viewerRole: TeamRole | null = viewerRoles.get(team.id) ?? null;
        const permissions = {
          admin: organizationPolicy.manageTeamMembers(viewer, viewerRole),
          view: organizationPolicy.seeTeam(viewer, viewerRole),
        };
        return [team.id, this.presenter.present(team, stats.get(team.id)!, permissions)];
      }),
    );
  }

  async presentOne(organizationId: string, viewer: Viewer, team: TeamEntity): Promise<TeamDto> {
    return (await this.present(organizationId, viewer, [team])).get(team.id)!;
  }
}
