import { Injectable, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { MemberCountsService } from '../members/member-counts';
import type { MemberRole } from '../members/member-role';
import { SpaceReach } from '../members/space-reach';
import type { TeamStats } from './team.presenter';
import type { TeamRole } from './team-role';

/** Member and space counts of a page of teams, and the viewer's role in each: two queries. */
@Injectable()
export class TeamStatsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly memberCounts: MemberCountsService,
    @Optional() private readonly reach?: SpaceReach,
  ) {}

  /**
   * `spaces` is the team's reach: the spaces at least one of its members can open (through their
   * role and the default levels, or grants to them or their teams), and those granted to the team
   * itself. One statement for the page besides the counts by role.
   */
  async forTeams(organizationId: string, teamIds: string[]): Promise<Map<string, TeamStats>> {
    const stats = new Map<string, TeamStats>();
    if (teamIds.length === 0) return stats;
    const granted = this.reach ? this.reach.teamGrantOnlySpacesSql('$2', 't.id') : '0';
    const [reach, rows] = await Promise.all([
      this.memberCounts.spaceReach(organizationId),
      this.dataSource.query(
        `SELECT t.id AS team_id,
                (SELECT count(*)::int FROM team_members tm WHERE tm.team_id = t.id) AS members,
                (SELECT array_agg(DISTINCT coalesce(m.role, 'guest'))
                   FROM team_members tm JOIN organization_members m ON m.organization_id = tm.organization_id AND m.user_id = tm.user_id
                  WHERE tm.team_id = t.id) AS roles,
                ${granted} AS granted_spaces
           FROM teams t
          WHERE t.id = ANY($1) AND t.organization_id = $2`,
        [teamIds, organizationId],
      ) as Promise<{ team_id: string; members: number; roles: (MemberRole | 'guest')[] | null; granted_spaces: number }[]>,
    ]);
    const byTeam = new Map(rows.map((row) => [row.team_id, row]));
    for (const teamId of teamIds) {
      const row = byTeam.get(teamId);
      const roles = row?.roles ?? [];
      stats.set(teamId, {
        members: row?.members ?? 0,
        spaces: Math.max(0, ...roles.map((role) => reach[role])) + (row?.granted_spaces ?? 0),
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
