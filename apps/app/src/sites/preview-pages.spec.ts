import type { RevisionPage } from '../api/types';
import { previewPageUrl, previewScreenUrl, previewTree } from './preview-pages';

describe('previewPageUrl', () => {
  const url = 'http://docs.test/~site/preview/site.space.cr.1700000000.sig';
  it('opens the home at the preview URL and each page at its path below it, encoded', () => {
    expect(previewPageUrl(url, undefined)).toBe(url);
    expect(previewPageUrl(url, '')).toBe(url);
    expect(previewPageUrl(url, 'guides/getting started')).toBe(`${url}/guides/getting%20started`);
    expect(previewPageUrl(`${url}/`, 'a')).toBe(`${url}/a`);
    expect(previewPageUrl(`${url}?x=1`, 'a')).toBe(`${url}/a?x=1`);
  });
});

describe('previewTree', () => {
  it('gives each page with a body its preview address in the app, groups their pages, and leaves links out', () => {
    const pages = [
      { id: 'p1', type: 'document', title: 'Intro', path: 'intro', pages: [{ id: 'p2', type: 'document', title: '', path: 'intro/more', pages: [] }] },
      { id: 'g', type: 'group', title: 'Reference', path: 'reference', pages: [{ id: 'p3', type: 'document', title: 'API', path: 'reference/api', pages: [] }] },
      { id: 'l', type: 'link', title: 'Elsewhere', target: {} },
    ] as unknown as RevisionPage[];
    const shape = (nodes: ReturnType<typeof previewTree>): unknown => nodes.map((node) => [node.label, node.href, node.kind, shape(node.children)]);
    expect(shape(previewTree('s1', 3, pages))).toEqual([
      ['Intro', '/s/s1/~/changes/3/~/preview/intro', undefined, [['Untitled', '/s/s1/~/changes/3/~/preview/intro/more', undefined, []]]],
      ['Reference', undefined, 'group', [['API', '/s/s1/~/changes/3/~/preview/reference/api', undefined, []]]],
    ]);
    expect(previewScreenUrl('s1', 3)).toBe('/s/s1/~/changes/3/~/preview');
  });
});
