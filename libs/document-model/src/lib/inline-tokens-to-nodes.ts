import type MarkdownIt from 'markdown-it';
import { DocLeaf, DocNode } from './document-nodes';
import { readUrl, RefResolver } from './content-ref-url';
import type { ContentRef } from '@gitbook/api';

type Token = MarkdownIt.Token;

/** Inline HTML tags that stand for a mark of the reference. */
const HTML_MARKS: Record<string, string> = { kbd: 'keyboard', sup: 'superscript', sub: 'subscript' };
const MARK_TOKENS: Record<string, string> = { strong: 'bold', em: 'italic', s: 'strikethrough' };

const HTML_TAG = /^<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b([^>]*?)\/?>$/;
const ID_ATTRIBUTE = /\bid\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/;

export interface InlineResult {
  nodes: DocNode[];
  /** `<a id="..."></a>` seen in the text: a heading's own anchor. */
  anchorId?: string;
}

/** Collects leaves into text nodes and inline nodes, in order. */
class InlineBuilder {
  readonly nodes: DocNode[] = [];
  private leaves: DocLeaf[] = [];

  text(text: string, withDuplicates: string[]): void {
    if (text === '') return;
    const marks = withDuplicates.length < 2 ? withDuplicates : [...new Set(withDuplicates)];
    const last = this.leaves[this.leaves.length - 1];
    if (last && sameMarks(last.marks.map(markKey), marks)) last.text += text;
    else this.leaves.push({ object: 'leaf', text, marks: marks.map(markOf) });
  }

  inline(node: DocNode): void {
    this.flush();
    this.nodes.push(node);
  }

  finish(): DocNode[] {
    this.flush();
    return this.nodes;
  }

  private flush(): void {
    if (this.leaves.length > 0) this.nodes.push({ object: 'text', leaves: this.leaves });
    this.leaves = [];
  }
}

/** One mark object per type, shared by every leaf: marks are plain values and bodies can be large. */
const MARKS = new Map<string, DocLeaf['marks'][number]>();
const markOf = (type: string) => {
  let mark = MARKS.get(type);
  if (!mark) {
    // A colour is `color:<text>:<background>`.
    const [name, text, background] = type.split(':');
    mark = Object.freeze(name === 'color' ? { object: 'mark', type: name, data: Object.freeze({ text, background }) } : { object: 'mark', type }) as DocLeaf['marks'][number];
    MARKS.set(type, mark);
  }
  return mark;
};

/** The reference's colours (text and background of a colour mark). */
const COLORS = new Set(['default', 'green', 'blue', 'red', 'orange', 'yellow', 'purple', '$primary', '$info', '$success', '$warning', '$danger']);

/** GitBook's colour mark, `<mark style="color:blue;background-color:$info;">`, as a mark key; undefined for other styles. */
function colorMark(attributes: string): string | undefined {
  const style = /\bstyle\s*=\s*(?:"([^"]*)"|'([^']*)')/.exec(attributes);
  if (!style) return undefined;
  const declarations = new Map((style[1] ?? style[2]).split(';').filter((part) => part.trim()).map((part) => part.split(':').map((side) => side.trim()) as [string, string]));
  const text = declarations.get('color') ?? 'default';
  const background = declarations.get('background-color') ?? 'default';
  if ([...declarations.keys()].some((key) => key !== 'color' && key !== 'background-color') || !COLORS.has(text) || !COLORS.has(background)) return undefined;
  return `color:${text}:${background}`;
}

const markKey = (mark: DocLeaf['marks'][number]) => (mark.type === 'color' ? `color:${mark.data?.['text']}:${mark.data?.['background']}` : mark.type);

const sameMarks = (a: string[], b: string[]) => a.length === b.length && a.every((mark) => b.includes(mark));

/** The alt text of an image token (its children, as plain text). */
export const imageAlt = (token: Token): string => (token.children ?? []).map((child) => child.content).join('');

