import { DocNode, paragraph, textNode } from './document-nodes';
import { refFromUrl, urlFromRef } from './content-ref-url';
import type { ContentRef } from '@gitbook/api';
import { tableValueRef } from './html-table';

/**
 * Which blocks each container may hold in the reference's `JSONDocument` schema. Markdown lets
 * anything nest anywhere (a code block in a hint, a table in a tab); where the reference does
 * not, the block is flattened into blocks the container accepts (a code block becomes code-marked
 * paragraphs, a quote gives its content, a tab gives a bold title and its content), so the
 * document stays valid and no text is lost.
 */
const ESSENTIALS = ['paragraph', 'heading-1', 'heading-2', 'heading-3', 'list-ordered', 'list-unordered', 'list-tasks', 'divider'];

export type Container = 'document' | 'list-item' | 'hint' | 'blockquote' | 'tabs-item' | 'stepper-step' | 'expandable' | 'caption';

const ALLOWED: Record<Container, ReadonlySet<string>> = {
  document: new Set([
    ...ESSENTIALS, 'blockquote', 'hint', 'images', 'file', 'drawing', 'embed', 'code', 'math', 'expandable', 'tabs', 'table',
    'openapi', 'swagger', 'openapi-operation', 'openapi-schemas', 'openapi-webhook', 'content-ref', 'integration', 'reusable-content', 'stepper',
  ]),
  'list-item': new Set([...ESSENTIALS, 'code', 'hint', 'blockquote', 'math', 'table']),
  hint: new Set(ESSENTIALS),
  blockquote: new Set([...ESSENTIALS, 'blockquote']),
  'tabs-item': new Set([...ESSENTIALS, 'content-ref', 'code', 'embed', 'file', 'images', 'drawing', 'hint', 'blockquote', 'math', 'integration']),
  'stepper-step': new Set([...ESSENTIALS, 'content-ref', 'code', 'embed', 'file', 'images', 'drawing', 'hint', 'blockquote', 'math', 'integration']),
  expandable: new Set([...ESSENTIALS, 'images', 'code', 'table', 'hint', 'blockquote', 'reusable-content']),
  caption: new Set(['paragraph']),
};

const refLink = (ref: ContentRef): DocNode => ({ object: 'inline', type: 'link', isVoid: false, data: { ref }, nodes: [textNode(urlFromRef(ref))] });

const fragmentBlocks = (node: DocNode, fragment: string): DocNode[] => node.fragments?.find((f) => f.fragment === fragment)?.nodes ?? [];

/** The blocks that stand for `block` where it may not stay as it is. */
function flatten(block: DocNode): DocNode[] {
  switch (block.type) {
    case 'images':
      return [paragraph((block.nodes ?? []).map((image) => ({ object: 'inline', type: 'inline-image', isVoid: true, data: { ...image.data, ...captionOf(image) } })))];
    case 'embed':
      return [paragraph([refLink(refFromUrl(block.data?.url ?? ''))])];
    case 'file':
    case 'content-ref':
      return block.data?.ref ? [paragraph([refLink(block.data.ref)])] : [];
    case 'code':
      return (block.nodes ?? [])
        .map((line) => (line.nodes ?? []).flatMap((n) => n.leaves ?? []).map((leaf) => leaf.text).join(''))
        .filter((text) => text.trim() !== '')
        .map((text) => paragraph([textNode(text, ['code'])]));
    case 'math':
      return [paragraph([{ object: 'inline', type: 'inline-math', isVoid: true, data: { formula: block.data?.formula ?? '' } }])];
    case 'table': {
      // A row of column titles only where the table shows one (cards and hidden headers do not).
      const [titles, ...rows] = tableRows(block);
      const view = block.data?.view ?? {};
      const shown = view.type === 'cards' || view.hideHeader ? rows : [titles, ...rows];
      return shown.map((cells) => paragraph(cells.flatMap((cell, i) => (i === 0 ? cell : [textNode(' | '), ...cell]))));
    }
    case 'tabs':
    case 'stepper':
      return (block.nodes ?? []).flatMap((item) => [
        ...(item.data?.title ? [paragraph([textNode(item.data.title, ['bold'])])] : []),
        ...(item.nodes ?? []),
      ]);
    case 'expandable':
      return [
        ...fragmentBlocks(block, 'expandable-title').map((title) => paragraph((title.nodes ?? []).map(boldText))),
        ...fragmentBlocks(block, 'expandable-body'),
      ];
    default:
      return block.nodes ?? [];
  }
}

function captionOf(image: DocNode): { caption?: string } {
  const text = fragmentBlocks(image, 'caption')
    .flatMap((p) => p.nodes ?? [])
    .flatMap((n) => n.leaves ?? [])
    .map((leaf) => leaf.text)
    .join('');
  return text ? { caption: text } : {};
}

const boldText = (node: DocNode): DocNode =>
  node.object === 'text'
    ? { ...node, leaves: (node.leaves ?? []).map((leaf) => ({ ...leaf, marks: [...leaf.marks.filter((m) => m.type !== 'bold'), { object: 'mark', type: 'bold' }] })) }
    : node;

/** The inline nodes of each cell of each row (header first) of a table block. */
export function tableRows(table: DocNode): DocNode[][][] {
  return tableCells(table).map((row) => row.map((blocks) => blocks.flatMap((block) => block.nodes ?? [])));
}

/** The blocks of each cell of each row (header first) of a table block. */
export function tableCells(table: DocNode): DocNode[][][] {
  const columns: string[] = table.data?.view?.columns ?? [];
  const definition = table.data?.definition ?? {};
  const fragments = new Map((table.fragments ?? []).map((f) => [f.fragment, f]));
  const records = Object.values<any>(table.data?.records ?? {}).sort((a, b) => (a.orderIndex < b.orderIndex ? -1 : a.orderIndex > b.orderIndex ? 1 : 0));
  const header = columns.map((id) => [paragraph([textNode(String(definition[id]?.title ?? ''))])]);
  const rows = records.map((record) =>
    columns.map((id) => {
      const value = record.values?.[id];
      const fragment = typeof value === 'string' ? fragments.get(value) : undefined;
      if (fragment) return fragment.nodes ?? [];
      // A card's target or cover (a page, file or URL reference) is a link, so it stays one wherever the table is flattened.
      const ref = tableValueRef(value);
      if (ref) return [paragraph([refLink(ref as ContentRef)])];
      return [paragraph([textNode(value === undefined || value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value))])];
    }),
  );
  return [header, ...rows];
}

/** `blocks` made fit for `container`. */
export function fitBlocks(blocks: DocNode[], container: Container): DocNode[] {
  const allowed = ALLOWED[container];
  if (blocks.every((block) => allowed.has(block.type ?? ''))) return blocks;
  const out: DocNode[] = [];
  for (const block of blocks) {
    if (allowed.has(block.type ?? '')) out.push(block);
    else out.push(...fitBlocks(flatten(block), container));
  }
  return out;
}
