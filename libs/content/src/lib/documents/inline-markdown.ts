import { DocLeaf, DocNode } from './document-nodes';
import { RefResolver, writeRef } from './content-ref-url';

/**
 * Inline nodes written back as markdown. Marks open and close like a stack (strikethrough
 * outermost, code innermost) so they nest properly; whitespace at the edge of a marked run is
 * moved outside the delimiters (CommonMark would not read `** bold**` as bold); text is escaped
 * so that it reads back as the same text.
 */
const MARK_ORDER = ['strikethrough', 'bold', 'italic', 'superscript', 'subscript', 'keyboard', 'code'];
const DELIMITERS: Record<string, [string, string]> = {
  strikethrough: ['~~', '~~'],
  bold: ['**', '**'],
  italic: ['*', '*'],
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

const markTypes = (leaf: DocLeaf) => MARK_ORDER.filter((type) => leaf.marks.some((mark) => mark.type === type));

/** Leaves with edge whitespace split off (unmarked) and neighbours of equal marks merged. */
function normalizeLeaves(leaves: DocLeaf[]): { text: string; marks: string[] }[] {
  const out: { text: string; marks: string[] }[] = [];
  const push = (text: string, marks: string[]) => {
    if (text === '') return;
    const last = out[out.length - 1];
    if (last && last.marks.join() === marks.join()) last.text += text;
    else out.push({ text, marks });
  };
  for (const leaf of leaves) {
    const marks = markTypes(leaf);
    const code = marks.includes('code');
    const match = /^(\s*)([\s\S]*?)(\s*)$/.exec(leaf.text)!;
    if (marks.length === 0 || match[2] === '' || code) {
      push(leaf.text, match[2] === '' ? [] : marks);
      continue;
    }
    push(match[1], []);
    push(match[2], marks);
    push(match[3], []);
  }
  return out;
}

function renderLeaves(leaves: DocLeaf[], options: InlineOptions): string {
  let out = '';
  const open: string[] = [];
  const closeTo = (depth: number) => {
    while (open.length > depth) out += DELIMITERS[open.pop()!]?.[1] ?? '';
  };
  for (const run of normalizeLeaves(leaves)) {
    const wanted = run.marks.filter((mark) => mark !== 'code');
    let common = 0;
    while (common < open.length && common < wanted.length && open[common] === wanted[common]) common++;
    closeTo(common);
    for (const mark of wanted.slice(common)) {
      out += DELIMITERS[mark][0];
      open.push(mark);
    }
    if (run.marks.includes('code')) out += codeSpan(run.text, options);
    else out += breaks(escapeText(run.text, options), options);
  }
  closeTo(0);
  return out;
}

/** A hard line break: a backslash at the end of the line (`<br>` in a table, a space in a heading). */
const breaks = (text: string, options: InlineOptions) => text.replace(/\n/g, options.table ? '<br>' : options.heading ? ' ' : '\\\n');

function linkUrl(url: string): string {
  return url.replace(/ /g, '%20').replace(/[()<>]/g, '\\$&');
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
      case 'link':
      case 'mention':
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
