import type { ChildNode, Element } from 'domhandler';
import { DomUtils, parseDocument } from 'htmlparser2';
import { htmlCodeBlock } from './html-code-block';
import { readUrl, RefResolver } from './content-ref-url';
import { DocLeaf, DocMark, DocNode, paragraph } from './document-nodes';
import { headingLevel } from './heading-levels';
import { inlineImage } from './inline-tokens-to-nodes';

/**
 * GitBook writes a table as HTML (one line, `<table><thead>...</tbody></table>`) when markdown's
 * table cannot say it: cards (`data-view="cards"`, with a hidden target column of page links and a
 * cover column of files), column widths, cells holding more than one paragraph. This reads such a
 * table as the reference's table block: a `cards` or `grid` view, one definition per column (text,
 * `content-ref`, `files`), one record per row whose text cells are fragments of inline content
 * (bold, italic, code, colour, links) and whose target and cover cells are references.
 */
export function htmlTable(html: string, resolver?: RefResolver): DocNode | undefined {
  const root = parseDocument(html.trim(), { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true });
  const elements = root.children.filter((node) => !(node.type === 'text' && node.data.trim() === ''));
  if (elements.length !== 1 || !isElement(elements[0], 'table')) return undefined;
  const table = elements[0];
  const rows = (section: string) => childElements(childElements(table).find((child) => child.name === section), 'tr');
  const headerCells = childElements(rows('thead')[0], 'th');
  if (headerCells.length === 0) return undefined;
  const columns = headerCells.map((_, i) => `c${i}`);
  const attributes = table.attribs;
  const cards = attributes['data-view'] === 'cards';
  const definition: Record<string, Record<string, unknown>> = {};
  const columnWidths: Record<string, number> = {};
  let targetDefinition: string | undefined;
  let coverDefinition: string | undefined;
  headerCells.forEach((cell, i) => {
    const id = columns[i];
    const type = cell.attribs['data-type'];
    const title = textOf(cell).trim();
    if (type === 'content-ref' || type === 'files') definition[id] = { id, title, type };
    else {
      const align = cell.attribs['align'];
      definition[id] = { id, title, type: 'text', textAlignment: align === 'center' || align === 'right' ? align : 'left' };
    }
    if ('data-card-target' in cell.attribs) targetDefinition = id;
    if ('data-card-cover' in cell.attribs) coverDefinition = id;
    const width = Number(cell.attribs['width']);
    if (cell.attribs['width'] !== undefined && Number.isFinite(width)) columnWidths[id] = width;
  });
  const records: Record<string, unknown> = {};
  const fragments: DocNode[] = [];
  rows('tbody').forEach((row, r) => {
    const values: Record<string, unknown> = {};
    childElements(row, 'td').forEach((cell, c) => {
      const id = columns[c];
      if (!id) return;
      const kind = definition[id]['type'];
      if (kind === 'content-ref' || kind === 'files') {
        const href = findElement(cell, 'a')?.attribs['href'];
        if (href !== undefined) values[id] = tableRefValue(readUrl(href, resolver));
        return;
      }
      const fragment = `r${r}c${c}`;
      fragments.push({ object: 'fragment', fragment, nodes: cellBlocks(cell, resolver) });
      values[id] = fragment;
    });
    records[`r${r}`] = { orderIndex: String(r).padStart(6, '0'), values };
  });
  const view = cards
    ? {
        type: 'cards',
        columns,
        cardSize: attributes['data-card-size'] === 'large' ? 'large' : 'medium',
        ...(targetDefinition ? { targetDefinition } : {}),
        ...(coverDefinition ? { coverDefinition } : {}),
        ...('data-column-title-hidden' in attributes ? { hideColumnTitle: true } : {}),
      }
    : {
        type: 'grid',
        // A hidden column (`<th data-hidden>`) is a definition the grid does not show.
        columns: columns.filter((_, i) => !('data-hidden' in headerCells[i].attribs)),
        hideHeader: 'data-header-hidden' in attributes,
        ...(Object.keys(columnWidths).length > 0 ? { columnWidths } : {}),
      };
  const fullWidth = attributes['data-full-width'];
  return {
    object: 'block',
    type: 'table',
    isVoid: true,
    data: { view, records, definition, ...(fullWidth === 'true' || fullWidth === 'false' ? { fullWidth: fullWidth === 'true' } : {}) },
    fragments,
  };
}

const isElement = (node: ChildNode | undefined, name?: string): node is Element => !!node && node.type === 'tag' && (name === undefined || (node as Element).name === name);
const childElements = (node: Element | undefined, name?: string): Element[] => (node?.children ?? []).filter((child): child is Element => isElement(child, name));

