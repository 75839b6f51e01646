import type { Node as PMNode } from '@tiptap/pm/model';
import type { EditorState, Transaction } from '@tiptap/pm/state';
import { newId } from '../convert/new-id';

/** Where the selection is in a table: the table, and the row and column it is in (row 0 is the header). */
export interface TableSpot {
  table: PMNode;
  pos: number;
  row: number;
  column: number;
}

export function tableSpot(state: EditorState, tablePos?: number): TableSpot | undefined {
  const $from = state.selection.$from;
  for (let depth = $from.depth; depth >= 0; depth--) {
    const node = $from.node(depth);
    if (node.type.name !== 'table') continue;
    const pos = $from.before(depth);
    if (tablePos !== undefined && pos !== tablePos) break;
    return { table: node, pos, row: $from.index(depth), column: depth + 1 <= $from.depth ? $from.index(depth + 1) : 0 };
  }
  if (tablePos === undefined) return undefined;
  const table = state.doc.nodeAt(tablePos);
  return table?.type.name === 'table' ? { table, pos: tablePos, row: table.childCount - 1, column: table.firstChild!.childCount - 1 } : undefined;
}

const newCell = (state: EditorState) => state.schema.nodes['tableCell'].create({ fragmentId: newId('f') }, state.schema.nodes['paragraph'].create());

/** Offset of a table's row `index` from the table's start. */
function rowOffset(table: PMNode, index: number): number {
  let offset = 1;
  for (let i = 0; i < index; i++) offset += table.child(i).nodeSize;
  return offset;
}

/** A new row (a new record) after the row of the spot (after the header: the first row). */
export function addRowAfter(state: EditorState, spot: TableSpot): Transaction {
  const columns = spot.table.firstChild!.childCount;
  const row = state.schema.nodes['tableRow'].create({ recordId: newId('r') }, Array.from({ length: columns }, () => newCell(state)));
  return state.tr.insert(spot.pos + rowOffset(spot.table, spot.row + 1), row);
}

/** A new text column after the column of the spot: a title in the header, an empty cell in each row. */
export function addColumnAfter(state: EditorState, spot: TableSpot): Transaction {
  const tr = state.tr;
  const { schema } = state;
  const at = spot.column + 1;
  // From the last row up, so earlier positions stay valid.
  for (let r = spot.table.childCount - 1; r >= 0; r--) {
    const row = spot.table.child(r);
    let offset = spot.pos + rowOffset(spot.table, r) + 1;
    for (let c = 0; c < at; c++) offset += row.child(c).nodeSize;
    const cell = r === 0 ? schema.nodes['tableColumn'].create({ columnId: newId('c') }, schema.text('Column')) : newCell(state);
    tr.insert(offset, cell);
  }
  return tr;
}

/** Removes the row of the spot (never the header). */
export function deleteRow(state: EditorState, spot: TableSpot): Transaction | undefined {
  if (spot.row === 0) return undefined;
  const from = spot.pos + rowOffset(spot.table, spot.row);
  return state.tr.delete(from, from + spot.table.child(spot.row).nodeSize);
}

/** Removes the column of the spot (never the last one). */
export function deleteColumn(state: EditorState, spot: TableSpot): Transaction | undefined {
  if (spot.table.firstChild!.childCount <= 1) return undefined;
  const tr = state.tr;
  for (let r = spot.table.childCount - 1; r >= 0; r--) {
    const row = spot.table.child(r);
    let offset = spot.pos + rowOffset(spot.table, r) + 1;
    for (let c = 0; c < spot.column; c++) offset += row.child(c).nodeSize;
    tr.delete(offset, offset + row.child(spot.column).nodeSize);
  }
  return tr;
}

/** A new table: a header of `columns` titles and `rows` empty rows; a grid or cards. */
export function newTable(state: EditorState, view: 'grid' | 'cards', columns = 2, rows = 2): PMNode {
  const { schema } = state;
  const ids = Array.from({ length: columns }, () => newId('c'));
  const data =
    view === 'grid'
      ? { view: { type: 'grid', columns: ids, hideHeader: false }, records: {}, definition: {} }
      : { view: { type: 'cards', cardSize: 'medium', columns: ids }, records: {}, definition: {} };
  const header = schema.nodes['tableHeader'].create(
    null,
    ids.map((columnId, i) => schema.nodes['tableColumn'].create({ columnId }, schema.text(view === 'cards' && i === 0 ? 'Title' : `Column ${i + 1}`))),
  );
  const body = Array.from({ length: rows }, () => schema.nodes['tableRow'].create({ recordId: newId('r') }, ids.map(() => newCell(state))));
  return schema.nodes['table'].create({ data }, [header, ...body]);
}
