import type { Node as PMNode } from '@tiptap/pm/model';
import { TextSelection } from '@tiptap/pm/state';
import { createPageEditor, PageEditor, PageEditorOptions } from '../lib/editor/create-page-editor';
import type { DocNode } from '../lib/model/doc-node';

/**
 * The editor under test in jsdom, and what a person does to it: typing through the editor's text
 * input handlers, pressing keys through its key handlers, putting the cursor somewhere.
 */
let current: { host: HTMLElement; page: PageEditor } | undefined;

// jsdom lays nothing out, and its ranges have no rectangles: ProseMirror asks a range for them to
// scroll to the cursor, a frame after Tiptap's focus, which a test awaiting something may let run.
if (typeof Range !== 'undefined' && !Range.prototype.getClientRects) {
  Range.prototype.getClientRects = () => ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
}

/** Mounts an editor on a fresh element (inside a host, where menus and dialogs go). */
export function openEditor(document: DocNode, options: Omit<PageEditorOptions, 'document'> = {}): { host: HTMLElement; page: PageEditor } {
  closeEditor();
  const host = window.document.createElement('div');
  const element = window.document.createElement('div');
  host.append(element);
  window.document.body.append(host);
  current = { host, page: createPageEditor(element, { document, ...options }) };
  return current;
}

export function closeEditor(): void {
  current?.page.destroy();
  current?.host.remove();
  current = undefined;
}

export const view = () => current!.page.editor.view;

/** Types as a person does: each character through the editor's text input handlers (input rules, the / and @ menus). */
export function type(characters: string): void {
  for (const character of characters) {
    const { from, to } = view().state.selection;
    const handled = view().someProp('handleTextInput', (handle) => handle(view(), from, to, character, () => view().state.tr.insertText(character, from, to)));
    if (!handled) view().dispatch(view().state.tr.insertText(character, from, to));
  }
}

/** Presses a key through the editor's key handlers (keymaps, the menus). */
export function press(key: string, modifiers: { mod?: boolean; shift?: boolean; alt?: boolean } = {}): boolean {
  const mac = /Mac|iP(hone|[oa]d)/.test(navigator.platform);
  const event = new KeyboardEvent('keydown', { key, shiftKey: !!modifiers.shift, altKey: !!modifiers.alt, ctrlKey: !!modifiers.mod && !mac, metaKey: !!modifiers.mod && mac, bubbles: true, cancelable: true });
  return !!view().someProp('handleKeyDown', (handle) => handle(view(), event));
}

/** Presses a key in a control (an input of a node view, a dialog's field): its own listeners. */
export function pressIn(target: HTMLElement, key: string, modifiers: { alt?: boolean } = {}): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { key, altKey: !!modifiers.alt, bubbles: true, cancelable: true });
  target.dispatchEvent(event);
  return event;
}

/** Types text into an input as a person does: its value, then the `input` event. */
export function typeInto(input: HTMLInputElement | HTMLTextAreaElement, text: string): void {
  input.focus();
  input.value = text;
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Changes a control's value and commits it (`change`), as leaving the field does. */
export function changeValue(input: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement, value: string): void {
  input.value = value;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

export function findKey(key: string): { pos: number; node: PMNode } {
  let found: { pos: number; node: PMNode } | undefined;
  view().state.doc.descendants((node, pos) => {
    if (!found && node.attrs['key'] === key) found = { pos, node };
    return !found;
  });
  if (!found) throw new Error(`no node with key ${key}`);
  return found;
}

/** The cursor at the end of the text block with this key. */
export function endOf(key: string): void {
  const { pos, node } = findKey(key);
  view().dispatch(view().state.tr.setSelection(TextSelection.create(view().state.doc, pos + 1 + node.content.size)));
}

/** The text from `from` to `to` (offsets in the text block with this key) selected. */
export function selectIn(key: string, from: number, to: number): void {
  const { pos } = findKey(key);
  view().dispatch(view().state.tr.setSelection(TextSelection.create(view().state.doc, pos + 1 + from, pos + 1 + to)));
}

/** A new empty paragraph after the last one (key `p-last`), the cursor in it. */
export function newLineAtEnd(): void {
  endOf('p-last');
  if (!press('Enter')) throw new Error('Enter did nothing');
}

/** The menus find their entries asynchronously (they may come from the app). */
export const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The element of the node with this key in the editor's DOM. */
export function domOf(key: string): HTMLElement {
  return view().nodeDOM(findKey(key).pos) as HTMLElement;
}
