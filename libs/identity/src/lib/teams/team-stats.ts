import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { MemberCountsService } from '../members/member-counts';
import type { MemberRole } from '../members/member-role';
import type { TeamStats } from './team.presenter';
import type { TeamRole } from './team-role';

/** Member and space counts of a page of teams, and the viewer's role in each: two queries. */
@Injectable()
export class TeamStatsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly memberCounts: MemberCountsService,
  ) {}

  /**
   * `spaces` is the team's reach: the spaces at least one of its members can open. Teams carry
   * no access of their own here; access comes from roles and default levels.
   */
  async forTeams(organizationId: string, teamIds: string[]): Promise<Map<string, TeamStats>> {
    const stats = new Map<string, TeamStats>();
    if (teamIds.length === 0) return stats;
    const [reach, rows] = await Promise.all([
      this.memberCounts.spaceReach(organizationId),
      this.dataSource.query(
        `SELECT tm.team_id, count(*)::int AS members, array_agg(DISTINCT coalesce(m.role, 'guest')) AS roles
           FROM team_members tm
           JOIN organization_members m ON m.organization_id = tm.organization_id AND m.user_id = tm.user_id
          WHERE tm.team_id = ANY($1)
          GROUP BY tm.team_id`,
        [teamIds],
      ) as Promise<{ team_id: string; members: number; roles: (MemberRole | 'guest')[] }[]>,
    ]);
    const byTeam = new Map(rows.map((row) => [row.team_id, row]));
    for (const teamId of teamIds) {
      const row = byTeam.get(teamId);
      stats.set(teamId, {
        members: row?.members ?? 0,
        spaces: row ? Math.max(0, ...row.roles.map((role) => reach[role])) : 0,
      });
    }
    return stats;
  }

  /** The user's role in each of these teams (absent: not in the team). */
  async rolesOf(userId: string, teamIds: string[]): Promise<Map<string, TeamRole>> {
    if (teamIds.length === 0) return new Map();
    const rows: { team_id: string; role: TeamRole }[] = await this.dataSource.query(
      `SELECT team_id, role FROM team_members WHERE user_id = $1 AND team_id = ANY($2)`,
      [userId, teamIds],
    );
    return new Map(rows.map((row) => [row.team_id, row.role]));
  }
}
