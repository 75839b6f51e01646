import type { Node as PMNode } from '@tiptap/pm/model';
import { TextSelection } from '@tiptap/pm/state';
import type { EditorState, Transaction } from '@tiptap/pm/state';

/** The items that move among their siblings: a tab, a step, a table's row (never its header). */
export const MOVABLE = { tabsItem: 'tab', stepperStep: 'step', tableRow: 'row' } as const;
export type Movable = keyof typeof MOVABLE;

/** The first index a movable item may take among its siblings (a table's rows come after its header). */
const firstIndex = (name: string) => (name === 'tableRow' ? 1 : 0);

/**
 * The child `index` of the node at `parentPos` moved by `step` (-1 before, +1 after) among its
 * siblings; none past the ends. A cursor inside it stays where it was in it.
 */
export function moveChild(state: EditorState, parentPos: number, index: number, step: -1 | 1): Transaction | undefined {
  const parent = parentPos < 0 ? state.doc : state.doc.nodeAt(parentPos);
  if (!parent || index < 0 || index >= parent.childCount) return undefined;
  const target = index + step;
  const child = parent.child(index);
  if (target < firstIndex(child.type.name) || target >= parent.childCount) return undefined;
  const start = parentPos + 1;
  const offsetOf = (i: number) => {
    let offset = start;
    for (let k = 0; k < i; k++) offset += parent.child(k).nodeSize;
    return offset;
  };
  const from = offsetOf(index);
  const { selection } = state;
  const inside = selection.from > from && selection.to < from + child.nodeSize ? { anchor: selection.anchor - from, head: selection.head - from } : undefined;
  const tr = state.tr.delete(from, from + child.nodeSize);
  // After the removal, the sibling it swaps with is where it was: it goes before or after that one.
  const to = step === -1 ? offsetOf(target) : offsetOf(target) - child.nodeSize + parent.child(target).nodeSize;
  tr.insert(to, child);
  if (inside) tr.setSelection(TextSelection.create(tr.doc, to + inside.anchor, to + inside.head));
  return tr;
}

/** The innermost item of one of `names` around the selection: its parent's position and its index. */
export function movableAround(state: EditorState, names: readonly Movable[]): { parentPos: number; index: number; node: PMNode } | undefined {
  const { $from } = state.selection;
  for (let depth = $from.depth; depth > 0; depth--) {
    const node = $from.node(depth);
    if ((names as readonly string[]).includes(node.type.name)) return { parentPos: depth > 1 ? $from.before(depth - 1) : -1, index: $from.index(depth - 1), node };
  }
  return undefined;
}
