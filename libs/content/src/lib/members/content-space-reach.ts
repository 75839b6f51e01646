import { Injectable } from '@nestjs/common';
import { type MemberRoleOrGuest, SpaceReach, SpaceReachByRole } from '@docs/identity';
import { ContentAccess, OrganizationContent } from '../access/content-access';

/**
 * Identity's `SpaceReach` (Member.spaces, Team.spaces), answered by the content permission
 * model: an admin opens every live space of the organization; any other role the live spaces
 * whose effective default level is not null (a cap lowers the level, never below read); a guest
 * none. One prepared statement: the collection tree and the maintained counts of live spaces.
 */
@Injectable()
export class ContentSpaceReach extends SpaceReach {
  constructor(private readonly access: ContentAccess) {
    super();
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
