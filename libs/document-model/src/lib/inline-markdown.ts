import { DocLeaf, DocNode } from './document-nodes';
import { RefResolver, writeRef } from './content-ref-url';

/**
 * Inline nodes written back as markdown, as GitBook's serializer (remark) writes them. Marks open
 * and close like a stack in GitBook's order (strikethrough, italic, colour, bold, ..., code
 * innermost: `_**word**_`); italic is always `_`. Where a delimiter would not open or close
 * (CommonMark's flanking rules: `**x **`, `her**→**`, `(**T`), the character beside it is written
 * as a character reference (`&#x20;`, `&#x65;`, `&#x54;`), GitBook's `encodeInfo`. Text is
 * escaped where it would read as syntax, and only there.
 */
const MARK_ORDER = ['strikethrough', 'italic', 'color', 'bold', 'superscript', 'subscript', 'keyboard', 'code'];
const DELIMITERS: Record<string, [string, string]> = {
  strikethrough: ['~~', '~~'],
  bold: ['**', '**'],
  italic: ['_', '_'],
  superscript: ['<sup>', '</sup>'],
  subscript: ['<sub>', '</sub>'],
  keyboard: ['<kbd>', '</kbd>'],
};

export interface InlineOptions {
  /** In a table cell: `|` is escaped and line breaks are `<br>`. */
  table?: boolean;
  /** In a heading: a final `#` is escaped and line breaks are spaces. */
  heading?: boolean;
  /** In a link's label: `]` is escaped. */
  label?: boolean;
  /** How references are written as URLs (default: the `ref:` convention). */
  resolver?: RefResolver;
}

/**
 * Characters escaped in text (remark's unsafe patterns in phrasing): `\` before punctuation or at
 * the end, `*`, `_`, `` ` ``, `~`, `[` anywhere, `!` before `[`, `(` after `]`, `<` before what starts a tag,
 * `&` before what starts a character reference; and this platform's `{%` (a tag) and `$$` (math).
 */
