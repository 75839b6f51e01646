/**
 * The block editor of the browser app: the document model (GitBook's JSONDocument) edited through
 * ProseMirror (Tiptap 3). `toEditorDoc` / `fromEditorDoc` convert both ways without loss;
 * `createPageEditor` mounts an editor on an element.
 */
export type { DocNode, DocLeaf, DocMark } from './lib/model/doc-node';
export type { ContentRef } from './lib/model/content-ref';
export { toEditorDoc } from './lib/convert/to-editor-doc';
export { fromEditorDoc } from './lib/convert/from-editor-doc';
export type { FromEditorOptions } from './lib/convert/from-editor-doc';
export { editorSchema } from './lib/schema/editor-schema';
export { documentExtensions } from './lib/schema/document-extensions';
export { BLOCK_SPECS, FRAGMENT_SPECS } from './lib/schema/block-specs';
export { INLINE_SPECS } from './lib/schema/inline-specs';
export { createPageEditor } from './lib/editor/create-page-editor';
export type { PageEditor, PageEditorOptions } from './lib/editor/create-page-editor';
export type { EditorServices, PageChoice, FileChoice, MemberChoice } from './lib/editor/editor-services';
export { EDITOR_CSS } from './lib/editor/editor-styles';
export { BLOCK_MENU_ITEMS } from './lib/editor/block-menu-items';
export { refFromText, textOfRef } from './lib/model/ref-text';
