import { DocLeaf, DocNode } from './document-nodes';
import { RefResolver, writeRef } from './content-ref-url';

/**
 * Inline nodes written back as markdown. Marks open and close like a stack in GitBook's order
 * (colour, strikethrough, italic, bold, ..., code innermost: `_**word**_`) so they nest properly; whitespace at the edge of a marked run is
 * moved outside the delimiters (CommonMark would not read `** bold**` as bold); text is escaped
 * so that it reads back as the same text.
 */
const MARK_ORDER = ['color', 'strikethrough', 'italic', 'bold', 'superscript', 'subscript', 'keyboard', 'code'];
const DELIMITERS: Record<string, [string, string]> = {
  strikethrough: ['~~', '~~'],
  bold: ['**', '**'],
  italic: ['\uFDD0', '\uFDD1'],
  superscript: ['<sup>', '</sup>'],
  subscript: ['<sub>', '</sub>'],
  keyboard: ['<kbd>', '</kbd>'],
};

export interface InlineOptions {
  /** In a table cell: `|` is escaped and line breaks are `<br>`. */
  table?: boolean;
  /** In a heading: `#` is escaped and line breaks are spaces. */
  heading?: boolean;
  /** How references are written as URLs (default: the `ref:` convention). */
  resolver?: RefResolver;
}

/** Characters escaped in text: syntax anywhere, `{%` (a tag), `$$` (math), `&name;` (an entity). */
const ESCAPED = /[\\`*_[\]<~]|\{(?=%)|\$(?=\$)|&(?=#?[a-zA-Z0-9]+;)/g;

/** Escapes text so markdown reads it back as the same characters (one pass: bodies can be large). */
export function escapeText(text: string, options: InlineOptions = {}): string {
  let out = text.replace(ESCAPED, '\\$&');
  if (options.table) out = out.replace(/\|/g, '\\|');
  if (options.heading) out = out.replace(/#/g, '\\#');
  return out;
}

function codeSpan(text: string, options: InlineOptions): string {
  // In a table, GFM reads `\|` inside a code span as a pipe of the code.
  const content = options.table ? text.replace(/\n/g, ' ').replace(/\|/g, '\\|') : text.replace(/\n/g, ' ');
  const longest = (content.match(/`+/g) ?? []).reduce((max, run) => Math.max(max, run.length), 0);
  const fence = '`'.repeat(longest + 1);
  const pad = content.startsWith('`') || content.endsWith('`') || (content.startsWith(' ') && content.endsWith(' ') && content.trim() !== '') ? ' ' : '';
  return `${fence}${pad}${content}${pad}${fence}`;
}

/** A leaf's marks as keys in nesting order (a colour mark keeps its colours: `color:blue:default`). */
const markKeys = (leaf: DocLeaf) =>
  MARK_ORDER.flatMap((type) => {
    const mark = leaf.marks.find((m) => m.type === type);
    if (!mark) return [];
    return type === 'color' ? [`color:${mark.data?.['text'] ?? 'default'}:${mark.data?.['background'] ?? 'default'}`] : [type];
  });

function delimiters(key: string): [string, string] {
  if (!key.startsWith('color:')) return DELIMITERS[key] ?? ['', ''];
  const [, text, background] = key.split(':');
  const style = `${text !== 'default' ? `color:${text};` : ''}${background !== 'default' ? `background-color:${background};` : ''}`;
  return [`<mark style="${style}">`, '</mark>'];
}

/** Neighbours of equal marks merged; a run of whitespace alone carries no mark. */
function normalizeLeaves(leaves: DocLeaf[]): { text: string; marks: string[] }[] {
  const out: { text: string; marks: string[] }[] = [];
  for (const leaf of leaves) {
    if (leaf.text === '') continue;
    const marks = leaf.text.trim() === '' && !leaf.marks.some((m) => m.type === 'code') ? [] : markKeys(leaf);
    const last = out[out.length - 1];
    if (last && last.marks.join() === marks.join()) last.text += leaf.text;
    else out.push({ text: leaf.text, marks });
  }
  return out;
}

/** Placeholders of italic delimiters, chosen once the neighbours are known (`_` as GitBook writes, `*` inside a word). */
const ITALIC_OPEN = '\uFDD0';
const ITALIC_CLOSE = '\uFDD1';

/** Whitespace at an edge of a marked run, written as a character reference (GitBook's `**word&#x20;**`) so the delimiter still reads. */
const encodeSpace = (space: string) => space.replace(/[ \t]/g, (c) => (c === ' ' ? '&#x20;' : '&#x9;'));

