import { readGitbookConfig } from './gitbook-config';

describe('.gitbook.yaml', () => {
  it("reads root and structure, with GitBook's defaults", () => {
    expect(readGitbookConfig(undefined)).toEqual({ root: '', readme: 'README.md', summary: 'SUMMARY.md' });
    expect(readGitbookConfig('root: ./docs/\n\nstructure:\n  readme: intro.md\n  summary: toc.md\n')).toEqual({ root: 'docs', readme: 'intro.md', summary: 'toc.md' });
    // cheqd's, with trailing spaces.
    expect(readGitbookConfig('root: ./\n\nstructure:  \n    readme: README.md  \n    summary: SUMMARY.md\n')).toEqual({ root: '', readme: 'README.md', summary: 'SUMMARY.md' });
  });

  it('refuses what is not YAML or points outside the project', () => {
    expect(() => readGitbookConfig('root: [x\n')).toThrow(/not valid YAML/);
    expect(() => readGitbookConfig('root: ../elsewhere\n')).toThrow(/outside the project directory/);
  });
});
