import type { JSONDocument } from '@gitbook/api';
import { classifyUrl, extractLinks, markdownToDocument } from '../index';

describe('classifyUrl', () => {
  it.each([
    ['https://example.com/a#b', { kind: 'url', url: 'https://example.com/a#b' }],
    ['mailto:someone@example.com', { kind: 'url', url: 'mailto:someone@example.com' }],
    ['//cdn.example.com/x.js', { kind: 'url', url: '//cdn.example.com/x.js' }],
    ['../guides/install.md', { kind: 'path', path: '../guides/install.md' }],
    ['setup.md#requirements', { kind: 'path', path: 'setup.md', anchor: 'requirements' }],
    ['my%20page.md?x=1', { kind: 'path', path: 'my page.md' }],
    ['#here', { kind: 'anchor', anchor: 'here' }],
  ])('%s', (url, target) => {
    expect(classifyUrl(url)).toEqual(target);
  });
});

describe('extractLinks', () => {
  it('finds every kind of link with its location (block key and section anchor)', () => {
    const document = markdownToDocument(
      [
        'Intro with [an external link](https://example.com).',
        '',
        '## Setup',
        '',
        'See [install](install.md#requirements), [above](#setup), [by id](ref:page/p1), [by id at](ref:page/p2#faq),',
        '[a file](ref:file/f1), [a space](ref:space/s1) and [there](ref:space/s1/page/p3).',
        '',
        '![diagram](ref:file/f2)',
        '',
        '{% embed url="https://video.example.com/v" %}',
        '',
        '{% file src="ref:file/f3" %}',
        '',
        '{% content-ref url="other.md" %}',
        '[other.md](other.md)',
        '{% endcontent-ref %}',
        '',
        '| Col |',
        '| --- |',
        '| [in a cell](cell.md) |',
      ].join('\n'),
    );
    const links = extractLinks(document);
    expect(links.map((link) => link.target)).toEqual([
      { kind: 'url', url: 'https://example.com' },
      { kind: 'path', path: 'install.md', anchor: 'requirements' },
      { kind: 'anchor', anchor: 'setup' },
      { kind: 'page', page: 'p1' },
      { kind: 'page', page: 'p2', anchor: 'faq' },
      { kind: 'file', file: 'f1' },
      { kind: 'space', space: 's1' },
      { kind: 'page', page: 'p3', space: 's1' },
      { kind: 'file', file: 'f2' },
      { kind: 'url', url: 'https://video.example.com/v' },
      { kind: 'file', file: 'f3' },
      { kind: 'path', path: 'other.md' },
      { kind: 'path', path: 'cell.md' },
    ]);
    expect(links[0].location.anchor).toBeUndefined();
    expect(links.slice(1).every((link) => link.location.anchor === 'setup')).toBe(true);
    // Each link names the block holding it, and that block exists in the document.
    const keys = new Set<string>();
    const visit = (node: any) => {
      if (node.key) keys.add(node.key);
      node.nodes?.forEach(visit);
      node.fragments?.forEach(visit);
    };
    visit(document);
    expect(links.every((link) => link.location.node !== undefined && keys.has(link.location.node))).toBe(true);
    expect(links[0].ref).toEqual({ kind: 'url', url: 'https://example.com' });
    expect(links.every((link) => link.relation === 'reference')).toBe(true);
  });

  it('reads references of documents given as JSON (dark images, table values, reusable content)', () => {
    const document = {
      object: 'document',
      data: {},
      nodes: [
        {
          object: 'block',
          type: 'images',
          isVoid: false,
          data: {},
          nodes: [{ object: 'block', type: 'image', isVoid: true, data: { ref: { kind: 'file', file: 'light' }, refDark: { kind: 'file', file: 'dark' } }, fragments: [] }],
        },
        { object: 'block', type: 'reusable-content', key: 'rc', isVoid: true, data: { ref: { kind: 'reusable-content', reusableContent: 'r1' } } },
        {
          object: 'block',
          type: 'table',
          isVoid: true,
          data: {
            view: { type: 'grid', columns: ['c'], hideHeader: false },
            definition: { c: { id: 'c', title: 'Page', type: 'content-ref' } },
            records: { r: { orderIndex: 'a', values: { c: { kind: 'page', page: 'p9' } } } },
          },
          fragments: [],
        },
      ],
    } as unknown as JSONDocument;
    const links = extractLinks(document);
    expect(links.map((link) => [link.target, link.relation])).toEqual([
      [{ kind: 'file', file: 'light' }, 'reference'],
      [{ kind: 'file', file: 'dark' }, 'reference'],
      [{ kind: 'reusable-content', reusableContent: 'r1' }, 'dependsOn'],
      [{ kind: 'page', page: 'p9' }, 'reference'],
    ]);
    expect(links[2].location).toEqual({ node: 'rc' });
    expect(links[0].location).toEqual({});
  });

  it('finds nothing in a document without links', () => {
    expect(extractLinks(markdownToDocument('Just text.\n\n## A heading\n'))).toEqual([]);
  });
});
