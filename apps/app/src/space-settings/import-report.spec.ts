import type { RevisionPage } from '../api/types';
import { formatBytes, importedPages, importSourceOfFile } from './import-report';

const page = (id: string, title: string, pages: RevisionPage[] = [], type: 'document' | 'group' = 'document') =>
  ({ kind: 'sheet', type, id, title, path: title.toLowerCase(), slug: title.toLowerCase(), pages }) as unknown as RevisionPage;

describe('importSourceOfFile', () => {
  it('tells the kind by the extension, else by the media type', () => {
    expect(importSourceOfFile('docs.zip')).toBe('zip');
    expect(importSourceOfFile('Guide.MD')).toBe('markdown');
    expect(importSourceOfFile('notes.markdown')).toBe('markdown');
    expect(importSourceOfFile('page.htm')).toBe('html');
    expect(importSourceOfFile('Report.docx')).toBe('docx');
    expect(importSourceOfFile('export', 'application/zip')).toBe('zip');
    expect(importSourceOfFile('picture.png', 'image/png')).toBeUndefined();
    expect(importSourceOfFile('old.doc')).toBeUndefined();
  });
});

describe('importedPages', () => {
  it('lists the pages that were not there before, with their depth among the new ones', () => {
    const before = [page('a', 'Intro')];
    const after = [page('a', 'Intro'), page('b', 'Guide', [page('c', 'Install'), page('d', 'Use', [page('e', 'Tips')])]), page('f', 'FAQ')];
    expect(importedPages(before, after).map((p) => [p.title, p.depth])).toEqual([
      ['Guide', 0],
      ['Install', 1],
      ['Use', 1],
      ['Tips', 2],
      ['FAQ', 0],
    ]);
    expect(importedPages(before, after)[1]).toMatchObject({ id: 'c', path: 'install', kind: 'document' });
  });

  it('finds new pages under an existing one too, and none when nothing came', () => {
    const before = [page('a', 'Intro')];
    expect(importedPages(before, [page('a', 'Intro', [page('n', 'New')])]).map((p) => [p.id, p.depth])).toEqual([['n', 0]]);
    expect(importedPages(before, before)).toEqual([]);
  });
});

describe('formatBytes', () => {
  it('reads as people read sizes', () => {
    expect(formatBytes(812)).toBe('812 B');
    expect(formatBytes(3500)).toBe('3.4 KB');
    expect(formatBytes(12 * 1024 * 1024)).toBe('12.0 MB');
  });
});
