import { Injectable, Optional } from '@nestjs/common';
import { preparedStatement, SqlPool } from '@docs/platform';
import { Membership, OrganizationAccess } from '../access/organization-access';
import type { MemberRoleOrGuest } from './member-role';
import type { MemberCounts } from './member.presenter';
import { NO_SPACES, SpaceReach, SpaceReachByRole } from './space-reach';

const TEAMS_OF_MEMBERS = preparedStatement(
  'identity_teams_of_members',
  `SELECT user_id, count(*)::int AS teams FROM team_members WHERE organization_id = $1 AND user_id = ANY($2) GROUP BY user_id`,
);

/** The true `spaces` and `teams` counts of a page of members: two queries, whatever its size. */
@Injectable()
export class MemberCountsService {
  constructor(
    private readonly sql: SqlPool,
    private readonly access: OrganizationAccess,
    @Optional() private readonly reach?: SpaceReach,
  ) {}

  spaceReach(organizationId: string): Promise<SpaceReachByRole> {
    return this.reach ? this.reach.countByRole(organizationId) : Promise.resolve(NO_SPACES);
  }

  /** The user's membership (undefined: none) and the space reach by role, in one statement when content answers the reach. */
  async membershipAndReach(organizationId: string, userId: string): Promise<{ membership?: Membership; reach: SpaceReachByRole }> {
    if (!this.reach) return { membership: await this.access.find(organizationId, userId), reach: NO_SPACES };
    const { member, reach } = await this.reach.countByRoleWithMember(organizationId, userId);
    return { membership: member ? { organizationId, userId, role: member.role } : undefined, reach };
  }

  async forMembers(organizationId: string, members: { userId: string; role: MemberRoleOrGuest }[]): Promise<Map<string, MemberCounts>> {
    const counts = new Map<string, MemberCounts>();
    if (members.length === 0) return counts;
    const [byRole, rows] = await Promise.all([
      this.spaceReach(organizationId),
      this.sql.rows<{ user_id: string; teams: number }>(TEAMS_OF_MEMBERS, [organizationId, members.map((m) => m.userId)]),
    ]);
    const teams = new Map(rows.map((row) => [row.user_id, row.teams]));
    for (const member of members) {
      counts.set(member.userId, { spaces: byRole[member.role ?? 'guest'], teams: teams.get(member.userId) ?? 0 });
    }
    return counts;
  }
}
