import { Extension } from '@tiptap/core';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import type { Node as PMNode } from '@tiptap/pm/model';
import { newId } from '../convert/new-id';

/** A cell written as a fragment: not a value, not a still-empty cell of a record without that column. */
const holdsText = (cell: PMNode) => cell.firstChild?.type.name !== 'tableValue' && !(cell.attrs['absent'] && cell.childCount === 1 && cell.firstChild!.content.size === 0);

/**
 * Keys stay unique (the model reports where a link is by its block's key): a block pasted twice
 * or copied keeps its key once, the copy loses it. Table parts made by paste get the ids their
 * record, column and fragment need, so the document written twice is the same document.
 */
export const UniqueIds = Extension.create({
  name: 'uniqueIds',
  addProseMirrorPlugins: () => [
    new Plugin({
      key: new PluginKey('uniqueIds'),
      appendTransaction(transactions, _, state) {
        if (!transactions.some((tr) => tr.docChanged)) return null;
        const seen = new Set<string>();
        const tr = state.tr;
        state.doc.descendants((node, pos) => {
          const key = node.attrs['key'];
          const fix: Record<string, unknown> = {};
          if (typeof key === 'string') {
            if (seen.has(key)) fix['key'] = null;
            seen.add(key);
          }
          if (node.type.name === 'tableRow' && !node.attrs['recordId']) fix['recordId'] = newId('r');
          if (node.type.name === 'tableColumn' && !node.attrs['columnId']) fix['columnId'] = newId('c');
          if (node.type.name === 'tableCell' && !node.attrs['source'] && !node.attrs['fragmentId'] && holdsText(node)) fix['fragmentId'] = newId('f');
          if (Object.keys(fix).length > 0) tr.setNodeMarkup(pos, undefined, { ...node.attrs, ...fix });
          return !node.isTextblock;
        });
        return tr.docChanged ? tr : null;
      },
    }),
  ],
});
