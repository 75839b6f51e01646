import { api } from '../api/client';
import { contentMoveBody, CONTENT_TREE_RULES } from './content-tree-rules';
import type { TreeNode } from './tree-model';
import type { TreeEditing } from './tree-view';

/** The spaces of a node: itself when it is one, every space under it when it is a collection. */
export function spacesOf(node: TreeNode): TreeNode[] {
  return node.kind === 'collection' ? node.children.flatMap(spacesOf) : [node];
}

/**
 * The organization's collections and spaces edited through the API (docs/api-decisions.md,
 * "Spaces and collections"): each change is one request, then `refresh` reads the tree again;
 * `removed` is told what went, with the spaces deleted with it (each restorable for 7 days).
 */
export function contentTreeEditing(refresh: () => Promise<void>, removed: (node: TreeNode, spaces: TreeNode[]) => void): TreeEditing {
  const path = (node: TreeNode) => (node.kind === 'collection' ? `/v1/collections/${node.id}` : `/v1/spaces/${node.id}`);
  return {
    rules: CONTENT_TREE_RULES,
    titleMaxLength: 50,
    move: async (node, placement) => {
      await api.post(`${path(node)}/move`, contentMoveBody(node, placement));
      await refresh();
    },
    rename: async (node, title) => {
      await api.patch(path(node), { title });
      await refresh();
    },
    deleteWarning: (node) => {
      if (node.kind !== 'collection') return 'The space disappears at once. It can be restored for 7 days, then it is removed for good.';
      const spaces = spacesOf(node).length;
      return `The collection and the collections in it are deleted for good. ${
        spaces === 0 ? 'It holds no space.' : `Its ${spaces === 1 ? 'space' : `${spaces} spaces`} can be restored for 7 days, one by one, at the top level.`
      }`;
    },
    remove: async (node) => {
      await api.delete(path(node));
      removed(node, spacesOf(node));
      await refresh();
    },
  };
}