function renderLeaves(leaves: DocLeaf[], options: InlineOptions): string {
  let out = '';
  const open: string[] = [];
  const closeTo = (depth: number) => {
    while (open.length > depth) out += delimiters(open.pop()!)[1];
  };
  const runs = normalizeLeaves(leaves);
  const wantedOf = (run: { marks: string[] } | undefined) => (run ? run.marks.filter((mark) => mark !== 'code') : []);
  runs.forEach((run, i) => {
    const wanted = wantedOf(run);
    let common = 0;
    while (common < open.length && common < wanted.length && open[common] === wanted[common]) common++;
    closeTo(common);
    const opened = wanted.length > common;
    for (const mark of wanted.slice(common)) {
      out += delimiters(mark)[0];
      open.push(mark);
    }
    if (run.marks.includes('code')) {
      out += codeSpan(run.text, options);
      return;
    }
    let text = breaks(escapeText(run.text, options), options);
    if (wanted.length > 0) {
      const next = wantedOf(runs[i + 1]);
      const closes = next.length < wanted.length || wanted.some((mark, m) => next[m] !== mark);
      if (opened) text = text.replace(/^[ \t]+/, encodeSpace);
      if (closes) text = text.replace(/[ \t]+$/, encodeSpace);
    }
    out += text;
  });
  closeTo(0);
  return chooseItalicDelimiters(out);
}

function chooseItalicDelimiters(text: string): string {
  if (!text.includes(ITALIC_OPEN)) return text;
  const word = /[\p{L}\p{N}]/u;
  let out = '';
  const stack: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === ITALIC_OPEN) {
      stack.push(out.length);
      out += char;
    } else if (char === ITALIC_CLOSE) {
      const start = stack.pop() ?? 0;
      const before = out[start - 1] ?? '';
      const after = text[i + 1] ?? '';
      const delimiter = word.test(before) || word.test(after) ? '*' : '_';
      out = `${out.slice(0, start)}${delimiter}${out.slice(start + 1)}${delimiter}`;
    } else out += char;
  }
  return out;
}

/** A hard line break: a backslash at the end of the line (`<br>` in a table, a space in a heading). */
const breaks = (text: string, options: InlineOptions) => text.replace(/\n/g, options.table ? '<br>' : options.heading ? ' ' : '\\\n');

/**
 * A link destination as GitBook (remark) writes it: between `<>` when it holds spaces or control
 * characters (`<../assets/image (1).png>`), else as it is with its parentheses escaped.
 */
export function linkUrl(url: string): string {
  if (/[\u0000-\u0020\u007f]/.test(url)) return `<${url.replace(/[<>\n]/g, (c) => (c === '\n' ? ' ' : `\\${c}`))}>`;
  return url.replace(/[()]/g, '\\$&').replace(/^</, '\\<');
}

/**
 * The label GitBook writes for a link it makes from a reference (a mention, a content-ref, a
 * card's target): the last segment of the path, decoded (`setup.md`, `guide` for `guide/`), the
 * anchor (`#install`) for a link within a folder's page, or the URL itself when absolute.
 */
export function refLabel(url: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(url)) return url;
  const [path, anchor] = [url.split('#')[0], url.includes('#') ? url.slice(url.indexOf('#')) : ''];
  const segment = path.replace(/\/+$/, '').split('/').pop() ?? '';
  if ((segment === '' || segment === '.') && anchor) return anchor;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function emoji(code: string): string {
  try {
    return String.fromCodePoint(...code.split('-').map((part) => parseInt(part, 16)));
  } catch {
    return '';
  }
}

/** Inline nodes (a paragraph's content) as markdown. */
export function renderInline(nodes: DocNode[], options: InlineOptions = {}): string {
  let out = '';
  let leaves: DocLeaf[] = [];
  const flush = () => {
    out += renderLeaves(leaves, options);
    leaves = [];
  };
  for (const node of nodes) {
    if (node.object === 'text') {
      leaves.push(...(node.leaves ?? []));
      continue;
    }
    flush();
    switch (node.type) {
      case 'mention': {
        const url = writeRef(node.data?.ref ?? { kind: 'url', url: '' }, options.resolver);
        out += `[${escapeText(refLabel(url), options)}](${linkUrl(url)} "mention")`;
        break;
      }
      case 'link':
      case 'button': {
        const label = node.type === 'button' ? escapeText(node.data?.label ?? '', options) : renderInline(node.nodes ?? [], options);
        out += node.data?.ref ? `[${label}](${linkUrl(writeRef(node.data.ref, options.resolver))})` : label;
        break;
      }
      case 'inline-image':
        out += `![${escapeText(node.data?.alt ?? '', options)}](${linkUrl(writeRef(node.data?.ref ?? { kind: 'url', url: '' }, options.resolver))})`;
        break;
      case 'inline-math':
        out += `$$${node.data?.formula ?? ''}$$`;
        break;
      case 'emoji':
        out += emoji(String(node.data?.code ?? ''));
        break;
      default:
        // Annotations and other inlines without a markdown form: their text content.
        out += renderInline(node.nodes ?? [], options);
    }
  }
  flush();
  return out;
}
