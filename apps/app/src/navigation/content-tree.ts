import type { Collection, Space } from '../api/types';
import { emojiText } from './emoji-text';
import type { TreeNode } from './tree-model';

/**
 * An organization's content as a tree: collections (nested by `parent`) holding their spaces and
 * sub-collections, top-level spaces beside them, in the order the API lists them (the stored order).
 * A node is editable (rename, move, delete) when the person is an admin of it.
 */
export function contentTree(collections: Collection[], spaces: Space[]): TreeNode[] {
  const nodes = new Map<string, TreeNode>(
    collections.map((collection) => [
      collection.id,
      { id: collection.id, label: collection.title, href: `/c/${collection.id}`, kind: 'collection', editable: collection.permissions?.admin === true, children: [] },
    ]),
  );
  const roots: TreeNode[] = [];
  const place = (node: TreeNode, parent: string | undefined) => (parent && nodes.has(parent) ? nodes.get(parent)!.children : roots).push(node);
  for (const collection of collections) place(nodes.get(collection.id)!, collection.parent);
  for (const space of spaces) {
    const emoji = space.emoji ? `${emojiText(space.emoji)} ` : '';
    const title = space.title || 'Untitled';
    place({ id: space.id, label: `${emoji}${title}`, title, href: `/s/${space.id}`, editable: space.permissions?.admin === true, children: [] }, space.parent);
  }
  return roots;
}
