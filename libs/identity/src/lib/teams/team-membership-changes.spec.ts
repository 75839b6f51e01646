import { teamMembershipChanges } from './team-membership-changes';

describe('teamMembershipChanges', () => {
  it('adds without a role (member for newcomers, unchanged for members) and removes', () => {
    expect(teamMembershipChanges({ add: ['a', 'b'], remove: ['c'], memberships: {} })).toEqual({
      remove: ['c'],
      upsert: [
        { userId: 'a', role: undefined },
        { userId: 'b', role: undefined },
      ],
    });
  });

  it('removes a user who is both added and removed, whatever memberships says', () => {
    expect(teamMembershipChanges({ add: ['a'], remove: ['a'], memberships: { a: 'owner' } })).toEqual({ remove: ['a'], upsert: [] });
  });

  it('gives roles to added users and to users named only in memberships', () => {
    expect(teamMembershipChanges({ add: ['a'], remove: [], memberships: { a: 'owner', z: 'member' } }).upsert).toEqual([
      { userId: 'a', role: 'owner' },
      { userId: 'z', role: 'member' },
    ]);
  });

  it('counts a user added twice once', () => {
    expect(teamMembershipChanges({ add: ['a', 'a'], remove: [], memberships: {} }).upsert).toHaveLength(1);
  });
});
