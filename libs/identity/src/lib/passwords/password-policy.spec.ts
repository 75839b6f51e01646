import { PASSWORD_MAX_LENGTH, passwordProblem } from './password-policy';

describe('passwordProblem', () => {
  it('takes 12 characters or more that are not a common password', () => {
    expect(passwordProblem('violet kettle on the moor')).toBeUndefined();
    expect(passwordProblem('ünïcødé-long')).toBeUndefined(); // 12 code points, more bytes
    expect(passwordProblem('😀😀😀😀😀😀😀😀😀😀😀😀')).toBeUndefined(); // 12 characters, 24 UTF-16 units
  });

  it('refuses short, overlong and control-character passwords, saying why', () => {
    expect(passwordProblem('short pass1')).toBe('The password must have at least 12 characters.');
    expect(passwordProblem('😀'.repeat(11))).toBe('The password must have at least 12 characters.');
    expect(passwordProblem('x'.repeat(PASSWORD_MAX_LENGTH + 1))).toBe(`The password must have at most ${PASSWORD_MAX_LENGTH} characters.`);
    expect(passwordProblem('line one\nline two')).toBe('The password must not contain control characters.');
  });

  it('refuses the common passwords of the shipped list, whatever their case', () => {
    for (const common of ['qwerty123456', '1q2w3e4r5t6y', 'QAZWSXEDCRFV', '123qweasdzxc']) {
      expect(passwordProblem(common)).toBe('This password is among the most common ones: choose another.');
    }
  });
});
