import { joinPath, slugFromTitle, SLUG_PATTERN, uniqueSlug } from './page-slugs';

describe('page slugs', () => {
  it('derives a slug from a title', () => {
    expect(slugFromTitle('Getting Started!')).toBe('getting-started');
    expect(slugFromTitle('  Héllo   Wörld ')).toBe('hello-world');
    expect(slugFromTitle('API & SDKs')).toBe('api-and-sdks');
    expect(slugFromTitle('你好')).toBe('page');
    expect(slugFromTitle('x'.repeat(300))).toHaveLength(100);
    for (const title of ['Getting Started!', 'A -- B', '---', 'Ünïcödé']) expect(slugFromTitle(title)).toMatch(SLUG_PATTERN);
  });

  it('makes a slug unique among siblings', () => {
    expect(uniqueSlug('intro', new Set())).toBe('intro');
    expect(uniqueSlug('intro', new Set(['intro']))).toBe('intro-2');
    expect(uniqueSlug('intro', new Set(['intro', 'intro-2']))).toBe('intro-3');
    expect(uniqueSlug('x'.repeat(100), new Set(['x'.repeat(100)]))).toBe(`${'x'.repeat(98)}-2`);
  });

  it('joins paths', () => {
    expect(joinPath(null, 'a')).toBe('a');
    expect(joinPath('a/b', 'c')).toBe('a/b/c');
  });
});
