import { Extension } from '@tiptap/core';
import type { Editor, Range } from '@tiptap/core';
import { PluginKey } from '@tiptap/pm/state';
import Suggestion from '@tiptap/suggestion';
import type { SuggestionProps } from '@tiptap/suggestion';
import { BlockMenuItem, filterBlockMenu } from './block-menu-items';

let menus = 0;

/**
 * The `/` menu: typing `/` lists the blocks by name (a listbox whose options the arrow keys move
 * through, announced by `aria-activedescendant` on the editor), typing narrows it, Enter inserts
 * the chosen block in place of what was typed, Escape closes it.
 */
class BlockMenu {
  readonly element: HTMLElement;
  private items: BlockMenuItem[] = [];
  private active = 0;
  private props?: SuggestionProps<BlockMenuItem, BlockMenuItem>;
  private readonly id = `block-menu-${++menus}`;

  constructor(private readonly editor: Editor) {
    this.element = document.createElement('div');
    this.element.className = 'doc-block-menu';
    this.element.id = this.id;
    this.element.setAttribute('role', 'listbox');
    this.element.setAttribute('aria-label', 'Insert a block');
  }

  open(props: SuggestionProps<BlockMenuItem, BlockMenuItem>): void {
    // Beside the editor, so the app's styles and its dialogs' stacking apply.
    const host = (this.editor.options.element as HTMLElement | null)?.parentElement ?? document.body;
    host.append(this.element);
    const dom = this.editor.view.dom;
    dom.setAttribute('aria-controls', this.id);
    dom.setAttribute('aria-expanded', 'true');
    dom.setAttribute('aria-haspopup', 'listbox');
    this.update(props);
  }

  update(props: SuggestionProps<BlockMenuItem, BlockMenuItem>): void {
    this.props = props;
    this.items = props.items;
    this.active = 0;
    this.render();
    const rect = props.clientRect?.();
    if (rect) Object.assign(this.element.style, { position: 'absolute', left: `${rect.left + window.scrollX}px`, top: `${rect.bottom + window.scrollY}px` });
  }

  close(): void {
    this.element.remove();
    const dom = this.editor.view.dom;
    for (const name of ['aria-controls', 'aria-expanded', 'aria-activedescendant', 'aria-haspopup']) dom.removeAttribute(name);
  }

  keyDown(event: KeyboardEvent): boolean {
    if (this.items.length === 0) return false;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      this.active = (this.active + (event.key === 'ArrowDown' ? 1 : this.items.length - 1)) % this.items.length;
      this.render();
      return true;
    }
    if (event.key === 'Enter' || event.key === 'Tab') {
      this.choose(this.active);
      return true;
    }
    return false;
  }

  private choose(index: number): void {
    const item = this.items[index];
    if (item && this.props) this.props.command(item);
  }

  private render(): void {
    const options = this.items.map((item, index) => {
      const option = document.createElement('div');
      option.id = `${this.id}-${index}`;
      option.setAttribute('role', 'option');
      option.setAttribute('aria-selected', String(index === this.active));
      option.textContent = item.title;
      option.addEventListener('mousedown', (event) => {
        event.preventDefault();
        this.choose(index);
      });
      return option;
    });
    if (options.length === 0) {
      const none = document.createElement('div');
      none.className = 'doc-block-menu-empty';
      none.textContent = 'No block of that name';
      options.push(none);
    }
    this.element.replaceChildren(...options);
    const dom = this.editor.view.dom;
    if (this.items.length > 0) dom.setAttribute('aria-activedescendant', `${this.id}-${this.active}`);
    else dom.removeAttribute('aria-activedescendant');
  }
}

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
        render: () => {
          const menu = new BlockMenu(editor);
          return {
            onStart: (props) => menu.open(props),
            onUpdate: (props) => menu.update(props),
            onExit: () => menu.close(),
            onKeyDown: ({ event }) => menu.keyDown(event),
          };
        },
      }),
    ];
  },
});
