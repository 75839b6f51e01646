import { Extension } from '@tiptap/core';
import type { Editor } from '@tiptap/core';
import { Movable, movableAround, moveChild } from './move-commands';

/** Moves the innermost item of `names` around the cursor; true when the cursor is in one (even at an end). */
function move(editor: Editor, names: readonly Movable[], step: -1 | 1): boolean {
  const { state, view } = editor;
  const around = movableAround(state, names);
  if (!around) return false;
  const tr = moveChild(state, around.parentPos, around.index, step);
  if (tr) view.dispatch(tr.scrollIntoView());
  // Taken even where it cannot move: Alt-Left is the browser's Back, which would leave the page.
  return true;
}

/**
 * Alt+Arrow keys move what the cursor is in: Alt-ArrowUp and Alt-ArrowDown a table's row or a
 * step, Alt-ArrowLeft and Alt-ArrowRight a tab (as the "Move row up", "Move step up" and "Move
 * tab left" buttons do).
 */
export const MoveKeys = Extension.create({
  name: 'moveKeys',
  addKeyboardShortcuts() {
    return {
      'Alt-ArrowUp': () => move(this.editor, ['tableRow', 'stepperStep'], -1),
      'Alt-ArrowDown': () => move(this.editor, ['tableRow', 'stepperStep'], 1),
      'Alt-ArrowLeft': () => move(this.editor, ['tabsItem'], -1),
      'Alt-ArrowRight': () => move(this.editor, ['tabsItem'], 1),
    };
  },
});
