import { containsPattern } from './contains-pattern';

describe('containsPattern', () => {
  it('wraps the term in wildcards', () => expect(containsPattern('ada')).toBe('%ada%'));
  it('escapes LIKE metacharacters', () => expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%'));
});
