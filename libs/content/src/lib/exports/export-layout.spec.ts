import type { PageTreeNode } from '../content-reads/content-reader.service';
import { planExportLayout, RecordedPath } from './export-layout';
import { summaryFileText } from './export-files';
import { relativeRefs } from './layout-links';

let nodes = 0;
function page(pageId: string, slug: string | null, pages: PageTreeNode[] = [], type: PageTreeNode['type'] = 'document', title = pageId): PageTreeNode {
  return {
    nodeId: String(++nodes),
    pageId,
    type,
    title,
    slug,
    emoji: null,
    description: null,
    hidden: false,
    noIndex: false,
    href: type === 'link' ? 'https://example.com' : null,
    documentHash: null,
    variables: null,
    createdAt: new Date(0),
    updatedAt: new Date(0),
    path: slug,
    pages,
  };
}

const recordedPage = (itemId: string, path: string, parentId: string | null, name: string): RecordedPath => ({ kind: 'page', itemId, path, parentId, name });
const files = (layout: ReturnType<typeof planExportLayout>) => Object.fromEntries([...layout.pages].map(([id, placed]) => [id, placed.file ?? `${placed.folder}/`]));

describe('planExportLayout', () => {
  it('derives GitBook paths: the first page is the readme, a page with children a folder README, groups folders', () => {
    const layout = planExportLayout({
      pages: [
        page('intro', 'introduction'),
        page('guide', 'guide', [page('install', 'install'), page('deep', 'deep', [page('leaf', 'leaf')])]),
        page('ref', 'reference', [page('api', 'api'), page('status', null, [], 'link')], 'group'),
      ],
      files: [
        { fileId: 'f1', name: 'logo.png' },
        { fileId: 'f2', name: 'logo.png' },
      ],
      reusableContents: [
        { id: 'r1', title: 'Support contact' },
        { id: 'r2', title: 'Support contact' },
      ],
    });
    expect(files(layout)).toEqual({
      intro: 'README.md',
      guide: 'guide/README.md',
      install: 'guide/install.md',
      deep: 'guide/deep/README.md',
      leaf: 'guide/deep/leaf.md',
      ref: 'reference/',
      api: 'reference/api.md',
    });
    expect([...layout.files.values()]).toEqual(['.gitbook/assets/logo.png', '.gitbook/assets/logo (1).png']);
    expect([...layout.includes.values()]).toEqual(['.gitbook/includes/support-contact.md', '.gitbook/includes/support-contact (1).md']);
  });

  it('keeps recorded paths while pages stay where they were, and derives anew for moved and renamed pages', () => {
    const tree = [
      page('intro', 'introduction'),
      page('quick', 'developer-quickstart', [page('kept', 'kept-child')]),
      page('moved', 'moved'),
      page('renamed', 'new-name'),
      page('grown', 'grown', [page('child', 'child')]),
    ];
    const layout = planExportLayout({
      pages: tree,
      files: [{ fileId: 'f1', name: 'LICENSE' }],
      reusableContents: [],
      recorded: [
        { kind: 'readme', itemId: 'readme', path: 'README.md', parentId: null, name: null },
        recordedPage('intro', 'README.md', null, 'introduction'),
        recordedPage('quick', 'discover/getting-started/developers/README.md', null, 'developer-quickstart'),
        recordedPage('kept', 'odd place/kept child.md', 'quick', 'kept-child'),
        recordedPage('moved', 'old/moved.md', 'quick', 'moved'),
        recordedPage('renamed', 'old-name.md', null, 'old-name'),
        recordedPage('grown', 'grown.md', null, 'grown'),
        { kind: 'file', itemId: 'f1', path: 'LICENSE', parentId: null, name: 'LICENSE' },
      ],
    });
    expect(files(layout)).toEqual({
      intro: 'README.md',
      quick: 'discover/getting-started/developers/README.md',
      kept: 'odd place/kept child.md',
      moved: 'moved.md',
      renamed: 'new-name.md',
      grown: 'grown.md',
      child: 'grown/child.md',
    });
    expect(layout.files.get('f1')).toBe('LICENSE');
  });

  it('never lets two pages share a file, and a page that is no longer first gives the readme up', () => {
    const layout = planExportLayout({
      pages: [page('new-first', 'welcome'), page('old-first', 'introduction'), page('a', 'same'), page('b', 'same-2'), page('c', 'same')],
      files: [],
      reusableContents: [],
      recorded: [recordedPage('old-first', 'README.md', null, 'introduction'), recordedPage('b', 'same.md', null, 'same-2')],
    });
    expect(files(layout)).toEqual({ 'new-first': 'README.md', 'old-first': 'introduction.md', a: 'same-2.md', b: 'same.md', c: 'same-3.md' });
  });

  it('writes SUMMARY.md with groups (anchored when their slug is not their title) and relative links', () => {
    const tree = [page('intro', 'introduction', [], 'document', 'Welcome'), page('g', 'discover', [page('start', 'start', [page('inner', 'inner')])], 'group', 'Discover Hemi')];
    const layout = planExportLayout({ pages: tree, files: [{ fileId: 'f1', name: 'a b.png' }], reusableContents: [] });
    expect(summaryFileText(tree, layout)).toBe(
      '# Table of contents\n\n* [Welcome](README.md)\n\n## Discover Hemi <a href="#discover" id="discover"></a>\n\n* [start](discover/start/README.md)\n  * [inner](discover/start/inner.md)\n',
    );
    const refs = relativeRefs('discover/start/inner.md', layout);
    expect(refs({ kind: 'page', page: 'intro' })).toBe('../../README.md');
    expect(refs({ kind: 'page', page: 'start' })).toBe('./');
    expect(refs({ kind: 'anchor', page: 'start', anchor: 'setup' })).toBe('./#setup');
    expect(refs({ kind: 'file', file: 'f1' })).toBe('../../.gitbook/assets/a b.png');
    expect(refs({ kind: 'page', page: 'unknown' })).toBeUndefined();
    expect(refs({ kind: 'page', page: 'start', space: 'other' })).toBeUndefined();
    expect(relativeRefs('README.md', layout)({ kind: 'page', page: 'inner' })).toBe('discover/start/inner.md');
  });
});
