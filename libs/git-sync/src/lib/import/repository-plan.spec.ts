import { sourcePath } from './repository-plan';

describe('the repository plan', () => {
  it('names the archive path of a source URL', () => {
    expect(sourcePath('file:///guides/set%20up.md')).toBe('guides/set up.md');
    expect(sourcePath('https://example.com/x')).toBeNull();
    expect(sourcePath(null)).toBeNull();
  });
});
