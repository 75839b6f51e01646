import type { Member, TeamMember } from '../api/types';

/** The organization's members who are not in the team yet, by name: who "Add to team" offers. */
export function teamCandidates(members: Member[], inTeam: TeamMember[]): Member[] {
  const already = new Set(inTeam.map((entry) => entry.organization.id));
  return members
    .filter((member) => !already.has(member.id))
    .sort((a, b) => a.user.displayName.localeCompare(b.user.displayName) || (a.user.email ?? '').localeCompare(b.user.email ?? ''));
}
