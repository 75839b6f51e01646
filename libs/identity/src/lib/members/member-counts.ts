import { Injectable, Optional } from '@nestjs/common';
import { preparedStatement, SqlPool } from '@docs/platform';
import { Membership, OrganizationAccess } from '../access/organization-access';
import type { MemberRoleOrGuest } from './member-role';
import type { MemberCounts } from './member.presenter';
import { NO_SPACES, SpaceReach, SpaceReachByRole } from './space-reach';

/** Per member of `$2`: the teams they are in, and (SQL of `grantOnly`) the spaces only grants open to them. */
function countsOfMembers(grantOnly: string) {
  return preparedStatement(
    grantOnly === '0' ? 'identity_counts_of_members' : 'identity_counts_of_members_with_grants',
    `SELECT m.user_id,
            (SELECT count(*)::int FROM team_members tm WHERE tm.organization_id = m.organization_id AND tm.user_id = m.user_id) AS teams,
            ${grantOnly} AS granted_spaces
       FROM organization_members m
      WHERE m.organization_id = $1 AND m.user_id = ANY($2)`,
  );
}

/** The true `spaces` (grants included) and `teams` counts of a page of members: two queries, whatever its size. */
@Injectable()
export class MemberCountsService {
  constructor(
    private readonly sql: SqlPool,
    private readonly access: OrganizationAccess,
    @Optional() private readonly reach?: SpaceReach,
  ) {}

  private statement?: ReturnType<typeof countsOfMembers>;

  private get countsStatement(): ReturnType<typeof countsOfMembers> {
    this.statement ??= countsOfMembers(this.reach ? this.reach.memberGrantOnlySpacesSql('m.organization_id', 'm.user_id', 'm.role') : '0');
    return this.statement;
  }

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
      this.sql.rows<{ user_id: string; teams: number; granted_spaces: number }>(this.countsStatement, [organizationId, members.map((m) => m.userId)]),
    ]);
    const byMember = new Map(rows.map((row) => [row.user_id, row]));
    for (const member of members) {
      const row = byMember.get(member.userId);
      counts.set(member.userId, { spaces: byRole[member.role ?? 'guest'] + (row?.granted_spaces ?? 0), teams: row?.teams ?? 0 });
    }
    return counts;
  }
}
