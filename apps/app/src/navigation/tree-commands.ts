import type { KeyboardMove } from './tree-moves';

/** What a key does to a tree's focused node besides walking the tree (when the tree can be edited). */
export type TreeCommand = { move: KeyboardMove } | { rename: true } | { delete: true } | { menu: true } | null;

/** The keys held with a key, as a keyboard event has them. */
export interface KeyModifiers {
  altKey: boolean;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
}

const MOVES: Record<string, KeyboardMove> = { ArrowUp: 'up', ArrowDown: 'down', ArrowRight: 'in', ArrowLeft: 'out' };

/**
 * The editing keys of a tree: Alt and an arrow move the node (up, down, into the sibling above,
 * out of its parent), F2 renames, Delete deletes, the context menu key or Shift+F10 opens its
 * actions (the desktop conventions for a context menu and for renaming in place).
 */
export function treeCommand(key: string, modifiers: KeyModifiers): TreeCommand {
  const { altKey, shiftKey, ctrlKey, metaKey } = modifiers;
  if (ctrlKey || metaKey) return null;
  if (altKey && !shiftKey && key in MOVES) return { move: MOVES[key] };
  if (altKey) return null;
  if (key === 'ContextMenu' || (shiftKey && key === 'F10')) return { menu: true };
  if (shiftKey) return null;
  if (key === 'F2') return { rename: true };
  if (key === 'Delete') return { delete: true };
  return null;
}
