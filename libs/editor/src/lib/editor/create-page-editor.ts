import { Editor } from '@tiptap/core';
import type { Node as PMNode } from '@tiptap/pm/model';
import { Dropcursor, Gapcursor, UndoRedo } from '@tiptap/extensions';
import { fromEditorDoc } from '../convert/from-editor-doc';
import { toEditorDoc } from '../convert/to-editor-doc';
import type { DocNode } from '../model/doc-node';
import { documentExtensions } from '../schema/document-extensions';
import { withNodeViews } from '../views/node-views';
import { AnnotationDialog } from './annotation-dialog';
import { EditingKeymap } from './editing-keymap';
import type { EditorServices } from './editor-services';
import { LinkDialog } from './link-dialog';
import { MarkdownInputRules } from './markdown-input-rules';
import { MentionMenu } from './mention-menu';
import { MoveKeys } from './move-keys';
import { PasteAndDrop } from './paste-and-drop';
import { SlashMenu } from './slash-menu';
import { UniqueIds } from './unique-ids';

export interface PageEditorOptions extends EditorServices {
  /** The page's document as the API returned it. */
  document: DocNode | object;
  /** Called after each change of the document (typing, a command, undo). */
  onChange?: (editor: PageEditor) => void;
  readOnly?: boolean;
}

export interface PageEditor {
  /** The document as it is now: the one read, field for field, when nothing changed. */
  getDocument(): DocNode;
  /** Whether the document differs from the one read (an edit undone is no change). */
  isDirty(): boolean;
  focus(): void;
  destroy(): void;
  /** The Tiptap editor, for the app's toolbars. */
  readonly editor: Editor;
}

/**
 * A block editor on `element` for a page's document: the schema's nodes with their views,
 * undo and redo, markdown shortcuts, the `/` menu, marks and link keys, paste and drop through
 * the shared converter, uploads through the app.
 */
export function createPageEditor(element: HTMLElement, options: PageEditorOptions): PageEditor {
  // Images uploaded here are shown from the address the upload gave before the app knows the file.
  const uploaded = new Map<string, string>();
  const services: EditorServices = {
    ...options,
    uploadFile: options.uploadFile
      ? async (file) => {
          const stored = await options.uploadFile!(file);
          uploaded.set(stored.fileId, stored.url);
          return stored;
        }
      : undefined,
    resolveFile: (fileId) => uploaded.get(fileId) ?? options.resolveFile?.(fileId),
  };
  const extensions = withNodeViews(documentExtensions(), services);
  const editor = new Editor({
    element,
    extensions: [
      ...extensions,
      UndoRedo,
      Dropcursor,
      Gapcursor,
      UniqueIds,
      MarkdownInputRules,
      EditingKeymap,
      MoveKeys,
      LinkDialog.configure({ services }),
      AnnotationDialog,
      SlashMenu,
      MentionMenu.configure({ services }),
      PasteAndDrop.configure({ services }),
    ],
    editable: !options.readOnly,
    editorProps: { attributes: { class: 'doc-editor', role: 'textbox', 'aria-multiline': 'true', 'aria-label': 'Page content' } },
    // The document is built by the conversion, not parsed from HTML.
    content: null,
    enableContentCheck: false,
  });
  const initial: PMNode = toEditorDoc(options.document, editor.schema);
  editor.commands.command(({ tr }) => {
    tr.replaceWith(0, tr.doc.content.size, initial.content).setDocAttribute('source', initial.attrs['source']).setMeta('addToHistory', false);
    return true;
  });
  const read = editor.state.doc;

  const page: PageEditor = {
    editor,
    getDocument: () => (page.isDirty() ? fromEditorDoc(editor.state.doc) : (options.document as DocNode)),
    isDirty: () => !editor.state.doc.eq(read),
    focus: () => editor.commands.focus(),
    destroy: () => editor.destroy(),
  };
  editor.on('update', () => options.onChange?.(page));
  return page;
}
