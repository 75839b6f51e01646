import { Extension } from '@tiptap/core';
import type { Editor } from '@tiptap/core';
import type { ContentRef } from '../model/content-ref';
import { textOfRef } from '../model/ref-text';
import { RefCombobox } from '../views/ref-combobox';
import { choiceSources, nameOfRef } from './choice-sources';
import type { EditorServices } from './editor-services';

/**
 * Mod-k: a small form for the link of the selection. Its target is a combobox: typing finds the
 * space's pages by title, the headings of this page and the space's files (arrows, Enter chooses
 * and applies); a URL, `#anchor` or `ref:page/<id>` typed out applies with "Apply link" (or
 * Enter). "Remove link" unlinks. With no selection outside a link, the target is inserted as
 * linked text: the chosen page's (or file's) name, else the target as typed.
 */
export function openLinkDialog(editor: Editor, services: EditorServices = {}): HTMLFormElement {
  document.querySelector('.doc-link-dialog')?.remove();
  const current: ContentRef | undefined = editor.getAttributes('link')['data']?.ref;
  const form = document.createElement('form');
  form.className = 'doc-link-dialog';
  form.setAttribute('role', 'dialog');
  form.setAttribute('aria-label', 'Link');
  const target = new RefCombobox(
    'Link target',
    () => choiceSources(services, editor.state.doc, ['pages', 'headings', 'files']),
    (ref) => apply(ref),
    (ref) => nameOfRef(services, ref),
  );
  target.show(current);
  const applyButton = document.createElement('button');
  applyButton.type = 'submit';
  applyButton.textContent = 'Apply link';
  const remove = document.createElement('button');
  remove.type = 'button';
  remove.textContent = 'Remove link';
  form.append(target.element, applyButton, remove);

  const close = () => {
    form.remove();
    // At once (Tiptap's focus waits a frame): what is typed next goes to the text.
    editor.view.focus();
  };
  const apply = (ref: ContentRef | undefined) => {
    if (!ref) return close();
    const data = { ref };
    const chain = editor.chain().focus();
    if (editor.state.selection.empty && !editor.isActive('link')) {
      const text = nameOfRef(services, ref) ?? textOfRef(ref);
      const link = editor.schema.marks['link'].create({ data });
      chain.command(({ tr }) => (tr.insert(tr.selection.from, editor.schema.text(text, [link])), true)).run();
    } else {
      chain.extendMarkRange('link').setMark('link', { data }).run();
    }
    close();
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    apply(target.ref());
  });
  remove.addEventListener('click', () => {
    editor.chain().focus().extendMarkRange('link').unsetMark('link').run();
    close();
  });
  form.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') close();
  });
  const host = (editor.options.element as HTMLElement | null)?.parentElement ?? document.body;
  host.append(form);
  placeBelowSelection(editor, form);
  target.input.focus();
  return form;
}

/** The form under the selection, where the eyes are (a page may be long); where the layout is unknown, after the editor. */
export function placeBelowSelection(editor: Editor, form: HTMLElement): void {
  try {
    const at = editor.view.coordsAtPos(editor.state.selection.from);
    // Within the window: on a narrow screen the form starts further left than the selection.
    const room = document.documentElement.clientWidth - form.getBoundingClientRect().width - 8;
    Object.assign(form.style, { position: 'absolute', left: `${Math.max(0, Math.min(at.left, room)) + window.scrollX}px`, top: `${at.bottom + window.scrollY + 4}px` });
  } catch {
    // No layout (a document without rendering): the form stays in the flow.
  }
}

export const LinkDialog = Extension.create<{ services: EditorServices }>({
  name: 'linkDialog',
  addOptions: () => ({ services: {} }),
  addKeyboardShortcuts() {
    return { 'Mod-k': () => (openLinkDialog(this.editor, this.options.services), true) };
  },
});
