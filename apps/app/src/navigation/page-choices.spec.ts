import type { RevisionPage } from '../api/types';
import { pageChoices } from './page-choices';

const document = (id: string, title: string, path: string, pages: RevisionPage[] = []) => ({ kind: 'sheet', type: 'document', id, title, path, slug: path.split('/').pop(), pages }) as unknown as RevisionPage;
const group = (id: string, title: string, pages: RevisionPage[]) => ({ kind: 'group', type: 'group', id, title, slug: id, path: id, pages }) as unknown as RevisionPage;
const link = (id: string, title: string) => ({ kind: 'link', type: 'link', id, title, target: { kind: 'url', url: 'https://example.com' } }) as unknown as RevisionPage;

describe('the pages the editor lists for a link', () => {
  it('lists every document at any depth in tree order, with its path; groups and links are not documents', () => {
    const tree = [
      document('a', 'Intro', 'intro', [document('a1', 'Install', 'intro/install')]),
      group('g', 'Guides', [document('g1', '', 'guides/untitled'), link('l', 'Elsewhere')]),
      link('l2', 'Status'),
    ];
    expect(pageChoices(tree)).toEqual([
      { id: 'a', title: 'Intro', path: 'intro' },
      { id: 'a1', title: 'Install', path: 'intro/install' },
      { id: 'g1', title: 'Untitled', path: 'guides/untitled' },
    ]);
  });
});
