import type { Node as PMNode } from '@tiptap/pm/model';
import type { EditorState, Transaction } from '@tiptap/pm/state';
import { equalWidths, percentOf, percentWidth, resizeColumn, shownWidths } from './column-widths';

/** The offset of each child of a node from the node's start (inside it). */
function childOffsets(node: PMNode): number[] {
  const out: number[] = [];
  node.forEach((_, offset) => out.push(offset + 1));
  return out;
}

/** Sets each column's width (`undefined`: leave it as it is). */
function setWidths(tr: Transaction, columnsPos: number, widths: (number | undefined)[]): Transaction {
  const columns = tr.doc.nodeAt(columnsPos)!;
  childOffsets(columns).forEach((offset, index) => {
    const width = widths[index];
    if (width === undefined) return;
    const column = columns.child(index);
    const data = { ...(column.attrs['data'] ?? {}), width: percentWidth(width) };
    tr.setNodeMarkup(columnsPos + offset, undefined, { ...column.attrs, data });
  });
  return tr;
}

const allSet = (columns: PMNode) => {
  let set = true;
  columns.forEach((column) => (set &&= percentOf(column.attrs['data']?.width) !== undefined));
  return set;
};

/** A column added after the last one; where every column has a share of the row, the shares become equal. */
export function addColumn(state: EditorState, columnsPos: number): Transaction {
  const columns = state.doc.nodeAt(columnsPos)!;
  const { nodes } = state.schema;
  const shared = allSet(columns);
  const tr = state.tr.insert(columnsPos + columns.nodeSize - 1, nodes['column'].create({ data: {} }, nodes['paragraph'].create()));
  return shared ? setWidths(tr, columnsPos, equalWidths(columns.childCount + 1)) : tr;
}

/** Column `index` removed (never the last one left); the others share its width in proportion to theirs. */
export function removeColumn(state: EditorState, columnsPos: number, index: number): Transaction | undefined {
  const columns = state.doc.nodeAt(columnsPos)!;
  if (columns.childCount < 2) return undefined;
  const shared = allSet(columns);
  const widths = shownWidths(mapColumns(columns, (column) => column.attrs['data']?.width)).filter((_, i) => i !== index);
  const offset = childOffsets(columns)[index];
  const tr = state.tr.delete(columnsPos + offset, columnsPos + offset + columns.child(index).nodeSize);
  const total = widths.reduce((sum, width) => sum + width, 0);
  return shared && total > 0 ? setWidths(tr, columnsPos, widths.map((width) => (width * 100) / total)) : tr;
}

/** Column `index` at `percent` of the row; its neighbour gives or takes the difference. */
export function setColumnWidth(state: EditorState, columnsPos: number, index: number, percent: number): Transaction {
  const columns = state.doc.nodeAt(columnsPos)!;
  const before = shownWidths(mapColumns(columns, (column) => column.attrs['data']?.width));
  // Only the two columns that change are written: the others keep their widths (or none) as they are.
  return setWidths(state.tr, columnsPos, resizeColumn(before, index, percent).map((width, i) => (width === before[i] ? undefined : width)));
}

function mapColumns<T>(columns: PMNode, map: (column: PMNode) => T): T[] {
  const out: T[] = [];
  columns.forEach((column) => out.push(map(column)));
  return out;
}
