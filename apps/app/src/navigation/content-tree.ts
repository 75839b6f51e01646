import type { Collection, Space } from '../api/types';
import type { TreeNode } from './tree-model';

/**
 * An organization's content as a tree: collections (nested by `parent`) holding their spaces and
 * sub-collections, top-level spaces beside them, in the order the API lists them (the stored order).
 */
export function contentTree(collections: Collection[], spaces: Space[]): TreeNode[] {
  const nodes = new Map<string, TreeNode>(collections.map((collection) => [collection.id, { id: collection.id, label: collection.title, href: `/c/${collection.id}`, kind: 'collection', children: [] }]));
  const roots: TreeNode[] = [];
  const place = (node: TreeNode, parent: string | undefined) => (parent && nodes.has(parent) ? nodes.get(parent)!.children : roots).push(node);
  for (const collection of collections) place(nodes.get(collection.id)!, collection.parent);
  for (const space of spaces) place({ id: space.id, label: `${space.emoji ? `${String.fromCodePoint(parseInt(space.emoji, 16))} ` : ''}${space.title || 'Untitled'}`, href: `/s/${space.id}`, children: [] }, space.parent);
  return roots;
}
