import type { Editor } from '@tiptap/core';
import type { SuggestionKeyDownProps, SuggestionOptions, SuggestionProps } from '@tiptap/suggestion';
import { OptionList, OptionText } from '../views/option-list';

/**
 * The list a suggestion shows as one types after its character (`/` blocks, `@` mentions): a
 * listbox whose options the arrow keys move through, announced by `aria-activedescendant` on the
 * editor (which keeps the focus), Enter or Tab choosing, Escape closing. The first option is active.
 */
export function suggestionMenu<T>(editor: Editor, label: string, describe: (item: T) => OptionText, emptyText: string): SuggestionOptions<T, T>['render'] {
  return () => {
    let props: SuggestionProps<T, T> | undefined;
    const list = new OptionList<T>(label, describe, (item) => props?.command(item), emptyText);
    const dom = () => editor.view.dom;
    const announce = () => {
      const id = list.activeId;
      if (id) dom().setAttribute('aria-activedescendant', id);
      else dom().removeAttribute('aria-activedescendant');
    };
    const update = (next: SuggestionProps<T, T>) => {
      props = next;
      list.set(next.items, 0);
      announce();
      const rect = next.clientRect?.();
      if (rect) Object.assign(list.element.style, { position: 'absolute', left: `${rect.left + window.scrollX}px`, top: `${rect.bottom + window.scrollY}px` });
    };
    return {
      onStart: (next) => {
        // Beside the editor, so the app's styles and its dialogs' stacking apply.
        const host = (editor.options.element as HTMLElement | null)?.parentElement ?? document.body;
        host.append(list.element);
        dom().setAttribute('aria-controls', list.id);
        dom().setAttribute('aria-expanded', 'true');
        dom().setAttribute('aria-haspopup', 'listbox');
        update(next);
      },
      onUpdate: update,
      onExit: () => {
        list.element.remove();
        for (const name of ['aria-controls', 'aria-expanded', 'aria-activedescendant', 'aria-haspopup']) dom().removeAttribute(name);
      },
      onKeyDown: ({ event }: SuggestionKeyDownProps) => {
        if (list.size === 0) return false;
        if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
          list.move(event.key === 'ArrowDown' ? 1 : -1);
          announce();
          return true;
        }
        if (event.key === 'Enter' || event.key === 'Tab') return list.choose();
        return false;
      },
    };
  };
}
