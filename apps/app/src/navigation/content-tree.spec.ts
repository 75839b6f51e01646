import type { Collection, Space } from '../api/types';
import { contentTree } from './content-tree';

const collection = (id: string, title: string, parent?: string) => ({ id, title, parent, permissions: { admin: true } }) as Collection;
const space = (id: string, title: string, parent?: string, emoji?: string, admin = true) => ({ id, title, parent, emoji, permissions: { admin } }) as Space;

describe('contentTree', () => {
  it('nests collections and their spaces, top-level spaces beside them, in the order given', () => {
    const tree = contentTree(
      [collection('c1', 'Guides'), collection('c2', 'Internal', 'c1')],
      [space('s1', 'Handbook'), space('s2', 'Setup', 'c1', '1f680'), space('s3', 'Runbooks', 'c2'), space('s4', '')],
    );
    const shape = (nodes: typeof tree): unknown => nodes.map((node) => [node.label, node.href, shape(node.children)]);
    expect(shape(tree)).toEqual([
      ['Guides', '/c/c1', [['Internal', '/c/c2', [['Runbooks', '/s/s3', []]]], ['🚀 Setup', '/s/s2', []]]],
      ['Handbook', '/s/s1', []],
      ['Untitled', '/s/s4', []],
    ]);
  });

  it('lets the person edit what they are an admin of; renaming edits the title without its emoji', () => {
    const [rocket, theirs, plain] = contentTree([], [space('s1', 'Setup', undefined, '1f680'), space('s2', 'Theirs', undefined, undefined, false), space('s3', 'Plain', undefined, '✨')]);
    expect([rocket.label, rocket.title, rocket.editable]).toEqual(['🚀 Setup', 'Setup', true]);
    expect(theirs.editable).toBe(false);
    expect(plain.label).toBe('✨ Plain');
  });
});
