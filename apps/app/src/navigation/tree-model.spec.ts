import { ancestorsOf, treeKey, TreeNode, visibleNodes } from './tree-model';

const node = (id: string, children: TreeNode[] = []): TreeNode => ({ id, label: id.toUpperCase(), href: `/${id}`, children });
/** A node that only groups others: no address of its own. */
const group = (id: string, children: TreeNode[]): TreeNode => ({ id, label: id.toUpperCase(), children });
const tree = [node('a', [node('a1'), node('a2', [node('a2x')])]), node('b'), group('g', [node('g1')])];

describe('tree navigation (WAI-ARIA tree view keys)', () => {
  it('walks the visible nodes: children of expanded parents only', () => {
    expect(visibleNodes(tree, new Set()).map((row) => row.node.id)).toEqual(['a', 'b', 'g']);
    expect(visibleNodes(tree, new Set(['a', 'a2'])).map((row) => [row.node.id, row.depth])).toEqual([
      ['a', 0],
      ['a1', 1],
      ['a2', 1],
      ['a2x', 2],
      ['b', 0],
      ['g', 0],
    ]);
    expect(visibleNodes(tree, new Set(['a'])).map((row) => `${row.node.id} ${row.position}/${row.siblings}`)).toEqual(['a 1/3', 'a1 1/2', 'a2 2/2', 'b 2/3', 'g 3/3']);
  });

  it('moves with the arrows, Home and End; expands, enters, collapses and climbs with Right and Left; opens with Enter', () => {
    const open = new Set(['a']);
    expect(treeKey('ArrowDown', 'a', tree, open)).toEqual({ focus: 'a1' });
    expect(treeKey('ArrowDown', 'g', tree, open)).toBeNull();
    expect(treeKey('ArrowUp', 'b', tree, open)).toEqual({ focus: 'a2' });
    expect(treeKey('Home', 'b', tree, open)).toEqual({ focus: 'a' });
    expect(treeKey('End', 'a1', tree, open)).toEqual({ focus: 'g' });
    expect(treeKey('ArrowRight', 'a2', tree, open)).toEqual({ expand: 'a2' });
    expect(treeKey('ArrowRight', 'a', tree, open)).toEqual({ focus: 'a1' });
    expect(treeKey('ArrowRight', 'b', tree, open)).toBeNull();
    expect(treeKey('ArrowLeft', 'a', tree, open)).toEqual({ collapse: 'a' });
    expect(treeKey('ArrowLeft', 'a1', tree, open)).toEqual({ focus: 'a' });
    expect(treeKey('ArrowLeft', 'b', tree, open)).toBeNull();
    expect(treeKey('Enter', 'b', tree, open)).toEqual({ open: 'b' });
    expect(treeKey('Enter', 'g', tree, open)).toEqual({ expand: 'g' }); // a group without a page toggles
    expect(treeKey('x', 'b', tree, open)).toBeNull();
  });

  it('finds the way to a node, to expand it', () => {
    expect(ancestorsOf(tree, 'a2x')).toEqual(['a', 'a2']);
    expect(ancestorsOf(tree, 'b')).toEqual([]);
    expect(ancestorsOf(tree, 'missing')).toEqual([]);
  });
});
