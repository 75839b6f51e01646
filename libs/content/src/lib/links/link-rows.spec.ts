import { extractLinks, markdownToDocument } from '@docs/document-model';
import { linkRows, resolveLinkPath } from './link-rows';

describe('resolveLinkPath', () => {
  it('reads a page as the file <path>.md', () => {
    expect(resolveLinkPath('guide/install', 'setup.md')).toBe('guide/setup');
    expect(resolveLinkPath('guide/install', './setup')).toBe('guide/setup');
    expect(resolveLinkPath('guide/install', '../api.md')).toBe('api');
    expect(resolveLinkPath('guide/install', 'deeper/README.md')).toBe('guide/deeper');
    expect(resolveLinkPath('guide/install', '/reference/')).toBe('reference');
    expect(resolveLinkPath('top', 'other.md')).toBe('other');
  });

  it('refuses to climb above the top of the space', () => {
    expect(resolveLinkPath('top', '../../x.md')).toBeNull();
  });
});

describe('linkRows', () => {
  const source = { spaceId: 'S', pageId: 'P', path: 'guide/install' };
  const rows = (markdown: string) => linkRows(extractLinks(markdownToDocument(markdown)), source);

  it('classifies every kind of link and keys the targets', () => {
    const found = rows(
      [
        '[site](https://example.com/a)',
        '[rel](setup.md#step-2)',
        '[here](#intro)',
        '[page](ref:page/P2)',
        '[there](ref:space/S2/page/P3#x)',
        '[own space page](ref:space/S/page/P4)',
        '![img](ref:file/F1)',
        '[docs](ref:space/S9)',
      ].join('\n\n'),
    );
    expect(found.map((row) => [row.kind, row.targetKey])).toEqual([
      ['url', 'url:https://example.com/a'],
      ['path', 'path:guide/setup#step-2'],
      ['page', 'page::P#intro'],
      ['page', 'page::P2'],
      ['page', 'page:S2:P3#x'],
      ['page', 'page::P4'],
      ['file', 'file:F1'],
      ['space', 'space:S9'],
    ]);
    expect(found.map((row) => row.seq)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(found[1]).toMatchObject({ rawPath: 'setup.md', targetPath: 'guide/setup', anchor: 'step-2' });
  });

  it('keeps the section a link is written in', () => {
    const [row] = rows('# Intro\n\nSee [x](https://x.test).');
    expect(row.locationAnchor).toBe('intro');
  });

  it('leaves out user mentions and empty links', () => {
    expect(rows('[someone](ref:user/U1) and [nothing]()')).toEqual([]);
  });
});
