import { parseSummary } from './summary';

describe('parseSummary', () => {
  it('reads nested lists, groups, titles with escapes and links with titles', () => {
    const summary = parseSummary(
      '# Table of contents\n\n* [Intro](README.md)\n* [Guide](guide/README.md)\n  * [Setup \\[fast\\]](guide/setup.md "Setup")\n    * [Deep](guide/deep%20one.md)\n  * [Use](guide/use.md)\n\n## Reference\n\n- [API](api.md)\n\tsome prose\n',
    );
    expect(summary).toEqual([
      { title: 'Intro', path: 'README.md', children: [] },
      {
        title: 'Guide',
        path: 'guide/README.md',
        children: [
          { title: 'Setup [fast]', path: 'guide/setup.md', children: [{ title: 'Deep', path: 'guide/deep one.md', children: [] }] },
          { title: 'Use', path: 'guide/use.md', children: [] },
        ],
      },
      { title: 'Reference', children: [{ title: 'API', path: 'api.md', children: [] }] },
    ]);
  });
});