export function inlineImage(src: string, alt: string, resolver?: RefResolver): DocNode {
  const ref = readUrl(src, resolver);
  return {
    object: 'inline',
    type: 'inline-image',
    isVoid: true,
    data: { ref: ref.kind === 'file' ? ref : { kind: 'url', url: src }, ...(alt ? { alt } : {}) },
  };
}

/** A paragraph's (or heading's, or cell's) inline tokens as document inline nodes. */
export function inlineTokensToNodes(tokens: Token[], resolver?: RefResolver): InlineResult {
  const root = new InlineBuilder();
  let builder = root;
  let link: { ref: ContentRef; mention: boolean } | undefined;
  const marks: string[] = [];
  let anchorId: string | undefined;
  let pendingAnchorClose = false;

  const removeMark = (mark: string) => {
    const index = marks.lastIndexOf(mark);
    if (index >= 0) marks.splice(index, 1);
  };

  for (const token of tokens) {
    switch (token.type) {
      case 'text':
        builder.text(token.content, marks);
        break;
      case 'code_inline':
        builder.text(token.content, [...marks, 'code']);
        break;
      case 'softbreak':
        builder.text(' ', marks);
        break;
      case 'hardbreak':
        builder.text('\n', marks);
        break;
      case 'strong_open':
      case 'em_open':
      case 's_open':
        marks.push(MARK_TOKENS[token.type.replace(/_open$/, '')]);
        break;
      case 'strong_close':
      case 'em_close':
      case 's_close':
        removeMark(MARK_TOKENS[token.type.replace(/_close$/, '')]);
        break;
      case 'link_open':
        if (!link) {
          // GitBook writes a mention of a page as a link titled "mention": `[setup.md](setup.md "mention")`.
          link = { ref: readUrl(token.attrGet('href') ?? '', resolver), mention: token.attrGet('title') === 'mention' };
          builder = new InlineBuilder();
        }
        break;
      case 'link_close':
        if (link) {
          const nodes = builder.finish();
          builder = root;
          if (link.mention) builder.inline({ object: 'inline', type: 'mention', isVoid: true, data: { ref: link.ref } });
          else builder.inline({ object: 'inline', type: 'link', isVoid: false, data: { ref: link.ref }, nodes: nodes.length > 0 ? nodes : [{ object: 'text', leaves: [{ object: 'leaf', text: '', marks: [] }] }] });
          link = undefined;
        }
        break;
      case 'image':
        builder.inline(inlineImage(token.attrGet('src') ?? '', imageAlt(token), resolver));
        break;
      case 'math_inline':
        builder.inline({ object: 'inline', type: 'inline-math', isVoid: true, data: { formula: token.content } });
        break;
      case 'html_inline': {
        const tag = HTML_TAG.exec(token.content.trim());
        const name = tag?.[2].toLowerCase();
        if (tag && name === 'br') builder.text('\n', marks);
        else if (tag && name && HTML_MARKS[name]) {
          if (tag[1]) removeMark(HTML_MARKS[name]);
          else marks.push(HTML_MARKS[name]);
        } else if (tag && name === 'mark' && !tag[1] && colorMark(tag[3])) {
          marks.push(colorMark(tag[3]) as string);
        } else if (tag && name === 'mark' && tag[1] && marks.some((mark) => mark.startsWith('color:'))) {
          marks.splice(marks.map((mark) => mark.startsWith('color:')).lastIndexOf(true), 1);
        } else if (tag && name === 'a' && !tag[1] && ID_ATTRIBUTE.test(tag[3])) {
          const id = ID_ATTRIBUTE.exec(tag[3])!;
          anchorId = id[1] ?? id[2] ?? id[3];
          pendingAnchorClose = true;
        } else if (tag && name === 'a' && tag[1] && pendingAnchorClose) {
          pendingAnchorClose = false;
        } else builder.text(token.content, marks);
        break;
      }
      default:
        builder.text(token.content, marks);
    }
  }
  if (link) builder = root;
  return { nodes: root.finish(), ...(anchorId ? { anchorId } : {}) };
}
