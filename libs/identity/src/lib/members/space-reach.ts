import type { MemberRole, MemberRoleOrGuest } from './member-role';

/** Spaces reachable by a member of each role; `guest` is a member without a role. */
export type SpaceReachByRole = Record<MemberRole | 'guest', number>;

/**
 * How many spaces of an organization a member can open, by role, and in SQL the spaces grants
 * add to that. Identity shows these counts
 * (Member.spaces, Team.spaces) but spaces belong to the content domain, which depends on
 * identity and not the reverse: content provides this service. Without a content module there
 * are no spaces, and every count is 0.
 */
export abstract class SpaceReach {
  /**
   * SQL (a scalar) for identity's statements: how many live spaces of `org` member `user` with
   * role `role` opens only through grants (their own or their teams'), beyond `countByRole`.
   * The arguments are SQL: columns of the outer statement or parameters.
   */
  abstract memberGrantOnlySpacesSql(org: string, user: string, role: string): string;

  /**
   * SQL (a scalar): how many live spaces of `org` grants open to team `team` (granted to the team,
   * or to any of its members or their teams) beyond what its members' best role opens.
   */
  abstract teamGrantOnlySpacesSql(org: string, team: string): string;

  abstract countByRole(organizationId: string): Promise<SpaceReachByRole>;

  /**
   * `countByRole` and a user's active membership (undefined: none) in one round trip, for the
   * members list, which needs both before its page.
   */
  abstract countByRoleWithMember(organizationId: string, userId: string): Promise<{ member?: { role: MemberRoleOrGuest }; reach: SpaceReachByRole }>;
}

export const NO_SPACES: SpaceReachByRole = { admin: 0, create: 0, review: 0, edit: 0, comment: 0, read: 0, guest: 0 };
