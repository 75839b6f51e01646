import { MemberRoleOrGuest, roleAtLeast } from '../members/member-role';

export interface OrganizationPermissions {
  view: boolean;
  admin: boolean;
  ownTeam: boolean;
  createContent: boolean;
  createOpenAPISpec: boolean;
  ingestConversations: boolean;
  viewBilling: boolean;
  listMembers: boolean;
  listTeams: boolean;
  listIntegrations: boolean;
  listInstallations: boolean;
  installIntegration: boolean;
}

/**
 * What a member may do at the organization level, by role (see docs/permissions.md).
 * Guests (no role) see the organization and themselves, nothing else.
 */
export function organizationPermissions(role: MemberRoleOrGuest, ownsTeam: boolean): OrganizationPermissions {
  const admin = roleAtLeast(role, 'admin');
  const member = role !== null;
  return {
    view: true,
    admin,
    ownTeam: ownsTeam,
    createContent: roleAtLeast(role, 'create'),
    createOpenAPISpec: roleAtLeast(role, 'create'),
    ingestConversations: admin,
    viewBilling: admin,
    listMembers: member,
    listTeams: member,
    listIntegrations: member,
    listInstallations: admin,
    installIntegration: admin,
  };
}
