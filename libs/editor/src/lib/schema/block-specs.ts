/**
 * Every block of the document model as a node of the editor's schema: its model type, its node
 * name (ProseMirror content expressions read names as words, so `heading-1` is `heading1`), what
 * its content stands for and which blocks it may hold. The content expressions are the
 * reference's containment rules (its `DocumentBlock*` schemas: a hint holds the essentials, a tab
 * holds essentials, code, images, embeds...). `unknownBlock` (a block the editor cannot map,
 * kept verbatim) may stand anywhere a block may.
 */

/** What the content of the editor's node stands for in the model. */
export type BlockChildren =
  /** text and inlines (`nodes` of text and inline objects) */
  | 'inlines'
  /** blocks (`nodes` of blocks) */
  | 'blocks'
  /** fragments (`fragments`: captions, an expandable's title and body) */
  | 'fragments'
  /** a table: its columns, records and cell fragments (`data` and `fragments`) */
  | 'table'
  /** nothing: an atom, whose model `nodes` and `fragments` (if any) are kept as they are */
  | 'none';

export interface BlockSpec {
  /** The model's block type. */
  type: string;
  /** The editor's node name. */
  name: string;
  children: BlockChildren;
  /** ProseMirror content expression (none for atoms). */
  content?: string;
  /** The model fields a block made in the editor is written with. */
  isVoid: boolean;
  data: Record<string, unknown>;
  /** Shown as a card that edits nothing (kept verbatim): the editor has no editing for it. */
  readOnly?: boolean;
}

const any = (...names: string[]) => `(${names.join(' | ')})`;

const ESSENTIALS = ['paragraph', 'heading1', 'heading2', 'heading3', 'listOrdered', 'listUnordered', 'listTasks', 'divider'];
const UNKNOWN = 'unknownBlock';

/** Where each container's children come from: the reference's `nodes` (or fragment `nodes`) unions. */
export const CONTAINS = {
  document: [
    ...ESSENTIALS, 'blockquote', 'hint', 'images', 'file', 'drawing', 'embed', 'codeBlock', 'math', 'expandable', 'tabs', 'table',
    'swagger', 'openapiOperation', 'openapiSchemas', 'openapiWebhook', 'contentRef', 'integration', 'reusableContent', 'stepper',
    // Not in the reference's top-level union, but stored documents hold them and the sites render them.
    'conditional', 'columns', UNKNOWN,
  ],
  listItem: [...ESSENTIALS, 'codeBlock', 'hint', 'blockquote', 'math', 'table', UNKNOWN],
  hint: [...ESSENTIALS, UNKNOWN],
  blockquote: [...ESSENTIALS, 'blockquote', UNKNOWN],
  tabsItem: [...ESSENTIALS, 'contentRef', 'codeBlock', 'embed', 'file', 'images', 'drawing', 'hint', 'blockquote', 'math', 'integration', UNKNOWN],
  expandableBody: [...ESSENTIALS, 'images', 'codeBlock', 'table', 'hint', 'blockquote', 'reusableContent', UNKNOWN],
  // A fragment holds any block; a cell is edited with the blocks a cell can show.
  tableCell: [...ESSENTIALS, 'images', 'codeBlock', 'hint', 'blockquote', 'math', 'contentRef', 'file', 'embed', 'drawing', 'integration', UNKNOWN],
  column: [...ESSENTIALS, 'images', 'codeBlock', 'hint', 'contentRef', 'drawing', 'embed', 'file', 'integration', 'math', 'blockquote', 'table', UNKNOWN],
  // A conditional block holds what the top level holds (the reference's `DocumentBlocksTopLevels`).
  conditional: [
    ...ESSENTIALS, 'blockquote', 'hint', 'images', 'file', 'drawing', 'embed', 'codeBlock', 'math', 'expandable', 'tabs', 'table',
    'swagger', 'openapiOperation', 'openapiSchemas', 'openapiWebhook', 'contentRef', 'integration', 'reusableContent', 'stepper', UNKNOWN,
  ],
} as const;

const blocksOf = (names: readonly string[]) => `${any(...names)}+`;

const block = (type: string, name: string, children: BlockChildren, content: string | undefined, isVoid: boolean, data: Record<string, unknown> = {}): BlockSpec => ({
  type,
  name,
  children,
  content,
  isVoid,
  data,
});
const atom = (type: string, name: string, data: Record<string, unknown> = {}, readOnly = false): BlockSpec => ({ ...block(type, name, 'none', undefined, true, data), readOnly });

