import { contentMoveBody, CONTENT_TREE_RULES } from './content-tree-rules';
import { pageMoveBody, PAGE_TREE_RULES } from './page-tree-rules';
import type { TreeNode } from './tree-model';
import { dropPlacement, dropZone, keyboardMove } from './tree-moves';

const page = (id: string, children: TreeNode[] = []): TreeNode => ({ id, label: id, href: `/${id}`, children });
const group = (id: string, children: TreeNode[] = []): TreeNode => ({ id, label: id, kind: 'group', children });
const link = (id: string): TreeNode => ({ id, label: id, kind: 'link', children: [] });

// g: a group holding a (with a1, a2) and b; then c, a link l, d at the top level.
const pages = () => [group('g', [page('a', [page('a1'), page('a2')]), page('b')]), page('c'), link('l'), page('d')];

describe('keyboard moves in a page tree', () => {
  const move = (id: string, direction: 'up' | 'down' | 'in' | 'out') => keyboardMove(pages(), id, direction, PAGE_TREE_RULES);

  it('moves up and down among siblings, and not past either end', () => {
    expect(move('b', 'up')).toEqual({ placement: { parent: 'g', before: 'a' } });
    expect(move('a', 'down')).toEqual({ placement: { parent: 'g', after: 'b' } });
    expect(move('c', 'up')).toEqual({ placement: { parent: null, before: 'g' } });
    expect(move('a', 'up')).toBeNull();
    expect(move('d', 'down')).toBeNull();
    expect(move('a2', 'down')).toBeNull();
  });

  it('nests under the nearest earlier sibling that can hold it, last there', () => {
    expect(move('b', 'in')).toEqual({ placement: { parent: 'a' }, target: expect.objectContaining({ id: 'a' }) });
    expect(move('c', 'in')).toEqual({ placement: { parent: 'g' }, target: expect.objectContaining({ id: 'g' }) });
    // A link holds no pages: d nests under c, before the link.
    expect(move('d', 'in')?.placement).toEqual({ parent: 'c' });
    // The first of its siblings has nowhere to go; a group cannot go under a page.
    expect(move('a', 'in')).toBeNull();
    expect(move('g', 'in')).toBeNull();
  });

  it('moves out to just after its parent', () => {
    expect(move('a1', 'out')).toEqual({ placement: { parent: 'g', after: 'a' }, target: expect.objectContaining({ id: 'a' }) });
    expect(move('b', 'out')).toEqual({ placement: { parent: null, after: 'g' }, target: expect.objectContaining({ id: 'g' }) });
    expect(move('c', 'out')).toBeNull();
    expect(move('missing', 'up')).toBeNull();
  });

  it('turns a placement into the API body', () => {
    expect(pageMoveBody({ parent: 'g', before: 'a' })).toEqual({ parent: 'g', position: { before: 'a' } });
    expect(pageMoveBody({ parent: null, after: 'g' })).toEqual({ parent: null, position: { after: 'g' } });
    expect(pageMoveBody({ parent: 'a' })).toEqual({ parent: 'a' });
  });
});

describe('drag and drop in a page tree', () => {
  const drop = (dragged: string, target: string, zone: 'before' | 'inside' | 'after') => dropPlacement(pages(), dragged, target, zone, PAGE_TREE_RULES);

  it('places beside the row or into it', () => {
    expect(drop('d', 'a', 'before')).toEqual({ parent: 'g', before: 'a' });
    expect(drop('d', 'a1', 'after')).toEqual({ parent: 'a', after: 'a1' });
    expect(drop('d', 'b', 'inside')).toEqual({ parent: 'b' });
    expect(drop('a1', 'g', 'before')).toEqual({ parent: null, before: 'g' });
  });

  it('refuses what the API refuses, and what would change nothing', () => {
    expect(drop('a', 'a1', 'inside')).toBeNull(); // into its own subtree
    expect(drop('a', 'a', 'after')).toBeNull();
    expect(drop('d', 'l', 'inside')).toBeNull(); // a link holds no pages
    expect(drop('g', 'c', 'inside')).toBeNull(); // groups only at the top level
    expect(drop('g', 'a', 'before')).toBeNull();
    expect(drop('a', 'b', 'before')).toBeNull(); // already just before b
    expect(drop('b', 'a', 'after')).toBeNull(); // already just after a
    expect(drop('a2', 'a', 'inside')).toBeNull(); // already last under a
    expect(drop('a1', 'a', 'inside')).toEqual({ parent: 'a' }); // to the end of a
  });

  it('reads the zone from where the pointer is on the row', () => {
    expect(dropZone(2, 32, true)).toBe('before');
    expect(dropZone(16, 32, true)).toBe('inside');
    expect(dropZone(30, 32, true)).toBe('after');
    expect(dropZone(12, 32, false)).toBe('before');
    expect(dropZone(20, 32, false)).toBe('after');
  });
});

describe('moves in the organization tree (collections before spaces)', () => {
  const collection = (id: string, children: TreeNode[] = []): TreeNode => ({ id, label: id, kind: 'collection', children });
  const space = (id: string): TreeNode => ({ id, label: id, children: [] });
  const content = () => [collection('c1', [collection('c2'), space('s1'), space('s2')]), collection('c3'), space('s3'), space('s4')];
  const move = (id: string, direction: 'up' | 'down' | 'in' | 'out') => keyboardMove(content(), id, direction, CONTENT_TREE_RULES);

  it('moves a space among spaces and a collection among collections', () => {
    expect(move('s4', 'up')).toEqual({ placement: { parent: null, before: 's3' } });
    expect(move('s3', 'up')).toBeNull(); // the collections above are not its kind
    expect(move('c3', 'down')).toBeNull();
    expect(move('c3', 'up')).toEqual({ placement: { parent: null, before: 'c1' } });
  });

  it('nests into the nearest earlier collection, and moves out last or after its parent', () => {
    expect(move('s4', 'in')?.placement).toEqual({ parent: 'c3' });
    expect(move('s1', 'in')?.placement).toEqual({ parent: 'c2' });
    expect(move('s1', 'out')?.placement).toEqual({ parent: null }); // last: a space does not sit beside a collection
    expect(move('c2', 'out')?.placement).toEqual({ parent: null, after: 'c1' });
  });

  it('drops only where the tree shows it', () => {
    expect(dropPlacement(content(), 's3', 'c2', 'inside', CONTENT_TREE_RULES)).toEqual({ parent: 'c2' });
    expect(dropPlacement(content(), 's3', 'c2', 'before', CONTENT_TREE_RULES)).toBeNull();
    expect(dropPlacement(content(), 's3', 's1', 'after', CONTENT_TREE_RULES)).toEqual({ parent: 'c1', after: 's1' });
    expect(dropPlacement(content(), 's3', 's4', 'inside', CONTENT_TREE_RULES)).toBeNull();
    expect(dropPlacement(content(), 'c1', 'c2', 'inside', CONTENT_TREE_RULES)).toBeNull();
  });

  it('names the sibling by its kind in the API body', () => {
    expect(contentMoveBody(space('s4'), { parent: null, before: 's3' })).toEqual({ parent: null, position: { before: { type: 'space', space: 's3' } } });
    expect(contentMoveBody(collection('c2'), { parent: null, after: 'c1' })).toEqual({ parent: null, position: { after: { type: 'collection', collection: 'c1' } } });
    expect(contentMoveBody(space('s1'), { parent: 'c3' })).toEqual({ parent: 'c3' });
  });
});
