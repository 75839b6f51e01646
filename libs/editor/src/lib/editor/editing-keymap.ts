import { Extension } from '@tiptap/core';
import { TextSelection } from '@tiptap/pm/state';
import type { EditorState, Transaction } from '@tiptap/pm/state';

/**
 * Keys: marks (Mod-b bold, Mod-i italic, Mod-Shift-x strikethrough, Mod-e code), Shift-Enter a
 * line break in the text (the model's breaks are `\n` in a leaf), lists (Enter a new item, Tab
 * and Shift-Tab in and out), code (Enter a new line, Enter on an empty last line leaves the block,
 * Tab two spaces). Mod-k (the link) is the link dialog's.
 */
export const EditingKeymap = Extension.create({
  name: 'editingKeymap',
  addKeyboardShortcuts() {
    const inCodeLine = () => this.editor.state.selection.$from.parent.type.name === 'codeLine';
    const inListItem = () => {
      const { $from } = this.editor.state.selection;
      for (let depth = $from.depth; depth > 0; depth--) if ($from.node(depth).type.name === 'listItem') return true;
      return false;
    };
    return {
      'Mod-b': () => this.editor.commands.toggleMark('bold'),
      'Mod-i': () => this.editor.commands.toggleMark('italic'),
      'Mod-Shift-x': () => this.editor.commands.toggleMark('strikethrough'),
      'Mod-e': () => this.editor.commands.toggleMark('code'),
      'Shift-Enter': () => this.editor.commands.command(({ tr }) => (tr.insertText('\n'), true)),
      Enter: () => {
        if (inCodeLine()) return this.editor.commands.command(({ tr, state }) => exitOrSplitCode(tr, state));
        if (inListItem()) return this.editor.commands.splitListItem('listItem');
        return false;
      },
      Tab: () => {
        if (inCodeLine()) return this.editor.commands.command(({ tr }) => (tr.insertText('  '), true));
        return inListItem() ? this.editor.commands.sinkListItem('listItem') : false;
      },
      'Shift-Tab': () => (inListItem() ? this.editor.commands.liftListItem('listItem') : false),
    };
  },
});

/** Enter in code: a new line; on an empty last line, the line goes and a paragraph follows the block. */
function exitOrSplitCode(tr: Transaction, state: EditorState): boolean {
  const { $from } = tr.selection;
  const line = $from.parent;
  const code = $from.node(-1);
  const last = $from.index(-1) === code.childCount - 1;
  if (last && line.content.size === 0 && code.childCount > 1) {
    const lineStart = $from.before();
    tr.delete(lineStart, lineStart + line.nodeSize);
    const after = tr.mapping.map($from.after(-1));
    const paragraph = state.schema.nodes['paragraph'].create();
    const $after = tr.doc.resolve(after);
    if (!$after.parent.canReplaceWith($after.index(), $after.index(), paragraph.type)) return false;
    tr.insert(after, paragraph);
    tr.setSelection(TextSelection.create(tr.doc, after + 1));
    return true;
  }
  // The new line starts plain: no key, not highlighted.
  tr.split($from.pos, 1, [{ type: line.type, attrs: {} }]);
  return true;
}