function findElement(node: Element, name: string): Element | undefined {
  for (const child of node.children) {
    if (!isElement(child)) continue;
    if (child.name === name) return child;
    const found = findElement(child, name);
    if (found) return found;
  }
  return undefined;
}

function textOf(node: ChildNode): string {
  if (node.type === 'text') return node.data;
  return isElement(node) ? node.children.map(textOf).join('') : '';
}

const HTML_MARKS: Record<string, string> = { strong: 'bold', b: 'bold', em: 'italic', i: 'italic', code: 'code', s: 'strikethrough', del: 'strikethrough', kbd: 'keyboard', sup: 'superscript', sub: 'subscript' };
const COLORS = new Set(['default', 'green', 'blue', 'red', 'orange', 'yellow', 'purple', '$primary', '$info', '$success', '$warning', '$danger']);

/** `<mark style="color:blue;">` (or `background-color:`) as the reference's colour mark. */
function colorMark(style: string | undefined): DocMark | undefined {
  const text = /(?:^|;)\s*color:\s*([^;]+)/.exec(style ?? '')?.[1]?.trim();
  const background = /background-color:\s*([^;]+)/.exec(style ?? '')?.[1]?.trim();
  const pick = (value: string | undefined) => (value && COLORS.has(value) ? value : 'default');
  if (!text && !background) return undefined;
  return { object: 'mark', type: 'color', data: { text: pick(text), background: pick(background) } };
}

/**
 * A markdown table cell written as HTML (`<p>...<br>...</p><p>...</p>`: GitBook's way with a cell
 * of several paragraphs or a line break) as blocks.
 */
export function htmlCellBlocks(html: string, resolver?: RefResolver): DocNode[] {
  const root = parseDocument(`<td>${html}</td>`, { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true });
  const cell = root.children.find((node): node is Element => isElement(node, 'td'));
  return cell ? cellBlocks(cell, resolver) : [paragraph([])];
}

/** A cell's content as blocks: its `<p>`s (or its inline content as one paragraph), lists as lists. */
function cellBlocks(cell: Element, resolver?: RefResolver): DocNode[] {
  const blocks: DocNode[] = [];
  let inline: ChildNode[] = [];
  const flush = () => {
    if (inline.length > 0 && !(blocks.length > 0 && inline.every((node) => node.type === 'text' && node.data.trim() === ''))) blocks.push(paragraph(inlineNodes(inline, resolver)));
    inline = [];
  };
  for (const child of cell.children) {
    const code = isElement(child, 'pre') ? htmlCodeBlock(DomUtils.getOuterHTML(child, { decodeEntities: false })) : undefined;
    const element = isElement(child) ? child : undefined;
    const heading = element && /^h[1-6]$/.test(element.name) ? headingLevel(Number(element.name.slice(1))) : undefined;
    if (isElement(child, 'p')) {
      flush();
      blocks.push(paragraph(inlineNodes(child.children, resolver)));
    } else if (code) {
      flush();
      blocks.push(code);
    } else if (heading !== undefined) {
      flush();
      blocks.push({ ...paragraph(inlineNodes(element?.children ?? [], resolver)), type: `heading-${heading}`, data: {} });
    } else if (isElement(child, 'ul') || isElement(child, 'ol')) {
      flush();
      const items = childElements(child, 'li').map((li) => ({ object: 'block' as const, type: 'list-item', isVoid: false, data: {}, nodes: [paragraph(inlineNodes(li.children, resolver))] }));
      const start = Number((child as Element).attribs['start']);
      const ordered = (child as Element).name === 'ol';
      blocks.push({ object: 'block', type: ordered ? 'list-ordered' : 'list-unordered', isVoid: false, data: ordered && Number.isInteger(start) && start !== 1 ? { start } : {}, nodes: items });
    } else inline.push(child);
  }
  flush();
  return blocks.length > 0 ? blocks : [paragraph([])];
}

