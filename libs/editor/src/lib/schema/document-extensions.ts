import { Mark, Node } from '@tiptap/core';
import type { AnyExtension } from '@tiptap/core';
import { BLOCK_SPECS, BlockSpec, DOCUMENT_CONTENT, FRAGMENT_SPECS, TABLE_CELL_CONTENT, UNKNOWN_BLOCK } from './block-specs';
import { INLINE_SPECS, PLAIN_MARKS, UNKNOWN_INLINE, UNKNOWN_MARK } from './inline-specs';
import { jsonAttribute, keyAttribute, sourceAttribute } from './json-attribute';
import { noteText } from '../model/annotation-note';

/** HTML tags of the blocks that have one (the clipboard's HTML); the others are `div[data-type]`. */
const TAGS: Record<string, string> = {
  paragraph: 'p',
  heading1: 'h1',
  heading2: 'h2',
  heading3: 'h3',
  listUnordered: 'ul',
  listOrdered: 'ol',
  listItem: 'li',
  blockquote: 'blockquote',
  codeBlock: 'pre',
};

const MARK_TAGS: Record<string, string> = { bold: 'strong', italic: 'em', strikethrough: 's', code: 'code', keyboard: 'kbd', superscript: 'sup', subscript: 'sub' };

function blockNode(spec: BlockSpec) {
  const tag = TAGS[spec.name] ?? 'div';
  const tagged = tag !== 'div';
  return Node.create({
    name: spec.name,
    content: spec.content,
    group: undefined,
    atom: spec.children === 'none',
    selectable: spec.children === 'none' || spec.children === 'fragments' || spec.children === 'table',
    defining: spec.children === 'blocks' || spec.children === 'fragments',
    isolating: spec.children === 'fragments' || spec.children === 'table' || ['hint', 'tabsItem', 'stepperStep', 'listItem', 'codeBlock', 'column', 'conditional'].includes(spec.name),
    code: spec.name === 'codeLine',
    // A code line keeps its text's marks (the model allows them), the other text blocks every mark.
    addAttributes: () => ({ key: keyAttribute, data: jsonAttribute('data', spec.data), source: sourceAttribute }),
    parseHTML: () => [{ tag: tagged ? tag : `div[data-type="${spec.name}"]`, ...(tagged && spec.name === 'codeBlock' ? { preserveWhitespace: 'full' as const } : {}) }],
    renderHTML: ({ HTMLAttributes }) => (spec.children === 'none' ? [tag, { ...HTMLAttributes, 'data-type': spec.name }] : [tag, { ...HTMLAttributes, 'data-type': spec.name }, 0]),
  });
}

const verbatimAttributes = () => ({ key: keyAttribute, data: jsonAttribute('data', {}), source: sourceAttribute });

/** A block the editor does not map, or one whose content the schema does not allow where it is. */
const UnknownBlock = Node.create({
  name: UNKNOWN_BLOCK,
  atom: true,
  selectable: true,
  addAttributes: () => ({ ...verbatimAttributes(), json: jsonAttribute('json', null) }),
  parseHTML: () => [{ tag: `div[data-type="${UNKNOWN_BLOCK}"]` }],
  renderHTML: ({ HTMLAttributes }) => ['div', { ...HTMLAttributes, 'data-type': UNKNOWN_BLOCK }],
});

const UnknownInline = Node.create({
  name: UNKNOWN_INLINE,
  inline: true,
  group: 'inline',
  atom: true,
  marks: '',
  addAttributes: () => ({ ...verbatimAttributes(), json: jsonAttribute('json', null) }),
  parseHTML: () => [{ tag: `span[data-type="${UNKNOWN_INLINE}"]` }],
  renderHTML: ({ HTMLAttributes }) => ['span', { ...HTMLAttributes, 'data-type': UNKNOWN_INLINE }],
});

const fragmentNodes = FRAGMENT_SPECS.map((spec) =>
  Node.create({
    name: spec.name,
    content: spec.content,
    defining: true,
    isolating: true,
    addAttributes: () => ({ source: sourceAttribute }),
    parseHTML: () => [{ tag: `div[data-type="${spec.name}"]` }],
    renderHTML: ({ HTMLAttributes }) => ['div', { ...HTMLAttributes, 'data-type': spec.name }, 0],
  }),
);

/**
 * A table's parts: the header row of column titles (`tableColumn`: a definition of the model),
 * rows (a record each) and cells (a fragment each, or a value that is not text: `tableValue`).
 */
