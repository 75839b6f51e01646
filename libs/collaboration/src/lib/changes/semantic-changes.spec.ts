import { diffTrees } from '../merge/diff-trees';
import type { NodeLoader, PageNodeInfo } from '../merge/page-version';
import { fileChanges, FileVersion, pageChanges, reusableContentChanges, variableChanges } from './semantic-changes';

/** An in-memory node store that counts what the diff reads. */
function store() {
  const nodes = new Map<string, PageNodeInfo>();
  let next = 1;
  let loaded = 0;
  const put = (pageId: string, fields: Partial<PageNodeInfo> = {}, children: string[] = []): string => {
    const nodeId = String(next++);
    nodes.set(nodeId, {
      nodeId, pageId, type: 'document', title: pageId, slug: pageId, emoji: null, description: null,
      hidden: false, noIndex: false, href: null, documentHash: `h-${pageId}`, variables: null, children, ...fields,
    });
    return nodeId;
  };
  const load: NodeLoader = async (ids) => {
    loaded += ids.length;
    return ids.map((id) => nodes.get(id) as PageNodeInfo);
  };
  return { put, load, loaded: () => loaded };
}

describe('pageChanges', () => {
  it('reports created, edited (own attributes only), moved and deleted pages; ancestors that only changed children are not edited', async () => {
    const s = store();
    const a = s.put('a');
    const b = s.put('b');
    const group = s.put('g', { type: 'group', documentHash: null }, [a]);
    const base = [group, b];
    const a2 = s.put('a', { title: 'A!', documentHash: 'h-a2' });
    const n = s.put('n');
    const group2 = s.put('g', { type: 'group', documentHash: null }, [n]);
    const side = [group2, a2];
    const changes = pageChanges(await diffTrees(base, side, s.load));
    const summary = changes.map((c) => `${c.type} ${'page' in c ? c.page.pageId : c.after.pageId}${c.type === 'page_edited' ? ` ${c.fields.join(',')}` : ''}`);
    expect(summary.sort()).toEqual(['page_created n', 'page_deleted b', 'page_edited a title,document', 'page_moved a'].sort());
    const moved = changes.find((c) => c.type === 'page_moved');
    expect(moved).toMatchObject({ parentBefore: { pageId: 'g' }, parentAfter: null });
  });

  it('a change of an attribute the reference does not show (hidden) is not reported; nothing changed: nothing', async () => {
    const s = store();
    const a = s.put('a');
    expect(pageChanges(await diffTrees([a], [s.put('a', { hidden: true })], s.load))).toEqual([]);
    expect(pageChanges(await diffTrees([a], [a], s.load))).toEqual([]);
  });

  it('reads only the nodes that differ: one edit in 2,000 pages', async () => {
    const s = store();
    const leaves = Array.from({ length: 100 }, (_, i) => Array.from({ length: 20 }, (_, j) => s.put(`p${i}-${j}`)));
    const parents = leaves.map((children, i) => s.put(`p${i}`, {}, children));
    const edited = [...leaves[42]];
    edited[7] = s.put('p42-7', { title: 'changed' });
    const side = [...parents];
    side[42] = s.put('p42', {}, edited);
    const changes = pageChanges(await diffTrees(parents, side, s.load));
    expect(changes.map((c) => c.type)).toEqual(['page_edited']);
    expect(s.loaded()).toBeLessThan(10);
  });
});

describe('files, reusable contents, variables', () => {
  const file = (fileId: string, name: string): FileVersion => ({ fileId, name, contentType: 'image/png', size: 1, width: null, height: null, blobHash: name });

  it('pairs file entries by file id', () => {
    const changes = fileChanges([file('f1', 'a.png'), file('f2', 'b.png')], [file('f1', 'a2.png'), file('f3', 'c.png')]);
    expect(changes.map((c) => `${c.type} ${'file' in c ? c.file.fileId : c.after.fileId}`)).toEqual(['file_edited f1', 'file_created f3', 'file_deleted f2']);
  });

  it('compares reusable contents by id and JSON, variables by name', () => {
    const changes = reusableContentChanges([{ id: 'x', v: [1] }, { id: 'y' }], [{ id: 'x', v: [1] }, { id: 'z' }]);
    expect(changes.map((c) => c.type)).toEqual(['reusable_content_created', 'reusable_content_deleted']);
    expect(reusableContentChanges([{ id: 'x', v: { a: 1 } }], [{ id: 'x', v: { a: 2 } }])[0].type).toBe('reusable_content_edited');
    expect(variableChanges({ a: 1, b: { c: 1 } }, { a: 1, b: { c: 1 } })).toBeNull();
    expect(variableChanges({ a: 1, gone: 'x' }, { a: 2 })).toEqual({ a: { before: 1, after: 2 }, gone: { before: 'x' } });
  });
});