/** Inline HTML as document inline nodes: text with marks, links, images, line breaks. */
export function inlineNodes(nodes: ChildNode[], resolver?: RefResolver): DocNode[] {
  const out: DocNode[] = [];
  let leaves: DocLeaf[] = [];
  const flush = () => {
    if (leaves.length > 0) out.push({ object: 'text', leaves });
    leaves = [];
  };
  const text = (value: string, marks: DocMark[]) => {
    if (value === '') return;
    const last = leaves[leaves.length - 1];
    if (last && JSON.stringify(last.marks) === JSON.stringify(marks)) last.text += value;
    else leaves.push({ object: 'leaf', text: value, marks });
  };
  const visit = (node: ChildNode, marks: DocMark[]) => {
    if (node.type === 'text') return text(node.data, marks);
    if (!isElement(node)) return;
    if (node.name === 'br') return text('\n', marks);
    const button = node.name === 'a' && node.attribs['href'] !== undefined ? /\bbutton\b(?:\s+(primary|secondary))?/.exec(node.attribs['class'] ?? '') : null;
    if (button) {
      flush();
      out.push({ object: 'inline', type: 'button', isVoid: true, data: { ref: readUrl(node.attribs['href'], resolver), label: textOf(node).trim(), kind: button[1] ?? 'primary' } });
      return;
    }
    if (node.name === 'a' && node.attribs['href'] !== undefined) {
      flush();
      const inner = inlineNodes(node.children, resolver).map((child) => (child.object === 'text' ? { ...child, leaves: child.leaves?.map((leaf) => ({ ...leaf, marks: [...marks, ...leaf.marks] })) } : child));
      out.push({ object: 'inline', type: 'link', isVoid: false, data: { ref: readUrl(node.attribs['href'], resolver) }, nodes: inner.length > 0 ? inner : [{ object: 'text', leaves: [{ object: 'leaf', text: '', marks: [] }] }] });
      return;
    }
    if (node.name === 'span' && 'data-gb-custom-inline' in node.attribs && node.attribs['data-tag'] === 'emoji' && node.attribs['data-code']) {
      // GitBook's emoji inline in HTML.
      flush();
      out.push({ object: 'inline', type: 'emoji', isVoid: true, data: { code: node.attribs['data-code'] } });
      return;
    }
    if (node.name === 'img') {
      flush();
      out.push(inlineImage(node.attribs['src'] ?? '', node.attribs['alt'] ?? '', resolver));
      return;
    }
    const mark = node.name === 'mark' ? colorMark(node.attribs['style']) : HTML_MARKS[node.name] ? ({ object: 'mark', type: HTML_MARKS[node.name] } as DocMark) : undefined;
    const inner = mark && !marks.some((m) => m.type === mark.type) ? [...marks, mark] : marks;
    node.children.forEach((child) => visit(child, inner));
  };
  nodes.forEach((node) => visit(node, []));
  flush();
  return out;
}

const ALIGNMENTS: Record<string, string> = { left: 'start', center: 'center', right: 'end' };

/**
 * GitBook's aligned paragraphs and headings (`<p align="center">...</p>`, `<h2 align="center">`),
 * with their inline HTML (marks, links, `class="button primary"` buttons), as the reference's
 * paragraph and heading blocks with `data.align`.
 */
export function htmlTextBlock(html: string, resolver?: RefResolver): DocNode | undefined {
  const root = parseDocument(html.trim(), { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true });
  const elements = root.children.filter((node) => !(node.type === 'text' && node.data.trim() === ''));
  const element = elements[0];
  if (elements.length !== 1 || !isElement(element) || !/^(p|h[1-6])$/.test(element.name)) return undefined;
  if (element.children.some((child) => isElement(child) && /^(p|div|table|ul|ol|figure|details|pre|h[1-6])$/.test(child.name))) return undefined;
  const align = ALIGNMENTS[element.attribs['align'] ?? ''];
  if (!align) return undefined;
  // Line breaks of the source between inline elements are spaces in HTML.
  const nodes = inlineNodes(element.children.map((child) => (child.type === 'text' ? Object.assign(child, { data: child.data.replace(/\s*\n\s*/g, ' ') }) : child)), resolver);
  const trimmed = trimEdges(nodes);
  const type = element.name === 'p' ? 'paragraph' : `heading-${headingLevel(Number(element.name.slice(1)))}`;
  return { ...paragraph(trimmed), type, data: { align } };
}

/** Whitespace that only separated the tags from the content, at both ends. */
export function trimEdges(nodes: DocNode[]): DocNode[] {
  const first = nodes[0]?.leaves?.[0];
  if (first) first.text = first.text.replace(/^\s+/, '');
  const last = nodes[nodes.length - 1]?.leaves?.at(-1);
  if (last) last.text = last.text.replace(/\s+$/, '');
  return nodes.filter((node) => node.object !== 'text' || (node.leaves ?? []).some((leaf) => leaf.text !== ''));
}

/**
 * A reference as a table record value. The reference's record value is a `oneOf` in which a bare
 * file or URL reference also matches its image-record form, so those are written in the form only
 * the image record has (`{ref}`); a page (or anchor, space...) reference stays bare.
 */
export function tableRefValue(ref: { kind: string }): unknown {
  return ref.kind === 'file' || ref.kind === 'url' ? { ref } : ref;
}

/** The reference a table record value holds (bare or `{ref}`), if any. */
export function tableValueRef(value: unknown): { kind: string } | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const record = value as { kind?: unknown; ref?: unknown };
  if (typeof record.kind === 'string') return record as { kind: string };
  const inner = record.ref as { kind?: unknown } | undefined;
  return inner && typeof inner === 'object' && typeof inner.kind === 'string' ? (inner as { kind: string }) : undefined;
}
