import { lazyComponent } from '../components/lazy-component';

/**
 * The panels that hold the block editor, each loaded on first use: the editor (ProseMirror,
 * Tiptap) and the markdown converter are most of the app's code, and only these panels need them.
 * Screens import the panels from here, not from their own modules, so that the editor stays out of
 * the app's first script (what a browser downloads before anything shows).
 */
export const PageEditorPanel = lazyComponent(() => import('./page-editor-panel').then((module) => module.PageEditorPanel), 'Loading the page…');

export const RevisionPageReader = lazyComponent(() => import('./revision-page-reader').then((module) => module.RevisionPageReader), 'Loading the page…');
