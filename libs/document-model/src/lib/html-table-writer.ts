import { RefResolver, writeRef } from './content-ref-url';
import { ContentRef, DocLeaf, DocNode } from './document-nodes';
import { tableValueRef } from './html-table';
import { codeBlockHtml } from './html-code-block';
import { markdownHeadingLevel } from './heading-levels';
import { emojiText, refLabel } from './inline-markdown';

/**
 * A table block as the one-line HTML GitBook writes (`htmlTable` reads it back): used for what a
 * markdown table cannot say (cards, column widths, cells of several blocks). Attributes, marks and
 * escapes in GitBook's order: `<mark>` outside `<em>` outside `<strong>` outside `<code>`, links
 * outside their marks, `&` and `<` as `&#x26;` and `&#x3C;`; code blocks as `<pre>`, headings one
 * level down as in markdown (`<h3>` for heading-2).
 */
export function tableNeedsHtml(table: DocNode): boolean {
  const view = table.data?.view ?? {};
  if (view.type === 'cards' || view.columnWidths || table.data?.fullWidth !== undefined) return true;
  // A definition the grid does not show is a hidden column, which only HTML can say.
  if (Object.keys(table.data?.definition ?? {}).some((id) => !(view.columns ?? []).includes(id))) return true;
  const definition = table.data?.definition ?? {};
  if (Object.values<any>(definition).some((column) => column?.type !== 'text')) return true;
  // Cells of paragraphs and lists a markdown table holds as HTML (`<p>...</p>`); other blocks need an HTML table.
  return (table.fragments ?? []).some((fragment) => (fragment.nodes ?? []).some((block) => !['paragraph', 'list-ordered', 'list-unordered'].includes(block.type ?? '')));
}

/** Whether a markdown table's cell must be written as HTML: more than one block, or a line break. */
export const cellNeedsHtml = (blocks: DocNode[]) =>
  blocks.length !== 1 || blocks[0].type !== 'paragraph' || (blocks[0].nodes ?? []).some((node) => (node.leaves ?? []).some((leaf) => leaf.text.includes('\n')));

/** A markdown table's cell as GitBook writes it in HTML: each paragraph in `<p>`, lists as lists. */
export function cellHtml(blocks: DocNode[], resolver?: RefResolver): string {
  return blocks.map((block) => (block.type === 'paragraph' ? `<p>${inlineHtml(block.nodes ?? [], resolver)}</p>` : blocksHtml([block], resolver))).join('');
}

