import type { JSONDocument } from '@gitbook/api';
import { tableCells } from './block-fitting';
import { RefResolver, writeRef } from './content-ref-url';
import { DocNode } from './document-nodes';
import { plainText } from './document-text';
import { markdownHeadingLevel } from './heading-levels';
import { codeBlockHtml, codeNeedsHtml } from './html-code-block';
import { cellHtml, cellNeedsHtml, inlineHtml, tableHtml, tableNeedsHtml } from './html-table-writer';
import { characterReference, escapeText, linkUrl, refLabel, renderInline } from './inline-markdown';

/**
 * A JSONDocument as markdown, in the conventions markdownToDocument reads (GitBook's tags for
 * hints, tabs, steppers, embeds, files and content references; `<details>` for expandables;
 * `<figure>` for captioned images), so that markdown -> document -> markdown is stable.
 */

const attribute = (name: string, value: string) => {
  // Tag attributes are quoted; a value holding both quote kinds loses its double quotes.
  const quote = value.includes('"') ? (value.includes("'") ? '"' : "'") : '"';
  return ` ${name}=${quote}${quote === '"' ? value.replace(/"/g, "'") : value}${quote}`;
};

/** HTML text and attributes escaped as GitBook escapes them (`&#x26;`, `&#x3C;`, `&#x22;`). */
const escapeHtml = (text: string) => text.replace(/&/g, '&#x26;').replace(/</g, '&#x3C;');
const escapeAttribute = (text: string) => text.replace(/&/g, '&#x26;').replace(/"/g, '&#x22;');

/**
 * Text lines that markdown would read as block syntax get that character escaped (remark's
 * "at break" patterns: `#`, `>`, `+`, `-`, `=`, and `1.` or `1)` starting a list item).
 */
function escapeLineStarts(markdown: string): string {
  return markdown.replace(/^([ \t]*)(?:([#>+=-])|(\d+)(\.(?=[ \t]|$)|\)))/gm, (_, indent: string, sign?: string, digits?: string, dot?: string) =>
    sign ? `${indent}\\${sign}` : `${indent}${digits}\\${dot}`,
  );
}

/** Whitespace at the start or end of a line would be dropped: that one character is written as a character reference (GitBook's `&#x20;`). */
const encodeLineEdges = (text: string) => text.replace(/^[ \t]|[ \t]$/gm, characterReference);

/** GitBook's repetition of a block's target between its tags: `[swagger.json](../.gitbook/assets/swagger.json)`. */
function repetitionLink(url: string): string {
  return `[${escapeText(refLabel(url))}](${linkUrl(url)})`;
}

const indent = (text: string, prefix: string, first = prefix) =>
  text
    .split('\n')
    .map((line, i) => (line === '' ? (i === 0 ? first.trimEnd() : '') : (i === 0 ? first : prefix) + line))
    .join('\n');

const fragmentNodes = (node: DocNode, fragment: string) => node.fragments?.find((f) => f.fragment === fragment)?.nodes ?? [];

class MarkdownWriter {
  constructor(private readonly resolver?: RefResolver) {}

  private inline(nodes: DocNode[], options: { table?: boolean; heading?: boolean } = {}): string {
    return renderInline(nodes, { ...options, resolver: this.resolver });
  }

  /**
   * `tight`: in a list item, a nested list follows its paragraph without a blank line. An empty
   * paragraph is an empty line between two separators (GitBook's way), so it reads back.
   */
  blocks(nodes: DocNode[], tight = false): string {
    const parts: string[] = [];
    let previous: { type?: string; alternate: boolean } | undefined;
    let previousText: string | undefined;
    for (const node of nodes) {
      // Two lists of the same kind side by side would read back as one: alternate the marker.
      const alternate = !!previous && previous.type === node.type && node.type?.startsWith('list-') === true && !previous.alternate;
      const text = this.block(node, alternate);
      previous = { type: node.type, alternate };
      const empty = node.type === 'paragraph' && text === '';
      if (text.trim() === '' && !empty) continue;
      if (parts.length > 0) parts.push(tight && node.type?.startsWith('list-') && previousText === 'paragraph' ? '\n' : '\n\n');
      parts.push(text);
      previousText = node.type;
    }
    return parts.join('');
  }

  private block(node: DocNode, alternate: boolean): string {
    switch (node.type) {
      case 'paragraph':
        if (node.data?.align && node.data.align !== 'start') return `<p align="${node.data.align === 'end' ? 'right' : 'center'}">${inlineHtml(node.nodes ?? [], this.resolver)}</p>`;
        // A line break at the end of a paragraph is written `<br>` (a backslash there would be text).
        return escapeLineStarts(encodeLineEdges(this.inline(node.nodes ?? []).replace(/\\\n$/, '<br>')));
      case 'heading-1':
      case 'heading-2':
      case 'heading-3': {
        const level = markdownHeadingLevel(node.type);
        if (node.data?.align && node.data.align !== 'start') return `<h${level} align="${node.data.align === 'end' ? 'right' : 'center'}">${inlineHtml(node.nodes ?? [], this.resolver)}</h${level}>`;
        const text = encodeLineEdges(this.inline(node.nodes ?? [], { heading: true }));
        const id = node.data?.id ? ` <a href="#${node.data.id}" id="${node.data.id}"></a>` : '';
        return `${'#'.repeat(level)}${text || id ? ' ' : ''}${text}${id}`;
      }
      case 'list-unordered':
      case 'list-tasks':
      case 'list-ordered':
        return this.list(node, alternate);
      case 'blockquote':
        return (this.blocks(node.nodes ?? []) || '').split('\n').map((line) => (line === '' ? '>' : `> ${line}`)).join('\n');
      case 'hint':
        return `{% hint${attribute('style', node.data?.style ?? 'info')} %}\n${this.blocks(node.nodes ?? [])}\n{% endhint %}`;
      case 'code':
        return this.code(node);
      case 'math':
        return `$$\n${node.data?.formula ?? ''}\n$$`;
      case 'divider':
        return '***';
      case 'table':
        return this.table(node);
      case 'images':
        return this.images(node);
      case 'file': {
        if (!node.data?.ref) return '';
        // A file the import could not find keeps the path it was written with (ids have no `/`).
        const known = this.resolver?.urlOfRef?.(node.data.ref);
        const src = known ?? (/[/.]/.test(String(node.data.ref.file)) ? String(node.data.ref.file) : writeRef(node.data.ref, this.resolver));
        return this.captioned(`{% file${attribute('src', src)} %}`, node, 'endfile');
      }
      case 'reusable-content':
        return node.data?.ref ? `{% include "${writeRef(node.data.ref, this.resolver).replace(/"/g, '%22')}" %}` : '';
      case 'embed':
        return node.data?.url ? this.captioned(`{% embed${attribute('url', node.data.url)} %}`, node, 'endembed') : '';
      case 'content-ref': {
        if (!node.data?.ref) return '';
        const url = writeRef(node.data.ref, this.resolver);
        return `{% content-ref${attribute('url', url)} %}\n${repetitionLink(url)}\n{% endcontent-ref %}`;
      }
      case 'tabs':
        return `{% tabs %}\n${(node.nodes ?? [])
          .map((tab) => `{% tab${tab.data?.title !== undefined ? attribute('title', String(tab.data.title)) : ''} %}\n${this.blocks(tab.nodes ?? [])}\n{% endtab %}`)
          .join('\n\n')}\n{% endtabs %}`;
      case 'stepper':
        return `{% stepper %}\n${(node.nodes ?? []).map((step) => `{% step %}\n${this.blocks(step.nodes ?? [])}\n{% endstep %}`).join('\n\n')}\n{% endstepper %}`;
      case 'swagger': {
        if (!node.data?.ref) return '';
        const src = writeRef(node.data.ref, this.resolver);
        const expanded = node.data.expanded !== undefined ? attribute('expanded', String(node.data.expanded)) : '';
        return `{% openapi${attribute('src', src)}${attribute('path', String(node.data.path ?? ''))}${attribute('method', String(node.data.method ?? ''))}${expanded} %}\n${repetitionLink(src)}\n{% endopenapi %}`;
      }
      case 'openapi-operation': {
        const spec = String(node.data?.ref?.spec ?? '');
        return `{% openapi-operation${attribute('spec', spec)}${attribute('path', String(node.data?.path ?? ''))}${attribute('method', String(node.data?.method ?? ''))} %}\n${this.specLink(spec)}\n{% endopenapi-operation %}`;
      }
      case 'openapi-schemas': {
        const spec = String(node.data?.ref?.spec ?? '');
        const grouped = node.data?.grouped !== undefined ? attribute('grouped', String(node.data.grouped)) : '';
        return `{% openapi-schemas${attribute('spec', spec)}${attribute('schemas', (node.data?.schemas ?? []).join(','))}${grouped} %}\n${this.specLink(spec)}\n{% endopenapi-schemas %}`;
      }
      case 'expandable': {
        const title = fragmentNodes(node, 'expandable-title').map((paragraph) => inlineHtml(paragraph.nodes ?? [], this.resolver)).join(' ');
        const body = this.blocks(fragmentNodes(node, 'expandable-body'));
        return `<details>\n\n<summary>${title}</summary>\n\n${body ? `${body}\n\n` : ''}</details>`;
      }
      default:
        // Blocks without a markdown form (integrations, OpenAPI blocks, drawings, conditions,
        // columns...): their content when they have some.
        return this.blocks(node.nodes ?? []);
    }
  }

  /** An embed or file tag, with its caption (and the end tag) when it has one. */
  private captioned(tag: string, node: DocNode, end: string): string {
    const caption = this.blocks(fragmentNodes(node, 'caption'));
    return caption ? `${tag}\n${caption}\n{% ${end} %}` : tag;
  }

  /**
   * GitBook's repetition of an OpenAPI block's spec between its tags: `[OpenAPI <slug>](<the
   * spec's URL>)` when the caller's resolver knows the spec, else GitBook's mark of a reference
   * it cannot resolve, `[Broken link](broken-reference)`. Reading ignores it (the tag's `spec` is
   * the block).
   */
  private specLink(spec: string): string {
    const url = this.resolver?.urlOfRef?.({ kind: 'openapi', spec });
    return url ? `[OpenAPI ${escapeText(spec, { label: true })}](${linkUrl(url)})` : '[Broken link](broken-reference)';
  }

  private list(node: DocNode, alternate: boolean): string {
    const ordered = node.type === 'list-ordered';
    const start = Number(node.data?.start ?? 1);
    return (node.nodes ?? [])
      .map((item, i) => {
        let marker = ordered ? `${start + i}${alternate ? ')' : '.'} ` : `${alternate ? '-' : '*'} `;
        // An item whose blocks are separated by blank lines (anything but a paragraph and its
        // nested lists) is indented to the next tab stop, as GitBook writes it: `*   `, `1.  `.
        const items = item.nodes ?? [];
        if (items.length > 1 && items.slice(1).some((child) => !child.type?.startsWith('list-'))) marker = marker.padEnd(Math.ceil(marker.length / 4) * 4);
        const width = marker.length;
        if (node.type === 'list-tasks') marker += item.data?.checked ? '[x] ' : '[ ] ';
        const content = this.blocks(items, true);
        if (content === '') return marker.trimEnd();
        return indent(content, ' '.repeat(width), marker);
      })
      .join('\n');
  }

  private code(node: DocNode): string {
    if (codeNeedsHtml(node)) return codeBlockHtml(node);
    const lines = (node.nodes ?? []).map((line) => plainText(line));
    const content = lines.join('\n');
    const longest = (content.match(/`{3,}/g) ?? []).reduce((max, run) => Math.max(max, run.length), 0);
    const fence = '`'.repeat(Math.max(3, longest + 1));
    const fenced = `${fence}${node.data?.syntax ?? ''}\n${content}\n${fence}`;
    const options =
      (node.data?.title ? attribute('title', String(node.data.title)) : '') +
      (node.data?.overflow ? attribute('overflow', String(node.data.overflow)) : '') +
      (node.data?.lineNumbers !== undefined ? attribute('lineNumbers', String(node.data.lineNumbers)) : '') +
      (node.data?.fullWidth !== undefined ? attribute('fullWidth', String(node.data.fullWidth)) : '');
    return options ? `{% code${options} %}\n${fenced}\n{% endcode %}` : fenced;
  }

  private table(node: DocNode): string {
    const columns: string[] = node.data?.view?.columns ?? [];
    if (columns.length === 0) return '';
    if (tableNeedsHtml(node)) return tableHtml(node, this.resolver);
    const [titles, ...records] = tableCells(node);
    // A hidden header: the first row stands in the markdown header's place.
    const [header, ...rows] = node.data?.view?.hideHeader && records.length > 0 ? records : [titles, ...records];
    const alignments: string[] = columns.map((id) => node.data?.definition?.[id]?.textAlignment ?? 'left');
    const cell = (blocks: DocNode[]) =>
      cellNeedsHtml(blocks) ? cellHtml(blocks, this.resolver).replace(/\|/g, '\\|') : this.inline(blocks[0]?.nodes ?? [], { table: true }).trim();
    const cells = [header, ...rows].map((row) => row.map(cell));
    return gfmTable(cells, alignments);
  }

  /**
   * An images block as GitBook writes it: one figure per image, its caption in `<figcaption>`
   * (empty when it has none), a dark variant as a `<picture>` source; side by side in a `<div>`
   * that carries the block's alignment and width.
   */
  private images(node: DocNode): string {
    const figures = (node.nodes ?? []).map((image) => {
      const src = escapeAttribute(writeRef(image.data?.ref ?? { kind: 'url', url: '' }, this.resolver));
      const size = (['width', 'height'] as const).map((name) => (typeof image.data?.[name] === 'number' ? ` ${name}="${image.data[name]}"` : '')).join('');
      const img = `<img src="${src}" alt="${escapeAttribute(image.data?.alt ?? '')}"${size}>`;
      const picture = image.data?.refDark
        ? `<picture><source srcset="${escapeAttribute(writeRef(image.data.refDark, this.resolver))}" media="(prefers-color-scheme: dark)">${img}</picture>`
        : img;
      const caption = fragmentNodes(image, 'caption').map(plainText).join(' ').trim();
      return `<figure>${picture}<figcaption>${caption ? `<p>${escapeHtml(caption)}</p>` : ''}</figcaption></figure>`;
    });
    if (figures.length === 0) return '';
    const align = node.data?.align ? ` align="${node.data.align}"` : '';
    const fullWidth = node.data?.fullWidth !== undefined ? ` data-full-width="${node.data.fullWidth}"` : '';
    return align || fullWidth || figures.length > 1 ? `<div${align}${fullWidth}>${figures.join(' ')}</div>` : figures[0];
  }
}

/**
 * A GFM table padded as GitBook writes it (remark's markdown-table: every column as wide as its
 * widest cell, the delimiter row included; left and unaligned cells padded after, right ones
 * before, centred ones around, the odd space before).
 */
function gfmTable(rows: string[][], alignments: string[]): string {
  const widths = alignments.map((align, c) => {
    const longest = Math.max(0, ...rows.map((row) => (row[c] ?? '').length));
    const colons = align === 'center' ? 2 : align === 'right' ? 1 : 0;
    return colons + Math.max(1, longest - colons);
  });
  const delimiter = alignments.map((align, c) => {
    const dashes = '-'.repeat(widths[c] - (align === 'center' ? 2 : align === 'right' ? 1 : 0));
    return align === 'center' ? `:${dashes}:` : align === 'right' ? `${dashes}:` : dashes;
  });
  const pad = (text: string, c: number) => {
    const gap = widths[c] - text.length;
    if (gap <= 0) return text;
    if (alignments[c] === 'right') return ' '.repeat(gap) + text;
    if (alignments[c] === 'center') return ' '.repeat(Math.ceil(gap / 2)) + text + ' '.repeat(Math.floor(gap / 2));
    return text + ' '.repeat(gap);
  };
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  const [header, ...body] = rows;
  return [line(header.map(pad)), line(delimiter), ...body.map((row) => line(alignments.map((_, c) => pad(row[c] ?? '', c))))].join('\n');
}

/**
 * A JSONDocument as a markdown page body. `resolver.urlOfRef` may write references as URLs (a
 * page as its relative path); what it leaves undefined is written as a `ref:` URL.
 */
export function documentToMarkdown(document: JSONDocument, resolver?: Pick<RefResolver, 'urlOfRef'>): string {
  const body = new MarkdownWriter(resolver).blocks(((document as unknown as DocNode).nodes ?? []) as DocNode[]);
  // One final line break, unless empty paragraphs at the end already gave it.
  return body === '' || body.endsWith('\n') ? body : `${body}\n`;
}
