import type { TreeNode } from './tree-model';
import type { TreePlacement, TreeRules } from './tree-moves';

const isCollection = (node: TreeNode) => node.kind === 'collection';

/**
 * The organization's tree as the API allows it (docs/api-decisions.md, "Order, move and
 * transfer"): collections hold spaces and collections. The tree shows a parent's collections
 * before its spaces, so each is placed among its own kind (see `TreeRules.canSitBeside`).
 */
export const CONTENT_TREE_RULES: TreeRules = {
  canHold: (parent: TreeNode | null, _child: TreeNode) => parent === null || isCollection(parent),
  canSitBeside: (node: TreeNode, sibling: TreeNode) => isCollection(node) === isCollection(sibling),
};

type Sibling = { type: 'space'; space: string } | { type: 'collection'; collection: string };

/** The body of `POST /v1/spaces/{id}/move` or `/v1/collections/{id}/move` for a placement of `node`. */
export function contentMoveBody(node: TreeNode, placement: TreePlacement): { parent: string | null; position?: { before: Sibling } | { after: Sibling } } {
  // A placement beside a sibling is always beside one of the node's own kind.
  const sibling = (id: string): Sibling => (isCollection(node) ? { type: 'collection', collection: id } : { type: 'space', space: id });
  const position = placement.before ? { before: sibling(placement.before) } : placement.after ? { after: sibling(placement.after) } : undefined;
  return position ? { parent: placement.parent, position } : { parent: placement.parent };
}
