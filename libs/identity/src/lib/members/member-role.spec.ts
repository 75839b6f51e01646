import { MEMBER_ROLES, minRole, roleAtLeast } from './member-role';

describe('member roles', () => {
  it('are ordered admin > create > review > edit > comment > read', () => {
    expect(MEMBER_ROLES).toEqual(['admin', 'create', 'review', 'edit', 'comment', 'read']);
    for (let i = 0; i < MEMBER_ROLES.length; i++) {
      for (let j = 0; j < MEMBER_ROLES.length; j++) {
        expect(roleAtLeast(MEMBER_ROLES[i], MEMBER_ROLES[j])).toBe(i <= j);
      }
    }
  });

  it('give guests nothing', () => {
    for (const role of MEMBER_ROLES) expect(roleAtLeast(null, role)).toBe(false);
  });

  it('take the lesser of two roles', () => {
    expect(minRole('admin', 'read')).toBe('read');
    expect(minRole('edit', 'review')).toBe('edit');
    expect(minRole('comment', 'comment')).toBe('comment');
    expect(minRole(null, 'admin')).toBeNull();
    expect(minRole('admin', null)).toBeNull();
  });
});
