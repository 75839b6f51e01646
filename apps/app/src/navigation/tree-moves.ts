import type { TreeNode } from './tree-model';

/**
 * Where a node goes: under `parent` (null: the top level), just before or just after a sibling
 * there, or last among its new siblings when neither is given. What the API's move operations
 * take, before each tree turns it into its own body.
 */
export interface TreePlacement {
  parent: string | null;
  before?: string;
  after?: string;
}

/** What a tree allows, which only its kind of content knows. */
export interface TreeRules {
  /** Whether `child` may sit under `parent` (null: the top level). */
  canHold(parent: TreeNode | null, child: TreeNode): boolean;
  /**
   * Whether `node` may be placed just before or after `sibling`. The organization's tree shows
   * collections before spaces, in the order the API lists each kind (it does not say how they
   * interleave), so a space is placed among spaces, a collection among collections: any other
   * placement would not show where it was made.
   */
  canSitBeside(node: TreeNode, sibling: TreeNode): boolean;
}

export type KeyboardMove = 'up' | 'down' | 'in' | 'out';

/** A node, its parent (undefined at the top level) and its siblings (itself included). */
export interface NodePlace {
  node: TreeNode;
  parent?: TreeNode;
  siblings: TreeNode[];
  index: number;
}

export function placeOf(roots: TreeNode[], id: string): NodePlace | undefined {
  const find = (siblings: TreeNode[], parent?: TreeNode): NodePlace | undefined => {
    for (let index = 0; index < siblings.length; index++) {
      const node = siblings[index];
      if (node.id === id) return { node, parent, siblings, index };
      const found = find(node.children, node);
      if (found) return found;
    }
    return undefined;
  };
  return find(roots);
}

/** Whether `id` is `ancestor` itself or anywhere under it. */
export function isWithin(ancestor: TreeNode, id: string): boolean {
  return ancestor.id === id || ancestor.children.some((child) => isWithin(child, id));
}

/** The sibling a keyboard move names ("Move into “Guides”"), when it has one. */
export interface KeyboardMoveTarget {
  placement: TreePlacement;
  /** The node moved into (in) or out of (out). */
  target?: TreeNode;
}

/**
 * The outliner's moves (Alt and an arrow, or the node's menu): up and down swap with the nearest
 * sibling it may sit beside; in goes last under the nearest earlier sibling that can hold it;
 * out goes to the parent's parent, just after the parent when it may sit beside it, else last.
 * Null when the move is not possible from where the node is.
 */
export function keyboardMove(roots: TreeNode[], id: string, move: KeyboardMove, rules: TreeRules): KeyboardMoveTarget | null {
  const place = placeOf(roots, id);
  if (!place) return null;
  const { node, parent, siblings, index } = place;
  const parentId = parent?.id ?? null;
  switch (move) {
    case 'up': {
      const previous = siblings.slice(0, index).reverse().find((sibling) => rules.canSitBeside(node, sibling));
      return previous ? { placement: { parent: parentId, before: previous.id } } : null;
    }
    case 'down': {
      const next = siblings.slice(index + 1).find((sibling) => rules.canSitBeside(node, sibling));
      return next ? { placement: { parent: parentId, after: next.id } } : null;
    }
    case 'in': {
      const holder = siblings.slice(0, index).reverse().find((sibling) => rules.canHold(sibling, node));
      return holder ? { placement: { parent: holder.id }, target: holder } : null;
    }
    case 'out': {
      if (!parent) return null;
      const grandparent = placeOf(roots, parent.id)!.parent;
      if (!rules.canHold(grandparent ?? null, node)) return null;
      const placement: TreePlacement = { parent: grandparent?.id ?? null };
      if (rules.canSitBeside(node, parent)) placement.after = parent.id;
      return { placement, target: parent };
    }
  }
}

/** Where, on a row, a dragged node would land. */
export type DropZone = 'before' | 'inside' | 'after';

/**
 * The zone under the pointer, `offset` pixels from the top of a row `height` high: its top and
 * bottom quarters put the node beside the row, the middle into it (when the row can hold it; else
 * the nearer edge).
 */
export function dropZone(offset: number, height: number, canNest: boolean): DropZone {
  const ratio = height > 0 ? offset / height : 0.5;
  if (canNest) return ratio < 0.25 ? 'before' : ratio > 0.75 ? 'after' : 'inside';
  return ratio < 0.5 ? 'before' : 'after';
}

/**
 * Where dropping `dragged` on `target`'s zone puts it; null when the tree does not allow it
 * (into itself or its own subtree, under a node that cannot hold it, beside a node it may not
 * sit beside) or when it would stay where it is.
 */
export function dropPlacement(roots: TreeNode[], draggedId: string, targetId: string, zone: DropZone, rules: TreeRules): TreePlacement | null {
  const dragged = placeOf(roots, draggedId);
  const target = placeOf(roots, targetId);
  if (!dragged || !target || isWithin(dragged.node, targetId)) return null;
  if (zone === 'inside') {
    if (!rules.canHold(target.node, dragged.node)) return null;
    // Already last under it: nothing would change.
    if (dragged.parent?.id === target.node.id && dragged.index === dragged.siblings.length - 1) return null;
    return { parent: target.node.id };
  }
  const parent = target.parent ?? null;
  if (!rules.canHold(parent, dragged.node) || !rules.canSitBeside(dragged.node, target.node)) return null;
  if (dragged.parent?.id === target.parent?.id) {
    const step = zone === 'before' ? -1 : 1;
    if (target.siblings[target.index + step]?.id === draggedId) return null;
  }
  return zone === 'before' ? { parent: parent?.id ?? null, before: target.node.id } : { parent: parent?.id ?? null, after: target.node.id };
}
