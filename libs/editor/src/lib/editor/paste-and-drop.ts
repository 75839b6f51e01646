import { Extension } from '@tiptap/core';
import { Slice } from '@tiptap/pm/model';
import type { Node as PMNode, Schema } from '@tiptap/pm/model';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';
import { toEditorDoc } from '../convert/to-editor-doc';
import type { DocNode } from '../model/doc-node';
import { withoutKeys } from '../model/without-keys';
import type { EditorServices } from './editor-services';
import { looksLikeMarkdown, pastedHtmlToMarkdown } from './pasted-html';

/** A converted document (pasted markdown, through the shared converter) as a slice of the editor's document. */
export function markdownSlice(converted: DocNode, schema: Schema): Slice {
  const doc = toEditorDoc(withoutKeys(converted), schema);
  // One paragraph joins the text around the cursor; blocks stand as blocks.
  const open = doc.childCount === 1 && doc.firstChild!.type.name === 'paragraph' ? 1 : 0;
  return new Slice(doc.content, open, open);
}

/** Puts pasted blocks at the selection; blocks pasted on an empty line take its place. */
function insertPasted(view: EditorView, converted: DocNode): void {
  const slice = markdownSlice(converted, view.state.schema);
  const { $from, empty } = view.state.selection;
  const tr = view.state.tr;
  if (empty && slice.openStart === 0 && $from.parent.type.name === 'paragraph' && $from.parent.content.size === 0) tr.replaceRange($from.before(), $from.after(), slice);
  else tr.replaceSelection(slice);
  view.dispatch(tr.scrollIntoView());
}

const imagesOf = (files: FileList | File[] | undefined | null) => [...(files ?? [])].filter((file) => file.type.startsWith('image/'));

/** Uploads the images, then puts an images block of them where they were dropped or pasted. */
async function insertImages(view: EditorView, files: File[], pos: number, services: EditorServices): Promise<void> {
  const stored = await Promise.all(files.map((file) => services.uploadFile!(file)));
  const { schema } = view.state;
  const images: PMNode = schema.nodes['images'].create(
    { data: {} },
    stored.map((file) => schema.nodes['image'].create({ data: { ref: { kind: 'file', file: file.fileId } } })),
  );
  const at = Math.min(pos, view.state.doc.content.size);
  view.dispatch(view.state.tr.replaceRangeWith(at, at, images).scrollIntoView());
}

/**
 * Paste and drop: images are uploaded (`uploadFile`) and become an images block; HTML from
 * elsewhere is read as markdown (as the importer reads HTML), then markdown through the shared
 * converter (`markdownToDocument`), as an import would read it; plain text that reads as markdown
 * likewise. What was copied in an editor (ProseMirror's own slice) and plain text paste as they are.
 */
export const PasteAndDrop = Extension.create<{ services: EditorServices }>({
  name: 'pasteAndDrop',
  addOptions: () => ({ services: {} }),
  addProseMirrorPlugins() {
    const { services } = this.options;
    return [
      new Plugin({
        key: new PluginKey('pasteAndDrop'),
        props: {
          handlePaste(view, event) {
            const data = event.clipboardData;
            if (!data) return false;
            const images = imagesOf(data.files);
            if (images.length > 0 && services.uploadFile) {
              void insertImages(view, images, view.state.selection.from, services);
              return true;
            }
            if (view.state.selection.$from.parent.type.spec.code || !services.markdownToDocument) return false;
            const html = data.getData('text/html');
            if (html && /data-pm-slice/.test(html)) return false;
            const text = data.getData('text/plain');
            const markdown = html ? pastedHtmlToMarkdown(html) : looksLikeMarkdown(text) ? text : undefined;
            if (markdown === undefined || markdown.trim() === '') return false;
            const converted = services.markdownToDocument(markdown);
            if (!(converted instanceof Promise)) insertPasted(view, converted);
            // A converter still loading: the paste lands at the selection as it is once it has (as
            // plain text if it could not load: nothing pasted is lost).
            else
              converted.then(
                (document) => !view.isDestroyed && insertPasted(view, document),
                () => !view.isDestroyed && view.dispatch(view.state.tr.insertText(text).scrollIntoView()),
              );
            return true;
          },
          handleDrop(view, event, _slice, moved) {
            const images = imagesOf((event as DragEvent).dataTransfer?.files);
            if (moved || images.length === 0 || !services.uploadFile) return false;
            const at = view.posAtCoords({ left: (event as DragEvent).clientX, top: (event as DragEvent).clientY })?.pos ?? view.state.selection.from;
            event.preventDefault();
            void insertImages(view, images, at, services);
            return true;
          },
        },
      }),
    ];
  },
});
