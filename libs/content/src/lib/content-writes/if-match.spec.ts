import { PreconditionFailedException } from '@nestjs/common';
import { assertIfMatch, parseIfMatch, revisionEtag } from './if-match';

describe('If-Match', () => {
  it('parses quoted, bare, weak and listed values', () => {
    expect(parseIfMatch(undefined)).toBeUndefined();
    expect(parseIfMatch('')).toBeUndefined();
    expect(parseIfMatch('"abc"')).toEqual(['abc']);
    expect(parseIfMatch('abc')).toEqual(['abc']);
    expect(parseIfMatch('W/"abc", "def"')).toEqual(['abc', 'def']);
    expect(parseIfMatch('*')).toEqual(['*']);
  });

  it('passes when the current revision is named, or any with *', () => {
    expect(() => assertIfMatch(undefined, 'r1')).not.toThrow();
    expect(() => assertIfMatch(['r1'], 'r1')).not.toThrow();
    expect(() => assertIfMatch(['*'], 'r1')).not.toThrow();
    expect(() => assertIfMatch(['r0'], 'r1')).toThrow(PreconditionFailedException);
  });

  it('formats ETags as the quoted revision id', () => {
    expect(revisionEtag('r1')).toBe('"r1"');
    expect(parseIfMatch(revisionEtag('r1'))).toEqual(['r1']);
  });
});
