import type { TreeNode } from './tree-model';
import type { TreePlacement, TreeRules } from './tree-moves';

/**
 * A space's page tree as the API allows it (docs/api-decisions.md, "Writing pages"): groups only at
 * the top level, links hold no pages; any page may sit beside any other.
 */
export const PAGE_TREE_RULES: TreeRules = {
  canHold: (parent: TreeNode | null, child: TreeNode) => parent === null || (parent.kind !== 'link' && child.kind !== 'group'),
  canSitBeside: () => true,
};

/** The body of `POST .../content/page/{pageId}/move` for a placement. */
export function pageMoveBody(placement: TreePlacement): { parent: string | null; position?: { before: string } | { after: string } } {
  const position = placement.before ? { before: placement.before } : placement.after ? { after: placement.after } : undefined;
  return position ? { parent: placement.parent, position } : { parent: placement.parent };
}
