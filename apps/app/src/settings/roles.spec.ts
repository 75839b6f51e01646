import { choiceOfRole, ROLE_CHOICES, roleName, roleOfChoice } from './roles';

describe('roles as the app shows and sends them', () => {
  it('names every role and the guest, most capable first', () => {
    expect(ROLE_CHOICES.map((choice) => choice.label)).toEqual(['Admin', 'Creator', 'Reviewer', 'Editor', 'Commenter', 'Reader', 'Guest']);
    expect(roleName('review')).toBe('Reviewer');
    expect(roleName(null)).toBe('Guest');
  });

  it('carries a guest as "guest" in a form and sends it as null; refuses what is not a role', () => {
    expect(choiceOfRole(null)).toBe('guest');
    expect(roleOfChoice('guest')).toBeNull();
    for (const { value } of ROLE_CHOICES) expect(choiceOfRole(roleOfChoice(value))).toBe(value);
    expect(() => roleOfChoice('owner')).toThrow('Not a role: owner');
  });
});
