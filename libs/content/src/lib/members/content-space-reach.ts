import { Injectable } from '@nestjs/common';
import { type MemberRoleOrGuest, SpaceReach, SpaceReachByRole } from '@docs/identity';
import { ContentAccess, OrganizationContent } from '../access/content-access';
import { callerGrantsSql, grantOnlySpaceCountSql, teamGrantsSql } from '../access/grants-sql';

/**
 * Identity's `SpaceReach` (Member.spaces, Team.spaces), answered by the content permission
 * model: an admin opens every live space of the organization; any other role the live spaces
 * whose effective default level is not null (a cap lowers the level, never below read); a guest
 * none. One prepared statement: the collection tree and the maintained counts of live spaces.
 * Grants add spaces per person: `memberGrantOnlySpacesSql` and `teamGrantOnlySpacesSql` go into
 * identity's list statements, so a page of members or teams counts them without a statement more.
 */
@Injectable()
export class ContentSpaceReach extends SpaceReach {
  constructor(private readonly access: ContentAccess) {
    super();
  }

  memberGrantOnlySpacesSql(org: string, user: string, role: string): string {
    return grantOnlySpaceCountSql(org, callerGrantsSql(org, user), role);
  }

  teamGrantOnlySpacesSql(org: string, team: string): string {
    // The team's best role: an admin opens everything; any other role the spaces members see.
    const bestRole = `(SELECT CASE WHEN bool_or(m.role = 'admin') THEN 'admin' WHEN bool_or(m.role IS NOT NULL) THEN 'read' END
                         FROM team_members tm JOIN organization_members m ON m.organization_id = tm.organization_id AND m.user_id = tm.user_id
                        WHERE tm.team_id = ${team})`;
    return grantOnlySpaceCountSql(org, teamGrantsSql(org, team), bestRole);
  }

  async countByRole(organizationId: string): Promise<SpaceReachByRole> {
    return byRole(await this.access.spaceReach(organizationId));
  }

  async countByRoleWithMember(organizationId: string, userId: string): Promise<{ member?: { role: MemberRoleOrGuest }; reach: SpaceReachByRole }> {
    const { member, scope } = await this.access.spaceReachWithMember(organizationId, userId);
    return { member, reach: byRole(scope) };
  }
}

function byRole(scope: OrganizationContent): SpaceReachByRole {
  // Every role below admin sees the same spaces (at different levels): count for one of them.
  const members = scope.visibleSpaceCount('read');
  return { admin: scope.visibleSpaceCount('admin'), create: members, review: members, edit: members, comment: members, read: members, guest: 0 };
}
