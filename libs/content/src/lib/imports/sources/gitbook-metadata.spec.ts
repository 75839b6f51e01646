import { frontMatterFields, groupHeading, readFrontMatter, readVariables, slugOfPath, splitEmoji } from './gitbook-metadata';

describe("what an import reads of GitBook's files besides bodies", () => {
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

  it("gives a page's hidden, noIndex and variables from front matter, checked as the API checks them", () => {
    expect(frontMatterFields({ hidden: true, noIndex: false, vars: { a: 1 } }, 'x.md')).toEqual({ hidden: true, variables: { a: 1 } });
    expect(frontMatterFields({ hidden: 'yes' }, 'x.md')).toEqual({});
    expect(() => frontMatterFields({ vars: { 'bad name': 1 } }, 'guide/x.md')).toThrow(/guide\/x\.md front matter vars: "bad name" is not a valid variable name/);
  });

  it('reads .gitbook/vars.yaml as the API checks variables', () => {
    expect(readVariables('product: Docs\nversion: 2\nbeta: true\n')).toEqual({ product: 'Docs', version: 2, beta: true });
    expect(readVariables('')).toEqual({});
    expect(() => readVariables('- a\n- b\n')).toThrow(/must map variable names to values/);
    expect(() => readVariables('bad name: 1\n')).toThrow(/not a valid variable name/);
    expect(() => readVariables('nested:\n  a: 1\n')).toThrow(/must be a string, a number or a boolean/);
    expect(() => readVariables('a: [unclosed\n')).toThrow(/not valid YAML/);
  });

  it("reads a group's slug from the anchor GitBook writes after its SUMMARY.md heading", () => {
    expect(groupHeading('Getting Started <a href="#get-started" id="get-started"></a>')).toEqual({ title: 'Getting Started', slug: 'get-started' });
    expect(groupHeading('Guides')).toEqual({ title: 'Guides' });
  });

  it("takes a page's slug from its file's name (a README's from its folder)", () => {
    expect(slugOfPath('guides/set-up.md', 'Set up')).toBe('set-up');
    expect(slugOfPath('guides/README.md', 'Guides')).toBe('guides');
    expect(slugOfPath('Set Up Guide.md', 'x')).toBe('set-up-guide');
    expect(slugOfPath('README.md', 'Introduction')).toBe('introduction');
  });
});
