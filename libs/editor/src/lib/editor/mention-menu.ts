import { Extension } from '@tiptap/core';
import type { Editor, Range } from '@tiptap/core';
import { PluginKey } from '@tiptap/pm/state';
import Suggestion from '@tiptap/suggestion';
import { choiceSources } from './choice-sources';
import type { EditorServices } from './editor-services';
import { refChoices, RefChoice } from './ref-choices';
import { suggestionMenu } from './suggestion-menu';

/**
 * The `@` menu: typing `@` (at the start of a word) lists the organization's members and the
 * space's pages the typed words find; Enter (or a click) puts a mention of the chosen one in place
 * of what was typed (`mention`, its `ref` a user or a page). Not in code, where `@` is text.
 */
export const MentionMenu = Extension.create<{ services: EditorServices }>({
  name: 'mentionMenu',
  priority: 200,
  addOptions: () => ({ services: {} }),
  addProseMirrorPlugins() {
    const editor = this.editor;
    const { services } = this.options;
    return [
      Suggestion<RefChoice, RefChoice>({
        editor,
        pluginKey: new PluginKey('mentionMenu'),
        char: '@',
        items: ({ query }) => refChoices(choiceSources(services, editor.state.doc, ['members', 'pages']), query),
        allow: ({ state, range }) => state.doc.resolve(range.from).parent.type.name !== 'codeLine',
        command: ({ editor: target, range, props }: { editor: Editor; range: Range; props: RefChoice }) => {
          const mention = target.schema.nodes['mention'].create({ data: { ref: props.ref } });
          target.chain().focus().deleteRange(range).insertContent([mention.toJSON(), { type: 'text', text: ' ' }]).run();
        },
        render: suggestionMenu<RefChoice>(editor, 'Mention someone or a page', (choice) => choice, 'No one and no page of that name'),
      }),
    ];
  },
});
