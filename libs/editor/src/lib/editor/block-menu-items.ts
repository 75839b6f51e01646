import type { Editor, Range } from '@tiptap/core';
import type { Node as PMNode } from '@tiptap/pm/model';
import { TextSelection } from '@tiptap/pm/state';
import { openAnnotationDialog } from './annotation-dialog';
import { newTable } from './table-commands';

/** An entry of the `/` menu: its name, other words it is found by, and what it inserts. */
export interface BlockMenuItem {
  title: string;
  keywords: string[];
  run: (editor: Editor, range: Range) => boolean;
}

/**
 * A block in place of the paragraph the `/` was typed in when it is empty, after it otherwise;
 * nothing where the container may not hold it. The cursor goes into the new block.
 */
function insertBlock(editor: Editor, range: Range, make: (editor: Editor) => PMNode): boolean {
  const { state, view } = editor;
  const tr = state.tr.delete(range.from, range.to);
  const $pos = tr.doc.resolve(range.from);
  const node = make(editor);
  const parent = $pos.node(-1);
  const index = $pos.index(-1);
  const empty = $pos.parent.type.name === 'paragraph' && $pos.parent.content.size === 0;
  let at: number;
  if (empty && parent.canReplaceWith(index, index + 1, node.type)) {
    at = $pos.before();
    tr.replaceWith(at, $pos.after(), node);
  } else if (parent.canReplaceWith(index + 1, index + 1, node.type)) {
    at = $pos.after();
    tr.insert(at, node);
  } else return false;
  tr.setSelection(TextSelection.near(tr.doc.resolve(at + 1)));
  view.dispatch(tr.scrollIntoView());
  return true;
}

/** An inline atom where the `/` was typed; its first field takes the focus (a formula, a label to type). */
function insertInline(editor: Editor, range: Range, name: string, data: Record<string, unknown>): boolean {
  const node = editor.schema.nodes[name].create({ data });
  if (!editor.chain().focus().deleteRange(range).insertContent(node.toJSON()).run()) return false;
  const chip = editor.view.nodeDOM(range.from);
  (chip instanceof HTMLElement ? chip.querySelector<HTMLElement>('input, textarea') : null)?.focus();
  return true;
}

const create = (name: string, data?: Record<string, unknown>) => (editor: Editor) => editor.schema.nodes[name].createAndFill(data ? { data } : null)!;

const hint = (style: string): BlockMenuItem => ({
  title: `Hint: ${style}`,
  keywords: ['hint', 'callout', 'note', style],
  run: (editor, range) => editor.chain().focus().deleteRange(range).wrapIn('hint', { data: { style } }).run(),
});

