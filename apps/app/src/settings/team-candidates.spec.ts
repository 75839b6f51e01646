import type { Member, TeamMember } from '../api/types';
import { teamCandidates } from './team-candidates';

const member = (id: string, displayName: string, email = `${id}@example.com`) => ({ id, user: { id, displayName, email } }) as Member;
const inTeam = (m: Member) => ({ organization: m, team: { role: 'member' } }) as TeamMember;

describe('teamCandidates', () => {
  it('offers the members not in the team, by name then address', () => {
    const ada = member('ada', 'Ada');
    const grace = member('grace', 'Grace');
    const other = member('other', 'Ada', 'a2@example.com');
    expect(teamCandidates([grace, ada, other, member('linus', 'Linus')], [inTeam(grace)]).map((m) => m.id)).toEqual(['other', 'ada', 'linus']);
    expect(teamCandidates([ada], [inTeam(ada)])).toEqual([]);
  });
});
