import { readFrontMatter, readVariables, sourcePath, splitEmoji } from './repository-plan';

describe('what an import reads of GitBook files', () => {
  it('splits the emoji GitBook writes before a title', () => {
    expect(splitEmoji('🚀 Getting started')).toEqual(['🚀', 'Getting started']);
    expect(splitEmoji('➡️ Get Started with cheqd Studio')).toEqual(['➡️', 'Get Started with cheqd Studio']);
    expect(splitEmoji('👩‍💻 Developers')).toEqual(['👩‍💻', 'Developers']);
    expect(splitEmoji('🇫🇷 French')).toEqual(['🇫🇷', 'French']);
    expect(splitEmoji('Plain title')).toEqual([null, 'Plain title']);
    expect(splitEmoji('🚀')).toEqual([null, '🚀']);
    expect(splitEmoji('C++ 🚀 rocket')).toEqual([null, 'C++ 🚀 rocket']);
  });

  it('reads front matter (nothing when there is none or it is not YAML)', () => {
    expect(readFrontMatter('---\nhidden: true\nvars:\n  a: 1\n---\n\n# T\n')).toEqual({ hidden: true, vars: { a: 1 } });
    expect(readFrontMatter('\uFEFF---\r\nnoIndex: true\r\n---\r\n# T')).toEqual({ noIndex: true });
    expect(readFrontMatter('# No front matter\n')).toEqual({});
    expect(readFrontMatter('---\ntitle: [unclosed\n---\n')).toEqual({});
    expect(readFrontMatter('---\n\n---\n# Empty\n')).toEqual({});
    expect(readFrontMatter('---\n- a list\n---\n')).toEqual({});
  });

  it('reads .gitbook/vars.yaml as the API checks variables', () => {
    expect(readVariables('product: Docs\nversion: 2\nbeta: true\n')).toEqual({ product: 'Docs', version: 2, beta: true });
    expect(readVariables('')).toEqual({});
    expect(() => readVariables('- a\n- b\n')).toThrow(/must map variable names to values/);
    expect(() => readVariables('bad name: 1\n')).toThrow(/not a valid variable name/);
    expect(() => readVariables('nested:\n  a: 1\n')).toThrow(/must be a string, a number or a boolean/);
    expect(() => readVariables('a: [unclosed\n')).toThrow(/not valid YAML/);
  });

  it('names the archive path of a source URL', () => {
    expect(sourcePath('file:///guides/set%20up.md')).toBe('guides/set up.md');
    expect(sourcePath('https://example.com/x')).toBeNull();
    expect(sourcePath(null)).toBeNull();
  });
});
