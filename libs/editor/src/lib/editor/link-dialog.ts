import { Extension } from '@tiptap/core';
import type { Editor } from '@tiptap/core';
import { refFromText, textOfRef } from '../model/ref-text';

/**
 * Mod-k: a small form for the link of the selection: its target as text (a URL, `#anchor`,
 * `ref:page/<id>`, `ref:file/<id>`), "Apply link" and "Remove link". With no selection outside a
 * link, the target is inserted as linked text.
 */
export function openLinkDialog(editor: Editor): HTMLFormElement {
  document.querySelector('.doc-link-dialog')?.remove();
  const current = editor.getAttributes('link')['data']?.ref;
  const form = document.createElement('form');
  form.className = 'doc-link-dialog';
  form.setAttribute('role', 'dialog');
  form.setAttribute('aria-label', 'Link');
  const input = document.createElement('input');
  input.type = 'text';
  input.setAttribute('aria-label', 'Link target');
  input.placeholder = 'https://…, #anchor, ref:page/…';
  input.value = textOfRef(current);
  const apply = document.createElement('button');
  apply.type = 'submit';
  apply.textContent = 'Apply link';
  const remove = document.createElement('button');
  remove.type = 'button';
  remove.textContent = 'Remove link';
  form.append(input, apply, remove);

  const close = () => {
    form.remove();
    editor.commands.focus();
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const target = input.value.trim();
    if (!target) return close();
    const data = { ref: refFromText(target) };
    const chain = editor.chain().focus();
    if (editor.state.selection.empty && !editor.isActive('link')) {
      const link = editor.schema.marks['link'].create({ data });
      chain.command(({ tr }) => (tr.insert(tr.selection.from, editor.schema.text(target, [link])), true)).run();
    } else {
      chain.extendMarkRange('link').setMark('link', { data }).run();
    }
    close();
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
  input.focus();
  return form;
}

export const LinkDialog = Extension.create({
  name: 'linkDialog',
  addKeyboardShortcuts() {
    return { 'Mod-k': () => (openLinkDialog(this.editor), true) };
  },
});
