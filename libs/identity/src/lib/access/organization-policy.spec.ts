import { MEMBER_ROLES, MemberRoleOrGuest } from '../members/member-role';
import { organizationPolicy as policy, Viewer } from './organization-policy';

const ROLES: MemberRoleOrGuest[] = [...MEMBER_ROLES, null];
const viewer = (role: MemberRoleOrGuest): Viewer => ({ userId: 'me', role });
const label = (role: MemberRoleOrGuest) => role ?? 'guest';

describe('organizationPolicy', () => {
  it.each(ROLES.map((role) => [label(role), role]))('%s: sees members', (_label, role) => {
    expect(policy.seeMember(viewer(role), 'me')).toBe(true);
    expect(policy.seeMember(viewer(role), 'someone else')).toBe(role !== null);
  });

  it.each(ROLES.map((role) => [label(role), role]))('%s: manages members, teams and SAML only as admin', (_label, role) => {
    const admin = role === 'admin';
    expect(policy.manageMembers(viewer(role))).toBe(admin);
    expect(policy.manageTeams(viewer(role))).toBe(admin);
    expect(policy.manageSaml(viewer(role))).toBe(admin);
    expect(policy.removeMember(viewer(role), 'someone else')).toBe(admin);
    expect(policy.removeMember(viewer(role), 'me')).toBe(true);
  });

  it.each(ROLES.map((role) => [label(role), role]))('%s: teams', (_label, role) => {
    expect(policy.seeTeam(viewer(role), null)).toBe(role !== null);
    expect(policy.seeTeam(viewer(role), 'member')).toBe(true);
    expect(policy.manageTeamMembers(viewer(role), null)).toBe(role === 'admin');
    expect(policy.manageTeamMembers(viewer(role), 'member')).toBe(role === 'admin');
    expect(policy.manageTeamMembers(viewer(role), 'owner')).toBe(true);
  });
});
