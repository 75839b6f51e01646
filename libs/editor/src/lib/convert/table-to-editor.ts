import type { Node as PMNode } from '@tiptap/pm/model';
import { Fragment } from '@tiptap/pm/model';
import type { DocNode } from '../model/doc-node';
import type { ToEditor } from './to-editor-doc';

const isObject = (value: unknown): value is Record<string, any> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A table's records in display order: by `orderIndex`, ties in the order they are stored. */
export function orderedRecords(records: Record<string, any>): [string, Record<string, any>][] {
  return Object.entries(records)
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => {
      const x = String(a.entry[1]?.orderIndex ?? '');
      const y = String(b.entry[1]?.orderIndex ?? '');
      return x < y ? -1 : x > y ? 1 : a.index - b.index;
    })
    .map(({ entry }) => entry);
}

/**
 * A table block (`data.view.columns`, `data.definition`, `data.records`, one fragment per text
 * cell) as the editor's table: a header of column titles, then one row per record in display
 * order, one cell per shown column: the cell's fragment, an empty cell where the record has no
 * value, or a value that is not text (a card's cover, a number) as a `tableValue`. Undefined where
 * the table is not one the editor can map one to one (a column without definition, a fragment
 * shown twice, cells that cannot hold their blocks): it is then kept verbatim.
 */
export function tableToEditor(builder: ToEditor, json: DocNode): PMNode | undefined {
  const { schema } = builder;
  const data = json.data;
  if (!isObject(data) || !isObject(data['view']) || !Array.isArray(data['view']['columns']) || !isObject(data['definition']) || !isObject(data['records'])) return undefined;
  if ((json.nodes ?? []).length > 0) return undefined;
  const columns: unknown[] = data['view']['columns'];
  const definition = data['definition'];
  if (!columns.every((id) => typeof id === 'string' && isObject(definition[id]) && typeof definition[id]['title'] === 'string') || new Set(columns).size !== columns.length) return undefined;

  const fragments = new Map<string, DocNode>();
  for (const fragment of json.fragments ?? []) {
    if (fragment.object !== 'fragment' || typeof fragment.fragment !== 'string' || fragments.has(fragment.fragment)) return undefined;
    fragments.set(fragment.fragment, fragment);
  }

  const header = schema.nodes['tableHeader'].create(
    null,
    (columns as string[]).map((id) => {
      const title: string = definition[id]['title'];
      return schema.nodes['tableColumn'].create({ columnId: id, definition: definition[id] }, title ? schema.text(title) : []);
    }),
  );

  const used = new Set<string>();
  const rows: PMNode[] = [];
  for (const [recordId, record] of orderedRecords(data['records'])) {
    if (!isObject(record) || (record['values'] !== undefined && !isObject(record['values']))) return undefined;
    const cells: PMNode[] = [];
    for (const id of columns as string[]) {
      const value = record['values']?.[id];
      const fragment = typeof value === 'string' ? fragments.get(value) : undefined;
      if (value === undefined) {
        cells.push(schema.nodes['tableCell'].create({ absent: true }, schema.nodes['paragraph'].create()));
      } else if (fragment) {
        if (used.has(value)) return undefined;
        used.add(value);
        const blocks = builder.blocks(fragment.nodes ?? [], schema.nodes['tableCell']);
        if (!blocks || blocks.length === 0) return undefined;
        cells.push(builder.remember(fragment, (source) => schema.nodes['tableCell'].create({ source }, blocks)));
      } else {
        cells.push(schema.nodes['tableCell'].create(null, schema.nodes['tableValue'].create({ value })));
      }
    }
    rows.push(schema.nodes['tableRow'].create({ recordId, record }, cells));
  }
  const type = schema.nodes['table'];
  const content = Fragment.from([header, ...rows]);
  if (!type.validContent(content)) return undefined;
  return builder.remember(json, (source) => type.create(builder.blockAttrs(json, source), content));
}