const ESCAPED = /\\(?=[!-/:-@[-`{-~]|$)|[`*_[~]|!(?=\[)|(?<=\])\(|<(?=[!/?A-Za-z]|$)|&(?=[#A-Za-z])|\{(?=%)|\$(?=\$)/g;

/** Escapes text so markdown reads it back as the same characters (one pass: bodies can be large). */
export function escapeText(text: string, options: InlineOptions = {}): string {
  let out = text.replace(ESCAPED, '\\$&');
  if (options.label) out = out.replace(/]/g, '\\]');
  if (options.table) out = out.replace(/\|/g, '\\|');
  if (options.heading) out = out.replace(/#$/, '\\#');
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

/** A piece of rendered inline markdown: text (escaped), or a mark's delimiter. */
type Piece = { text: string; code?: boolean } | { delimiter: string; attention?: string; open: boolean };

/** Where a run of inline markdown stands: the characters around it (a line end by default). */
export interface InlineContext {
  before?: string;
  after?: string;
}

/** micromark's classes: 1 whitespace (and the ends of a line), 2 punctuation or symbol, undefined a letter. */
function classify(char: string | undefined): 1 | 2 | undefined {
  if (char === undefined || char === '' || /\s/u.test(char)) return 1;
  if (/[\p{P}\p{S}]/u.test(char)) return 2;
  return undefined;
}

/** Which of the characters around an attention delimiter must be character references for it to open or close (remark's `encodeInfo`). */
function encodeInfo(outside: string | undefined, inside: string | undefined, marker: string): { inside: boolean; outside: boolean } {
  const outsideKind = classify(outside);
  const insideKind = classify(inside);
  if (outsideKind === undefined) {
    if (insideKind === undefined) return marker === '_' ? { inside: true, outside: true } : { inside: false, outside: false };
    return insideKind === 1 ? { inside: true, outside: true } : { inside: false, outside: true };
  }
  if (outsideKind === 1) return insideKind === 1 ? { inside: true, outside: true } : { inside: false, outside: false };
  return { inside: insideKind === 1, outside: false };
}

export const characterReference = (char: string) => `&#x${(char.codePointAt(0) ?? 0).toString(16).toUpperCase()};`;

/**
 * The delimiters of attention marks (`**`, `_`, `~~`) checked against their neighbours: a
 * letter or space that keeps one from opening or closing is written as a character reference.
 */
function encodeAttention(pieces: Piece[], context: InlineContext): string {
  const texts = pieces.map((piece) => ('text' in piece ? piece.text : piece.delimiter));
  // The character beside position `index` (-1: before it, +1: after it), with the piece it is in.
  const neighbour = (index: number, step: -1 | 1): { char?: string; piece?: number } => {
    for (let i = index + step; i >= 0 && i < pieces.length; i += step) {
      const text = texts[i];
      if (text === '') continue;
      const chars = [...text];
      return { char: step < 0 ? chars[chars.length - 1] : chars[0], piece: 'text' in pieces[i] && !(pieces[i] as { code?: boolean }).code ? i : undefined };
    }
    return { char: step < 0 ? context.before : context.after };
  };
  const encode = (at: { char?: string; piece?: number }, step: -1 | 1) => {
    if (at.piece === undefined || at.char === undefined || classify(at.char) === 2) return;
    const chars = [...texts[at.piece]];
    if (step < 0) chars[chars.length - 1] = characterReference(at.char);
    else chars[0] = characterReference(at.char);
    texts[at.piece] = chars.join('');
  };
  pieces.forEach((piece, index) => {
    if (!('delimiter' in piece) || !piece.attention) return;
    const outsideStep = piece.open ? -1 : 1;
    const outside = neighbour(index, outsideStep);
    const inside = neighbour(index, piece.open ? 1 : -1);
    const info = encodeInfo(outside.char, inside.char, piece.attention);
    if (info.inside) encode(inside, piece.open ? 1 : -1);
    if (info.outside) encode(outside, outsideStep);
  });
  return texts.join('');
}

const ATTENTION: Record<string, string> = { bold: '*', italic: '_', strikethrough: '~' };

function renderLeaves(leaves: DocLeaf[], options: InlineOptions, context: InlineContext): string {
  const pieces: Piece[] = [];
  const open: string[] = [];
  const closeTo = (depth: number) => {
    while (open.length > depth) {
      const mark = open.pop()!;
      pieces.push({ delimiter: delimiters(mark)[1], attention: ATTENTION[mark], open: false });
    }
  };
  for (const run of normalizeLeaves(leaves)) {
    const wanted = run.marks.filter((mark) => mark !== 'code');
    let common = 0;
    // A colour is written around each run on its own (GitBook's `<mark>**a**</mark><mark>.</mark>`).
    while (common < open.length && common < wanted.length && open[common] === wanted[common] && !open[common].startsWith('color:')) common++;
    closeTo(common);
    for (const mark of wanted.slice(common)) {
      pieces.push({ delimiter: delimiters(mark)[0], attention: ATTENTION[mark], open: true });
      open.push(mark);
    }
    if (run.marks.includes('code')) pieces.push({ text: codeSpan(run.text, options), code: true });
    else pieces.push({ text: breaks(escapeText(run.text, options), options) });
  }
  closeTo(0);
  return encodeAttention(pieces, context);
}

/** A hard line break: a backslash at the end of the line (`<br>` in a table, a space in a heading). */
const breaks = (text: string, options: InlineOptions) => text.replace(/\n/g, options.table ? '<br>' : options.heading ? ' ' : '\\\n');

/**
 * A link destination as GitBook (remark) writes it: between `<>` when it holds spaces or control
 * characters (`<../assets/image (1).png>`), else as it is with its parentheses escaped.
 */
export function linkUrl(url: string): string {
  // `&` before what would read as a character reference is escaped there too.
  const escaped = url.replace(/&(?=[#A-Za-z])/g, '\\&');
  // eslint-disable-next-line no-control-regex -- control characters are what puts a destination between <>
  if (/[\u0000-\u0020\u007f]/.test(url)) return `<${escaped.replace(/[<>\n]/g, (c) => (c === '\n' ? ' ' : `\\${c}`))}>`;
  return escaped.replace(/[()]/g, '\\$&').replace(/^</, '\\<');
}

/**
 * The label GitBook writes for a link it makes from a reference (a mention, a content-ref, a
 * card's target): the last segment of the path, decoded (`setup.md`, `guide` for `guide/`), the
 * anchor (`#install`) for a link within a folder's page, or the URL itself when absolute.
 */
export function refLabel(url: string): string {
  if (/^(broken-reference$|\/?broken\/pages\/)/.test(url)) return 'Broken link';
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

export function emojiText(code: string): string {
  try {
    const text = String.fromCodePoint(...code.split('-').map((part) => parseInt(part, 16)));
    // A single character shown as text by default is asked to show as an emoji (U+FE0F).
    return [...text].length === 1 && !/\p{Emoji_Presentation}/u.test(text) ? `${text}\uFE0F` : text;
  } catch {
    return '';
  }
}

/** Inline nodes (a paragraph's content) as markdown; `context`: the characters around them. */
export function renderInline(nodes: DocNode[], options: InlineOptions = {}, context: InlineContext = {}): string {
  // Each inline node first (a run of text needs the first character of what follows it).
  const rendered: (string | DocLeaf[])[] = [];
  for (const node of nodes) {
    if (node.object === 'text') {
      const last = rendered[rendered.length - 1];
      if (Array.isArray(last)) last.push(...(node.leaves ?? []));
      else rendered.push([...(node.leaves ?? [])]);
    } else rendered.push(renderNode(node, options));
  }
  let out = '';
  rendered.forEach((piece, index) => {
    if (typeof piece === 'string') {
      out += piece;
      return;
    }
    const next = rendered[index + 1];
    const before = out === '' ? context.before : [...out].pop();
    const after = typeof next === 'string' ? next[0] : context.after;
    out += renderLeaves(piece, options, { before, after });
  });
  return out;
}

/** An inline node that is not text. */
function renderNode(node: DocNode, options: InlineOptions): string {
  const label = { ...options, label: true };
  switch (node.type) {
    case 'mention': {
      const url = writeRef(node.data?.ref ?? { kind: 'url', url: '' }, options.resolver);
      return `[${escapeText(refLabel(url), label)}](${linkUrl(url)} "mention")`;
    }
    case 'link':
    case 'button': {
      const text = node.type === 'button' ? escapeText(node.data?.label ?? '', label) : renderInline(node.nodes ?? [], label, { before: '[', after: ']' });
      return node.data?.ref ? `[${text}](${linkUrl(writeRef(node.data.ref, options.resolver))})` : text;
    }
    case 'inline-image':
      return `![${escapeText(node.data?.alt ?? '', label)}](${linkUrl(writeRef(node.data?.ref ?? { kind: 'url', url: '' }, options.resolver))})`;
    case 'inline-math':
      return `$$${node.data?.formula ?? ''}$$`;
    case 'emoji':
      return emojiText(String(node.data?.code ?? ''));
    default:
      // Annotations and other inlines without a markdown form: their text content.
      return renderInline(node.nodes ?? [], options);
  }
}