const escapeText = (text: string) => text.replace(/&/g, '&#x26;').replace(/</g, '&#x3C;');
const escapeAttribute = (text: string) => text.replace(/&/g, '&#x26;').replace(/"/g, '&#x22;');

const MARK_TAGS: [string, (mark: any) => string, string][] = [
  ['color', (mark) => `<mark style="${[mark.data?.text && mark.data.text !== 'default' ? `color:${mark.data.text};` : '', mark.data?.background && mark.data.background !== 'default' ? `background-color:${mark.data.background};` : ''].join('')}">`, '</mark>'],
  ['italic', () => '<em>', '</em>'],
  ['bold', () => '<strong>', '</strong>'],
  ['strikethrough', () => '<s>', '</s>'],
  ['superscript', () => '<sup>', '</sup>'],
  ['subscript', () => '<sub>', '</sub>'],
  ['keyboard', () => '<kbd>', '</kbd>'],
  ['code', () => '<code>', '</code>'],
];

const closing = (key: string) => MARK_TAGS.find(([type]) => key.startsWith(`${type}:`))?.[2] ?? '';

function leavesHtml(leaves: DocLeaf[]): string {
  let out = '';
  const open: string[] = [];
  for (const leaf of leaves) {
    const wanted = MARK_TAGS.filter(([type]) => leaf.marks.some((mark) => mark.type === type));
    const keys = wanted.map(([type]) => `${type}:${JSON.stringify(leaf.marks.find((mark) => mark.type === type)?.data ?? null)}`);
    let common = 0;
    while (common < open.length && common < keys.length && open[common] === keys[common]) common++;
    while (open.length > common) out += closing(open.pop() as string);
    wanted.slice(common).forEach(([type, opening], i) => {
      out += opening(leaf.marks.find((mark) => mark.type === type));
      open.push(keys[common + i]);
    });
    out += escapeText(leaf.text).replace(/\n/g, '<br>');
  }
  while (open.length > 0) out += closing(open.pop() as string);
  return out;
}

export function inlineHtml(nodes: DocNode[], resolver?: RefResolver): string {
  return nodes
    .map((node) => {
      if (node.object === 'text') return leavesHtml(node.leaves ?? []);
      if (node.type === 'button' && node.data?.ref) return `<a href="${escapeAttribute(writeRef(node.data.ref, resolver))}" class="button ${node.data.kind === 'secondary' ? 'secondary' : 'primary'}">${escapeText(String(node.data.label ?? ''))}</a>`;
      if (node.type === 'link' && node.data?.ref) return `<a href="${escapeAttribute(writeRef(node.data.ref, resolver))}">${inlineHtml(node.nodes ?? [], resolver)}</a>`;
      if (node.type === 'emoji' && node.data?.code) return `<span data-gb-custom-inline data-tag="emoji" data-code="${escapeAttribute(String(node.data.code))}">${emojiText(String(node.data.code))}</span>`;
      if (node.type === 'inline-image' && node.data?.ref) return `<img src="${escapeAttribute(writeRef(node.data.ref, resolver))}" alt="${escapeAttribute(node.data.alt ?? '')}">`;
      return inlineHtml(node.nodes ?? [], resolver);
    })
    .join('');
}

function blocksHtml(blocks: DocNode[], resolver?: RefResolver): string {
  if (blocks.length === 1 && blocks[0].type === 'paragraph') return inlineHtml(blocks[0].nodes ?? [], resolver);
  return blocks
    .map((block) => {
      if (block.type === 'list-ordered' || block.type === 'list-unordered') {
        const tag = block.type === 'list-ordered' ? 'ol' : 'ul';
        const start = tag === 'ol' && Number.isInteger(block.data?.start) && block.data?.start !== 1 ? ` start="${block.data?.start}"` : '';
        return `<${tag}${start}>${(block.nodes ?? []).map((item) => `<li>${blocksHtml(item.nodes ?? [], resolver)}</li>`).join('')}</${tag}>`;
      }
      if (block.type === 'code') return codeBlockHtml(block);
      if (block.type?.startsWith('heading-')) {
        const level = markdownHeadingLevel(block.type);
        return `<h${level}>${inlineHtml(block.nodes ?? [], resolver)}</h${level}>`;
      }
      return `<p>${inlineHtml(block.nodes ?? [], resolver)}</p>`;
    })
    .join('');
}


export function tableHtml(table: DocNode, resolver?: RefResolver): string {
  const view = table.data?.view ?? {};
  const definition = table.data?.definition ?? {};
  const shown: string[] = view.columns ?? [];
  // Definitions the view does not show come after, as hidden columns.
  const hidden = view.type === 'cards' ? [] : Object.keys(definition).filter((id) => !shown.includes(id));
  const columns = [...shown, ...hidden];
  const fragments = new Map((table.fragments ?? []).map((fragment) => [fragment.fragment, fragment]));
  const cards = view.type === 'cards';
  const attributes = [
    cards && view.cardSize === 'large' ? ' data-card-size="large"' : '',
    cards && view.hideColumnTitle ? ' data-column-title-hidden' : '',
    cards ? ' data-view="cards"' : '',
    !cards && view.hideHeader ? ' data-header-hidden' : '',
    table.data?.fullWidth !== undefined ? ` data-full-width="${table.data.fullWidth}"` : '',
  ].join('');
  const header = columns
    .map((id) => {
      const column = definition[id] ?? {};
      const width = view.columnWidths?.[id] !== undefined ? ` width="${view.columnWidths[id]}"` : '';
      const align = column.type === 'text' && column.textAlignment && column.textAlignment !== 'left' ? ` align="${column.textAlignment}"` : '';
      const role = view.targetDefinition === id ? ' data-hidden data-card-target' : view.coverDefinition === id ? ' data-hidden data-card-cover' : hidden.includes(id) ? ' data-hidden' : '';
      const type = column.type === 'content-ref' || column.type === 'files' ? ` data-type="${column.type}"` : '';
      return `<th${width}${align}${role}${type}>${escapeText(String(column.title ?? ''))}</th>`;
    })
    .join('');
  const records = Object.values<any>(table.data?.records ?? {}).sort((a, b) => (a.orderIndex < b.orderIndex ? -1 : a.orderIndex > b.orderIndex ? 1 : 0));
  const rows = records
    .map((record) => {
      const cells = columns.map((id) => {
        const value = record.values?.[id];
        const ref = tableValueRef(value);
        if (ref) {
          const url = writeRef(ref as ContentRef, resolver);
          return `<td><a href="${escapeAttribute(url)}">${escapeText(refLabel(url))}</a></td>`;
        }
        // A cell repeats its column's alignment.
        const column = definition[id] ?? {};
        const open = column.type === 'text' && column.textAlignment && column.textAlignment !== 'left' ? `<td align="${column.textAlignment}">` : '<td>';
        const fragment = typeof value === 'string' ? fragments.get(value) : undefined;
        if (fragment) return `${open}${blocksHtml(fragment.nodes ?? [], resolver)}</td>`;
        return `${open}${value === undefined || value === null ? '' : escapeText(String(value))}</td>`;
      });
      return `<tr>${cells.join('')}</tr>`;
    })
    .join('');
  return `<table${attributes}><thead><tr>${header}</tr></thead><tbody>${rows}</tbody></table>`;
}
