import { Extension } from '@tiptap/core';
import type { Editor, Range } from '@tiptap/core';
import { PluginKey } from '@tiptap/pm/state';
import Suggestion from '@tiptap/suggestion';
import { BlockMenuItem, filterBlockMenu } from './block-menu-items';
import { suggestionMenu } from './suggestion-menu';

/**
 * The `/` menu: typing `/` lists the blocks by name (a listbox whose options the arrow keys move
 * through, announced by `aria-activedescendant` on the editor), typing narrows it, Enter inserts
 * the chosen block in place of what was typed, Escape closes it.
 */
export const SlashMenu = Extension.create({
  name: 'slashMenu',
  // Before the editing keys: while the menu is open, Enter and the arrows are the menu's.
  priority: 200,
  addProseMirrorPlugins() {
    const editor = this.editor;
    return [
      Suggestion<BlockMenuItem, BlockMenuItem>({
        editor,
        pluginKey: new PluginKey('slashMenu'),
        char: '/',
        startOfLine: false,
        items: ({ query }) => filterBlockMenu(query),
        // Not in code, where `/` is text.
        allow: ({ state, range }) => state.doc.resolve(range.from).parent.type.name !== 'codeLine',
        command: ({ editor: target, range, props }: { editor: Editor; range: Range; props: BlockMenuItem }) => {
          props.run(target, range);
        },
        render: suggestionMenu<BlockMenuItem>(editor, 'Insert a block', (item) => ({ label: item.title }), 'No block of that name'),
      }),
    ];
  },
});