export const BLOCK_MENU_ITEMS: BlockMenuItem[] = [
  { title: 'Text', keywords: ['paragraph', 'plain'], run: (editor, range) => editor.chain().focus().deleteRange(range).setNode('paragraph').run() },
  { title: 'Heading 1', keywords: ['h1', 'title'], run: (editor, range) => editor.chain().focus().deleteRange(range).setNode('heading1').run() },
  { title: 'Heading 2', keywords: ['h2', 'subtitle'], run: (editor, range) => editor.chain().focus().deleteRange(range).setNode('heading2').run() },
  { title: 'Heading 3', keywords: ['h3'], run: (editor, range) => editor.chain().focus().deleteRange(range).setNode('heading3').run() },
  { title: 'Bulleted list', keywords: ['unordered', 'ul', 'bullet'], run: (editor, range) => editor.chain().focus().deleteRange(range).toggleList('listUnordered', 'listItem').run() },
  { title: 'Numbered list', keywords: ['ordered', 'ol'], run: (editor, range) => editor.chain().focus().deleteRange(range).toggleList('listOrdered', 'listItem').run() },
  { title: 'Task list', keywords: ['todo', 'checkbox', 'tasks'], run: (editor, range) => editor.chain().focus().deleteRange(range).toggleList('listTasks', 'listItem').run() },
  { title: 'Quote', keywords: ['blockquote'], run: (editor, range) => editor.chain().focus().deleteRange(range).wrapIn('blockquote').run() },
  hint('info'),
  hint('warning'),
  hint('danger'),
  hint('success'),
  { title: 'Code block', keywords: ['code', 'snippet', 'pre'], run: (editor, range) => insertBlock(editor, range, create('codeBlock')) },
  { title: 'Table', keywords: ['grid'], run: (editor, range) => insertBlock(editor, range, (e) => newTable(e.state, 'grid')) },
  { title: 'Cards', keywords: ['card', 'table'], run: (editor, range) => insertBlock(editor, range, (e) => newTable(e.state, 'cards', 2, 1)) },
  { title: 'Tabs', keywords: ['tab'], run: (editor, range) => insertBlock(editor, range, (e) => e.schema.nodes['tabs'].create(null, e.schema.nodes['tabsItem'].createAndFill({ data: { title: 'Tab 1' } })!)) },
  { title: 'Expandable', keywords: ['details', 'collapse', 'accordion'], run: (editor, range) => insertBlock(editor, range, create('expandable', {})) },
  { title: 'Stepper', keywords: ['steps', 'step'], run: (editor, range) => insertBlock(editor, range, create('stepper', {})) },
  // No "Columns" nor "Conditional content": the reference's documents (0.143.2) list them in no
  // container, so the API refuses a page holding one; a document that has them is edited in place.
  { title: 'Image', keywords: ['picture', 'figure', 'images'], run: (editor, range) => insertBlock(editor, range, (e) => e.schema.nodes['images'].create({ data: {} }, e.schema.nodes['image'].create({ data: { ref: { kind: 'url', url: '' } } }))) },
  { title: 'File', keywords: ['download', 'attachment'], run: (editor, range) => insertBlock(editor, range, create('file', { ref: { kind: 'file', file: '' } })) },
  { title: 'Embed', keywords: ['video', 'iframe', 'url'], run: (editor, range) => insertBlock(editor, range, create('embed', { url: '' })) },
  { title: 'Math', keywords: ['formula', 'latex', 'tex', 'equation'], run: (editor, range) => insertBlock(editor, range, create('math', { formula: '' })) },
  { title: 'Inline math', keywords: ['formula', 'latex'], run: (editor, range) => insertInline(editor, range, 'inlineMath', { formula: '' }) },
  { title: 'Divider', keywords: ['hr', 'line', 'separator'], run: (editor, range) => insertBlock(editor, range, create('divider', {})) },
  { title: 'Page link', keywords: ['content-ref', 'link', 'page'], run: (editor, range) => insertBlock(editor, range, create('contentRef', { ref: { kind: 'page', page: '' } })) },
  { title: 'Reusable content', keywords: ['include', 'snippet'], run: (editor, range) => insertBlock(editor, range, create('reusableContent', { ref: { kind: 'reusable-content', reusableContent: '' } })) },
  { title: 'Button', keywords: ['cta', 'call to action', 'link'], run: (editor, range) => insertInline(editor, range, 'button', { label: '', kind: 'primary', ref: { kind: 'url', url: '' } }) },
  { title: 'Icon', keywords: ['symbol', 'glyph'], run: (editor, range) => insertInline(editor, range, 'icon', { icon: '' }) },
  {
    title: 'Annotation',
    keywords: ['note', 'footnote', 'tooltip'],
    run: (editor, range) => (editor.chain().focus().deleteRange(range).run(), openAnnotationDialog(editor), true),
  },
  { title: 'Variable', keywords: ['expression', 'var'], run: (editor, range) => insertInline(editor, range, 'expression', { expression: '' }) },
  { title: 'OpenAPI operation', keywords: ['api', 'endpoint', 'openapi'], run: (editor, range) => insertBlock(editor, range, create('openapiOperation', { ref: { kind: 'openapi', spec: '' }, path: '', method: 'get' })) },
  { title: 'OpenAPI schemas', keywords: ['api', 'schema', 'openapi'], run: (editor, range) => insertBlock(editor, range, create('openapiSchemas', { ref: { kind: 'openapi', spec: '' }, schemas: [] })) },
];

/** The entries whose name or words start with what was typed after `/`. */
export function filterBlockMenu(query: string): BlockMenuItem[] {
  const words = query.toLowerCase().trim();
  if (!words) return BLOCK_MENU_ITEMS;
  return BLOCK_MENU_ITEMS.filter((item) => [item.title, ...item.keywords].some((word) => word.toLowerCase().split(/[\s:]+/).some((part) => part.startsWith(words)) || word.toLowerCase().startsWith(words)));
}