export const BLOCK_SPECS: readonly BlockSpec[] = [
  // The paragraph first: ProseMirror fills required content with the first type that fits.
  block('paragraph', 'paragraph', 'inlines', 'inline*', false),
  block('heading-1', 'heading1', 'inlines', 'inline*', false),
  block('heading-2', 'heading2', 'inlines', 'inline*', false),
  block('heading-3', 'heading3', 'inlines', 'inline*', false),
  block('list-unordered', 'listUnordered', 'blocks', 'listItem+', false),
  block('list-ordered', 'listOrdered', 'blocks', 'listItem+', false),
  block('list-tasks', 'listTasks', 'blocks', 'listItem+', false),
  block('list-item', 'listItem', 'blocks', blocksOf(CONTAINS.listItem), false),
  block('blockquote', 'blockquote', 'blocks', blocksOf(CONTAINS.blockquote), false),
  block('hint', 'hint', 'blocks', blocksOf(CONTAINS.hint), false, { style: 'info' }),
  block('code', 'codeBlock', 'blocks', 'codeLine+', false),
  block('code-line', 'codeLine', 'inlines', '(text | expression | unknownInline)*', false),
  block('images', 'images', 'blocks', 'image+', false),
  block('image', 'image', 'fragments', 'caption?', true),
  block('file', 'file', 'fragments', 'caption?', true),
  block('embed', 'embed', 'fragments', 'caption?', true, { url: '' }),
  block('tabs', 'tabs', 'blocks', 'tabsItem+', false),
  block('tabs-item', 'tabsItem', 'blocks', blocksOf(CONTAINS.tabsItem), false, { title: 'Tab' }),
  block('stepper', 'stepper', 'blocks', 'stepperStep+', false),
  block('stepper-step', 'stepperStep', 'blocks', blocksOf(CONTAINS.tabsItem), false),
  block('expandable', 'expandable', 'fragments', 'expandableTitle expandableBody', true),
  block('table', 'table', 'table', 'tableHeader tableRow*', true),
  atom('divider', 'divider'),
  atom('math', 'math', { formula: '' }),
  atom('content-ref', 'contentRef'),
  atom('reusable-content', 'reusableContent'),
  atom('openapi-operation', 'openapiOperation', { path: '', method: 'get' }),
  atom('openapi-schemas', 'openapiSchemas', { schemas: [] }),
  atom('openapi-webhook', 'openapiWebhook', {}, true),
  atom('swagger', 'swagger', {}, true),
  atom('drawing', 'drawing', {}, true),
  atom('integration', 'integration', {}, true),
  block('if', 'conditional', 'blocks', blocksOf(CONTAINS.conditional), false, { expression: '' }),
  block('columns', 'columns', 'blocks', 'column+', false),
  block('column', 'column', 'blocks', blocksOf(CONTAINS.column), false),
];

/** A block of a type the editor does not map (or whose content does not fit): kept verbatim. */
export const UNKNOWN_BLOCK = UNKNOWN;

/** Fragments of blocks as nodes: which fragment name each stands for, and what it holds. */
export interface FragmentSpec {
  fragment: string;
  name: string;
  content: string;
}

export const FRAGMENT_SPECS: readonly FragmentSpec[] = [
  { fragment: 'caption', name: 'caption', content: 'paragraph+' },
  { fragment: 'expandable-title', name: 'expandableTitle', content: 'paragraph' },
  { fragment: 'expandable-body', name: 'expandableBody', content: blocksOf(CONTAINS.expandableBody) },
];

export const DOCUMENT_CONTENT = blocksOf(CONTAINS.document);
export const TABLE_CELL_CONTENT = `tableValue | ${blocksOf(CONTAINS.tableCell)}`;

export const blockSpecByType = new Map(BLOCK_SPECS.map((spec) => [spec.type, spec]));
export const blockSpecByName = new Map(BLOCK_SPECS.map((spec) => [spec.name, spec]));
export const fragmentSpecByName = new Map(FRAGMENT_SPECS.map((spec) => [spec.fragment, spec]));
export const fragmentSpecByNodeName = new Map(FRAGMENT_SPECS.map((spec) => [spec.name, spec]));
