import type { Node as PMNode } from '@tiptap/pm/model';
import type { DocNode } from '../model/doc-node';
import { sourceOf } from '../model/model-source';
import { assembleFields } from './assemble-fields';
import type { FromEditor } from './from-editor-doc';
import { newId } from './new-id';
import { orderIndexesInOrder } from './order-index';

const EMPTY_TABLE = { view: { type: 'grid', columns: [], hideHeader: false }, records: {}, definition: {} };

const plainText = (node: PMNode) => node.textContent;

const isEmptyCell = (cell: PMNode) => cell.childCount === 1 && cell.firstChild!.type.name === 'paragraph' && cell.firstChild!.content.size === 0;

/**
 * The editor's table as the model's table fields (`data`, `fragments`): the inverse of
 * `tableToEditor`. Columns are the header's, in its order; records the rows', in theirs (a new
 * row gets an id and an order index between its neighbours'); each text cell its fragment. What
 * the editor does not show is kept: columns the view hides (their definitions and values),
 * fragments no shown cell uses, every other field of the view, records and definitions, in the
 * order they were stored. A row moved gets an order index between its new neighbours'.
 */
export function tableFromEditor(writer: FromEditor, node: PMNode): { data: Record<string, any>; fragments: DocNode[] } {
  const source = sourceOf(node.attrs)?.json;
  const data: Record<string, any> = node.attrs['data'] ?? EMPTY_TABLE;
  const shownBefore: string[] = data['view']?.['columns'] ?? [];

  // Columns: the header's, each with its definition (its title as the header cell says).
  const header = node.firstChild!;
  const columns: string[] = [];
  const definitions = new Map<string, Record<string, any>>();
  header.forEach((column) => {
    const id: string = column.attrs['columnId'] ?? newId('c');
    const before = column.attrs['definition'] as Record<string, any> | null;
    const title = plainText(column);
    columns.push(id);
    definitions.set(id, before ? (before['title'] === title ? before : { ...before, title }) : { id, title, type: 'text', textAlignment: 'left' });
  });
  const removedColumns = new Set(shownBefore.filter((id) => !definitions.has(id)));

  const definition: Record<string, any> = {};
  for (const [id, value] of Object.entries<any>(data['definition'] ?? {})) {
    if (definitions.has(id)) definition[id] = definitions.get(id);
    else if (!removedColumns.has(id)) definition[id] = value;
  }
  for (const [id, value] of definitions) if (!(id in definition)) definition[id] = value;

  // Rows: each its record, its cells' values over the values of hidden columns.
  const rows: PMNode[] = [];
  node.forEach((row, _, index) => index > 0 && rows.push(row));
  // The rows' order is the records' order: a moved row gets an index between its new neighbours'.
  const orderIndexes = orderIndexesInOrder(rows.map((row) => row.attrs['record']?.['orderIndex'] as string | undefined));

  const cellFragments = new Map<string, DocNode>();
  const newFragments: DocNode[] = [];
  const records = new Map<string, Record<string, any>>();
  rows.forEach((row, r) => {
    const before: Record<string, any> = row.attrs['record'] ?? { orderIndex: orderIndexes[r], values: {} };
    const cells = new Map<string, unknown>();
    row.forEach((cell, _, c) => cells.set(columns[c], cellValue(cell)));
    const values: Record<string, unknown> = {};
    for (const [id, value] of Object.entries<unknown>(before['values'] ?? {})) {
      if (cells.has(id)) {
        if (cells.get(id) !== undefined) values[id] = cells.get(id);
      } else if (!removedColumns.has(id)) values[id] = value;
    }
    for (const [id, value] of cells) if (!(id in values) && value !== undefined) values[id] = value;
    const keepValues = 'values' in before || Object.keys(values).length > 0;
    records.set(row.attrs['recordId'] ?? newId('r'), assembleFields(before as DocNode, { orderIndex: orderIndexes[r], values: keepValues ? values : undefined }));
  });

  function cellValue(cell: PMNode): unknown {
    if (cell.firstChild?.type.name === 'tableValue') return cell.firstChild.attrs['value'];
    if (cell.attrs['absent'] && isEmptyCell(cell)) return undefined;
    const fragment = writer.fragmentOfCell(cell);
    if (sourceOf(cell.attrs)) cellFragments.set(fragment.fragment!, fragment);
    else newFragments.push(fragment);
    return fragment.fragment;
  }

  // Records in the order they were stored, new ones after them.
  const recordsOut: Record<string, any> = {};
  for (const id of Object.keys(data['records'] ?? {})) if (records.has(id)) recordsOut[id] = records.get(id);
  for (const [id, record] of records) if (!(id in recordsOut)) recordsOut[id] = record;

  // Fragments in the order they were stored: a shown cell's as the cell is, one no shown cell uses as it was.
  const shownBeforeFragments = new Set<string>();
  for (const record of Object.values<any>(data['records'] ?? {})) for (const id of shownBefore) if (typeof record?.values?.[id] === 'string') shownBeforeFragments.add(record.values[id]);
  const fragments: DocNode[] = [];
  for (const fragment of source?.fragments ?? []) {
    const name = fragment.fragment ?? '';
    if (cellFragments.has(name)) fragments.push(cellFragments.get(name)!);
    else if (!shownBeforeFragments.has(name)) fragments.push(fragment);
  }
  fragments.push(...newFragments);

  const sameColumns = columns.length === shownBefore.length && columns.every((id, i) => id === shownBefore[i]);
  const view = sameColumns ? data['view'] : { ...data['view'], columns };
  return { data: assembleFields(data as DocNode, { view, records: recordsOut, definition }) as Record<string, any>, fragments };
}
