import { extractAnchors, type JSONDocument } from '@docs/document-model';
import type { PageEditor } from '@docs/editor';

/**
 * Brings a section of the page into view: the heading whose anchor is `anchor` (the anchors
 * search results and `#anchor` links name, computed by the document model from the page's
 * headings in order), scrolled to the top, the cursor at its start when the page is editable.
 * False when the page has no such heading.
 */
export function showSection(editor: PageEditor, anchor: string): boolean {
  const index = extractAnchors(editor.getDocument() as unknown as JSONDocument).indexOf(anchor);
  if (index < 0) return false;
  let seen = 0;
  let position: number | undefined;
  editor.editor.state.doc.descendants((node, pos) => {
    if (position !== undefined) return false;
    if (!/^heading\d$/.test(node.type.name)) return true;
    if (seen++ === index) position = pos;
    return false;
  });
  if (position === undefined) return false;
  if (editor.editor.isEditable) editor.editor.commands.focus(position + 1, { scrollIntoView: false });
  (editor.editor.view.nodeDOM(position) as HTMLElement | null)?.scrollIntoView({ block: 'start' });
  return true;
}
