import { markdownPage, titleFromName } from './markdown-page';

describe('markdownPage', () => {
  it('takes the first heading as title and front matter description, dropping both from the body', () => {
    expect(markdownPage('---\ndescription: Short.\n---\n# Title here\n\nBody.\n', 'x', 'file:///a.md')).toEqual({
      title: 'Title here',
      description: 'Short.',
      source: 'file:///a.md',
      markdown: 'Body.\n',
      children: [],
    });
  });

  it('falls back to the given title when there is no first heading', () => {
    expect(markdownPage('Text\n\n# Later\n', 'name', null)).toMatchObject({ title: 'name', markdown: 'Text\n\n# Later\n' });
    expect(titleFromName('docs/getting-started.md')).toBe('getting-started');
  });
});
