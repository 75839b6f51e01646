import { Extension, getMarkRange } from '@tiptap/core';
import type { Editor } from '@tiptap/core';
import type { DocNode } from '../model/doc-node';
import { placeBelowSelection } from './link-dialog';

type NoteMarkdown = typeof import('../model/note-markdown');

let dialogs = 0;

/**
 * Mod-Alt-m (or "Annotation" in the `/` menu): a small form for the note of the selected text or
 * of the annotation the cursor is in: "Note" (markdown, read as the document model reads it),
 * "Apply note", "Remove note". With nothing selected outside an annotation, "Annotated text" is the
 * text to insert with its note. It opens once the note's markdown conversions are loaded (a chunk
 * of their own in a bundle: a moment, the first time).
 */
export function openAnnotationDialog(editor: Editor): void {
  // After the next frame too: a focus the caller gave the editor (Tiptap's waits a frame) lands first, not in the form.
  const frame = new Promise((resolve) => requestAnimationFrame(resolve));
  Promise.all([import('../model/note-markdown'), frame]).then(
    ([notes]) => !editor.isDestroyed && showAnnotationDialog(editor, notes),
    (error: Error) => !editor.isDestroyed && showAnnotationDialog(editor, error),
  );
}

/** The form, with the note's conversions (or why they could not be loaded: then it says so). */
function showAnnotationDialog(editor: Editor, notes: NoteMarkdown | Error): void {
  document.querySelector('.doc-link-dialog')?.remove();
  const unavailable = notes instanceof Error ? `Notes cannot be written now (${notes.message}): reload the page to try again.` : undefined;
  const type = editor.schema.marks['annotation'];
  const { selection } = editor.state;
  const range = getMarkRange(selection.$from, type);
  const existing = range ? selection.$from.marks().find((mark) => mark.type === type) ?? editor.state.doc.nodeAt(range.from)?.marks.find((mark) => mark.type === type) : undefined;
  const needsText = selection.empty && !existing;
  const id = `doc-annotation-${++dialogs}`;

  const form = document.createElement('form');
  form.className = 'doc-annotation-dialog doc-link-dialog';
  form.setAttribute('role', 'dialog');
  form.setAttribute('aria-label', 'Annotation');
  const text = document.createElement('input');
  text.type = 'text';
  text.setAttribute('aria-label', 'Annotated text');
  text.placeholder = 'Annotated text';
  const note = document.createElement('textarea');
  note.setAttribute('aria-label', 'Note');
  note.placeholder = 'The note (markdown)';
  note.rows = 3;
  note.value = notes instanceof Error ? '' : notes.noteToMarkdown(existing?.attrs['note'] as DocNode[] | undefined);
  const problem = document.createElement('p');
  problem.id = `${id}-problem`;
  problem.setAttribute('role', 'alert');
  problem.className = 'doc-dialog-problem';
  const apply = document.createElement('button');
  apply.type = 'submit';
  apply.textContent = 'Apply note';
  const remove = document.createElement('button');
  remove.type = 'button';
  remove.textContent = 'Remove note';
  remove.hidden = !existing;
  form.append(...(needsText ? [text] : []), note, apply, remove, problem);

  const close = () => {
    form.remove();
    // At once (Tiptap's focus waits a frame): what is typed next goes to the text.
    editor.view.focus();
  };
  const say = (message: string, field: HTMLElement) => {
    problem.textContent = message;
    field.setAttribute('aria-invalid', 'true');
    field.setAttribute('aria-describedby', problem.id);
    field.focus();
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const words = text.value.trim();
    if (needsText && !words) return say('Write the text the note is about.', text);
    if (notes instanceof Error) return say(unavailable!, note);
    const fragments = notes.noteFromMarkdown(note.value, existing?.attrs['note'] as DocNode[] | undefined);
    if (!fragments) return say('Write the note, or remove it.', note);
    const chain = editor.chain().focus();
    if (needsText) {
      const mark = type.create({ data: {}, note: fragments });
      chain.command(({ tr }) => (tr.insert(tr.selection.from, editor.schema.text(words, [mark])), true)).run();
    } else if (existing && range) {
      // The same annotation (its key and fields as read), its note replaced.
      const mark = type.create({ ...existing.attrs, note: fragments });
      chain.command(({ tr }) => (tr.removeMark(range.from, range.to, type).addMark(range.from, range.to, mark), true)).run();
    } else {
      chain.setMark('annotation', { data: {}, note: fragments }).run();
    }
    close();
  });
  remove.addEventListener('click', () => {
    if (range) editor.chain().focus().command(({ tr }) => (tr.removeMark(range.from, range.to, type), true)).run();
    close();
  });
  form.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') close();
  });
  const host = (editor.options.element as HTMLElement | null)?.parentElement ?? document.body;
  host.append(form);
  placeBelowSelection(editor, form);
  (needsText ? text : note).focus();
  if (unavailable) say(unavailable, note);
}

export const AnnotationDialog = Extension.create({
  name: 'annotationDialog',
  addKeyboardShortcuts() {
    return { 'Mod-Alt-m': () => (openAnnotationDialog(this.editor), true) };
  },
});
