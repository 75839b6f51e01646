import { markdownToDocument } from '@docs/document-model';
import type { PageTreeNode } from '../content-reads/content-reader.service';
import { fileName } from './pdf-exports.service';
import { pdfPages, referencedFileIds } from './pdf-pages';

const node = (pageId: string, pages: PageTreeNode[] = [], type: PageTreeNode['type'] = 'document'): PageTreeNode => ({
  nodeId: pageId,
  pageId,
  type,
  title: pageId.toUpperCase(),
  slug: pageId,
  emoji: null,
  description: null,
  hidden: false,
  noIndex: false,
  href: null,
  documentHash: null,
  variables: null,
  createdAt: new Date(0),
  updatedAt: new Date(0),
  path: pageId,
  pages,
});

describe('pdfPages', () => {
  const tree = [node('a', [node('b', [node('c')]), node('d')]), node('g', [], 'group')];
  const bodies: Record<string, string> = { a: '![](ref:file/f1)', c: '{% file src="ref:file/f2" %}\n\n![](ref:file/f1)' };
  const documentOf = (page: PageTreeNode) => markdownToDocument(bodies[page.pageId] ?? '');

  it('lists pages in reading order with their depth; groups have no body', () => {
    const pages = pdfPages(tree, documentOf);
    expect(pages.map((page) => [page.pageId, page.depth])).toEqual([
      ['a', 0],
      ['b', 1],
      ['c', 2],
      ['d', 1],
      ['g', 0],
    ]);
    expect(pages[4].document).toBeNull();
  });

  it('keeps the roots alone with `only`', () => {
    expect(pdfPages([tree[0].pages[0]], documentOf, true).map((page) => page.pageId)).toEqual(['b']);
  });

  it('collects the files that bodies show or attach, once each', () => {
    expect(referencedFileIds(pdfPages(tree, documentOf))).toEqual(['f1', 'f2']);
  });
});

describe('fileName', () => {
  it('joins title and subtitle and drops what file systems refuse', () => {
    expect(fileName('Handbook', null)).toBe('Handbook.pdf');
    expect(fileName('A/B: "docs"', 'Change request #2')).toBe('A-B- -docs- - Change request #2.pdf');
    expect(fileName('  ', null)).toBe('export.pdf');
  });
});
