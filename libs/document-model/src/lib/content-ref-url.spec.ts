import type { ContentRef } from '@gitbook/api';
import { refFromUrl, urlFromRef } from './content-ref-url';

describe('ref: URLs', () => {
  const refs: [string, ContentRef][] = [
    ['ref:page/p1', { kind: 'page', page: 'p1' }],
    ['ref:page/p1#install', { kind: 'anchor', anchor: 'install', page: 'p1' }],
    ['ref:space/s1/page/p1', { kind: 'page', page: 'p1', space: 's1' }],
    ['ref:space/s1/page/p1#faq', { kind: 'anchor', anchor: 'faq', page: 'p1', space: 's1' }],
    ['ref:space/s1', { kind: 'space', space: 's1' }],
    ['ref:file/f1', { kind: 'file', file: 'f1' }],
    ['ref:user/u1', { kind: 'user', user: 'u1' }],
    ['ref:collection/c1', { kind: 'collection', collection: 'c1' }],
    ['ref:reusable-content/r1', { kind: 'reusable-content', reusableContent: 'r1' }],
    ['ref:openapi/petstore', { kind: 'openapi', spec: 'petstore' }],
    ['#setup', { kind: 'anchor', anchor: 'setup' }],
    ['https://example.com/a#b', { kind: 'url', url: 'https://example.com/a#b' }],
    ['../guide.md#x', { kind: 'url', url: '../guide.md#x' }],
  ];

  it.each(refs)('%s reads as its reference and is written back the same', (url, ref) => {
    expect(refFromUrl(url)).toEqual(ref);
    expect(urlFromRef(ref)).toBe(url);
  });

  it.each(['ref:nothing/x', 'ref:page/', 'ref:file/a/b', 'ref:space/s1/file/f1', '#'])('%s names nothing known and stays a URL', (url) => {
    expect(refFromUrl(url)).toEqual({ kind: 'url', url });
  });
});
