import { Injectable } from '@nestjs/common';
import type { TeamDto } from './team.dto';
import type { TeamEntity } from './team.entity';

export interface TeamStats {
  members: number;
  spaces: number;
}

/** TeamEntity, its counts and the viewer's permissions -> the reference's `OrganizationTeam`. */
@Injectable()
export class TeamPresenter {
  present(team: TeamEntity, stats: TeamStats, permissions: { admin: boolean; view: boolean }): TeamDto {
    return {
      object: 'team',
      id: team.id,
      title: team.title,
      members: stats.members,
      spaces: stats.spaces,
      createdAt: team.createdAt.toISOString(),
      permissions,
    };
  }
}