const tableNodes = [
  Node.create({
    name: 'tableHeader',
    content: 'tableColumn+',
    isolating: true,
    parseHTML: () => [{ tag: 'div[data-type="tableHeader"]' }],
    // A table's roles for assistive technology: the header is a row of column headers, then rows of cells.
    renderHTML: () => ['div', { 'data-type': 'tableHeader', role: 'row' }, 0],
  }),
  Node.create({
    name: 'tableColumn',
    content: 'text*',
    marks: '',
    isolating: true,
    addAttributes: () => ({ columnId: { default: null, rendered: false }, definition: jsonAttribute('definition', null) }),
    parseHTML: () => [{ tag: 'div[data-type="tableColumn"]' }],
    renderHTML: ({ HTMLAttributes }) => ['div', { ...HTMLAttributes, 'data-type': 'tableColumn', role: 'columnheader' }, 0],
  }),
  Node.create({
    name: 'tableRow',
    content: 'tableCell+',
    addAttributes: () => ({ recordId: { default: null, rendered: false }, record: { default: null, rendered: false } }),
    parseHTML: () => [{ tag: 'div[data-type="tableRow"]' }],
    renderHTML: () => ['div', { 'data-type': 'tableRow', role: 'row' }, 0],
  }),
  Node.create({
    name: 'tableCell',
    content: TABLE_CELL_CONTENT,
    isolating: true,
    addAttributes: () => ({ source: sourceAttribute, absent: { default: false, rendered: false }, fragmentId: { default: null, rendered: false } }),
    parseHTML: () => [{ tag: 'div[data-type="tableCell"]' }],
    renderHTML: () => ['div', { 'data-type': 'tableCell', role: 'cell' }, 0],
  }),
  Node.create({
    name: 'tableValue',
    atom: true,
    addAttributes: () => ({ value: jsonAttribute('value', null) }),
    parseHTML: () => [{ tag: 'div[data-type="tableValue"]' }],
    renderHTML: ({ HTMLAttributes }) => ['div', { ...HTMLAttributes, 'data-type': 'tableValue' }],
  }),
];

const inlineNodes = INLINE_SPECS.map((spec) =>
  Node.create({
    name: spec.name,
    inline: true,
    group: 'inline',
    atom: true,
    selectable: true,
    marks: spec.marks,
    addAttributes: () => ({ key: keyAttribute, data: jsonAttribute('data', spec.data), source: sourceAttribute }),
    parseHTML: () => [{ tag: `span[data-type="${spec.name}"]` }],
    renderHTML: ({ HTMLAttributes }) => ['span', { ...HTMLAttributes, 'data-type': spec.name }],
  }),
);

/** The link first: the outermost mark, so a link's text keeps its other marks inside it. */
const Link = Mark.create({
  name: 'link',
  inclusive: false,
  // The model's links and annotations do not nest: text is in one or the other.
  excludes: 'link annotation',
  addAttributes: () => ({ key: keyAttribute, data: jsonAttribute('data', { ref: { kind: 'url', url: '' } }), source: sourceAttribute }),
  parseHTML: () => [{ tag: 'a[data-data]' }],
  renderHTML: ({ HTMLAttributes }) => ['a', HTMLAttributes, 0],
});

/**
 * An annotation: a mark over its text holding its note (`note`: the annotation's fragments, an
 * `annotation-body` of blocks). Shown underlined, the note's text as the title.
 */
const Annotation = Mark.create({
  name: 'annotation',
  inclusive: false,
  excludes: 'annotation link',
  addAttributes: () => ({ key: keyAttribute, data: jsonAttribute('data', {}), note: jsonAttribute('note', []), source: sourceAttribute }),
  parseHTML: () => [{ tag: 'span[data-note]' }],
  renderHTML: ({ HTMLAttributes, mark }) => ['span', { ...HTMLAttributes, class: 'doc-annotation', title: noteText(mark.attrs['note']) }, 0],
});

const plainMarks = PLAIN_MARKS.map((name) =>
  Mark.create({
    name,
    // Code excludes nothing: a leaf of the model may be bold code.
    parseHTML: () => [{ tag: MARK_TAGS[name] }],
    renderHTML: () => [MARK_TAGS[name], 0],
  }),
);

const Color = Mark.create({
  name: 'color',
  addAttributes: () => ({ data: jsonAttribute('data', { text: 'default', background: 'default' }) }),
  parseHTML: () => [{ tag: 'mark[data-data]' }],
  renderHTML: ({ HTMLAttributes }) => ['mark', HTMLAttributes, 0],
});

const UnknownMark = Mark.create({
  name: UNKNOWN_MARK,
  excludes: '',
  addAttributes: () => ({ json: jsonAttribute('json', null) }),
  parseHTML: () => [{ tag: `span[data-type="${UNKNOWN_MARK}"]` }],
  renderHTML: ({ HTMLAttributes }) => ['span', { ...HTMLAttributes, 'data-type': UNKNOWN_MARK }, 0],
});

const Doc = Node.create({
  name: 'doc',
  topNode: true,
  content: DOCUMENT_CONTENT,
  addAttributes: () => ({ source: sourceAttribute }),
});

const Text = Node.create({ name: 'text', group: 'inline' });

/**
 * The schema of the document model as Tiptap extensions: one node per block, fragment and inline
 * type, one mark per mark type. Node order matters to ProseMirror (the first block that fits fills
 * required content), so the paragraph leads.
 */
export function documentExtensions(): AnyExtension[] {
  return [Doc, ...BLOCK_SPECS.map(blockNode), UnknownBlock, ...fragmentNodes, ...tableNodes, Text, ...inlineNodes, UnknownInline, Link, Annotation, ...plainMarks, Color, UnknownMark];
}
