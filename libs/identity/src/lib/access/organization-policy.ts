import type { TeamRole } from '../teams/team-role';
import { MemberRoleOrGuest, roleAtLeast } from '../members/member-role';

/** The caller as seen by an organization: who they are and their role there. */
export interface Viewer {
  userId: string;
  role: MemberRoleOrGuest;
}

/**
 * Who may do what in an organization's administration (docs/permissions.md, "Organization
 * administration"). Pure: callers pass what is known about the viewer, and turn a `false`
 * into 404 when the viewer may not even see the object, 403 when they may see but not act.
 */
export const organizationPolicy = {
  /** Every member with a role sees every member; a guest sees only themselves. */
  seeMember: (viewer: Viewer, userId: string): boolean => viewer.role !== null || viewer.userId === userId,

  /** Roles, SSO flags and removal of others: admins. */
  manageMembers: (viewer: Viewer): boolean => roleAtLeast(viewer.role, 'admin'),

  /** Leaving: anyone may remove themselves; admins may remove anyone. */
  removeMember: (viewer: Viewer, userId: string): boolean => roleAtLeast(viewer.role, 'admin') || viewer.userId === userId,

  /** Every member with a role sees every team; a guest sees the teams they are in. */
  seeTeam: (viewer: Viewer, viewerTeamRole: TeamRole | null): boolean => viewer.role !== null || viewerTeamRole !== null,

  /** Creating, renaming and deleting teams: admins. */
  manageTeams: (viewer: Viewer): boolean => roleAtLeast(viewer.role, 'admin'),

  /** A team's members and their roles: admins, and that team's owners. */
  manageTeamMembers: (viewer: Viewer, viewerTeamRole: TeamRole | null): boolean =>
    roleAtLeast(viewer.role, 'admin') || viewerTeamRole === 'owner',

  /** SAML providers: admins. */
  manageSaml: (viewer: Viewer): boolean => roleAtLeast(viewer.role, 'admin'),
};
