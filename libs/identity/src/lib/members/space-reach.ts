import type { MemberRole, MemberRoleOrGuest } from './member-role';

/** Spaces reachable by a member of each role; `guest` is a member without a role. */
export type SpaceReachByRole = Record<MemberRole | 'guest', number>;

/**
 * How many spaces of an organization a member can open, by role. Identity shows these counts
 * (Member.spaces, Team.spaces) but spaces belong to the content domain, which depends on
 * identity and not the reverse: content provides this service. Without a content module there
 * are no spaces, and every count is 0.
 */
export abstract class SpaceReach {
  abstract countByRole(organizationId: string): Promise<SpaceReachByRole>;

  /**
   * `countByRole` and a user's active membership (undefined: none) in one round trip, for the
   * members list, which needs both before its page.
   */
  abstract countByRoleWithMember(organizationId: string, userId: string): Promise<{ member?: { role: MemberRoleOrGuest }; reach: SpaceReachByRole }>;
}

export const NO_SPACES: SpaceReachByRole = { admin: 0, create: 0, review: 0, edit: 0, comment: 0, read: 0, guest: 0 };
