import { BadRequestException } from '@nestjs/common';
import { insertionIndex } from './page-position';

describe('insertionIndex', () => {
  const siblings = ['a', 'b', 'c'];
  it('appends without a position', () => {
    expect(insertionIndex(siblings, undefined, 'x')).toBe(3);
    expect(insertionIndex(siblings, {}, 'x')).toBe(3);
  });
  it('inserts before or after a sibling', () => {
    expect(insertionIndex(siblings, { before: 'a' }, 'x')).toBe(0);
    expect(insertionIndex(siblings, { after: 'a' }, 'x')).toBe(1);
    expect(insertionIndex(siblings, { after: 'c' }, 'x')).toBe(3);
  });
  it('refuses a page that is not a sibling, and both sides at once', () => {
    expect(() => insertionIndex(siblings, { before: 'z' }, 'the top level')).toThrow(BadRequestException);
    expect(() => insertionIndex(siblings, { before: 'a', after: 'b' }, 'x')).toThrow('not both');
  });
});
