import type MarkdownIt from 'markdown-it';
import type { JSONDocument } from '@gitbook/api';
import { Container, fitBlocks } from './block-fitting';
import { readUrl, RefResolver } from './content-ref-url';
import { DocNode, paragraph, textNode } from './document-nodes';
import { HEADING_ID_PATTERN, HeadingAnchors, slugifyHeading } from './heading-anchors';
import { headingLevel } from './heading-levels';
import { HtmlBlockEvent, htmlBlockEvents } from './html-block-events';
import { htmlCodeBlock } from './html-code-block';
import { htmlCellBlocks, htmlTable, htmlTextBlock, inlineNodes } from './html-table';
import { parseDocument } from 'htmlparser2';
import { inlineImage, inlineTokensToNodes } from './inline-tokens-to-nodes';
import { GitbookTag, markdownParser } from './markdown-parser';
import { TokenNode, tokenTree } from './markdown-token-tree';
import { plainText } from './document-text';

type Token = MarkdownIt.Token;

/** Tags that open a container closed by `end<name>` (`<details>` is handled the same way). */
const CONTAINER_TAGS = new Set(['hint', 'tabs', 'tab', 'stepper', 'step', 'code', 'content-ref', 'details', 'openapi', 'openapi-operation', 'openapi-schemas']);
const HINT_STYLES = new Set(['info', 'warning', 'danger', 'success']);

/** One entry of a sibling list once GitBook tags and `<details>` are paired into containers. */
type Entry =
  | { kind: 'node'; node: TokenNode }
  | { kind: 'container'; name: string; attrs: Record<string, string>; entries: Entry[]; title?: string }
  | { kind: 'breaks'; count: number }
  | { kind: 'void'; name: string; attrs: Record<string, string>; raw: string }
  | Extract<HtmlBlockEvent, { kind: 'images' }>
  | { kind: 'block'; node: DocNode }
  | { kind: 'raw'; text: string };

/** Flat siblings (tokens, tag lines, HTML events) paired into nested containers. */
function pairContainers(nodes: TokenNode[], resolver?: RefResolver): Entry[] {
  type Frame = Extract<Entry, { kind: 'container' }>;
  const root: Frame = { kind: 'container', name: '', attrs: {}, entries: [] };
  const stack: Frame[] = [root];
  const top = () => stack[stack.length - 1];
  const close = (name: string) => {
    const index = stack.map((frame) => frame.name).lastIndexOf(name);
    if (index <= 0) return; // a close without its open: dropped
    while (stack.length > index) {
      const frame = stack.pop()!;
      top().entries.push(frame);
    }
  };
  const open = (name: string, attrs: Record<string, string>) => {
    // A tab (step) opened inside the previous one that was never closed closes it first.
    if ((name === 'tab' || name === 'step') && top().name === name) close(name);
    stack.push({ kind: 'container', name, attrs, entries: [] });
  };

  // An embed or a file with a caption: the caption stands between the tag and its end tag.
  const captioned = new Set(nodes.flatMap((node) => (node.token.type === 'gitbook_tag' && /^end(embed|file)$/.test((node.token.meta as GitbookTag).name) ? [(node.token.meta as GitbookTag).name.slice(3)] : [])));
  const gaps = emptyParagraphsBefore(nodes);
  nodes.forEach((node, index) => {
    for (let n = 0; n < gaps[index]; n++) top().entries.push({ kind: 'block', node: paragraph([]) });
    const token = node.token;
    if (token.type === 'gitbook_tag') {
      const tag = token.meta as GitbookTag;
      if (CONTAINER_TAGS.has(tag.name) || captioned.has(tag.name)) open(tag.name, tag.attrs);
      else if (tag.name.startsWith('end')) close(tag.name.slice(3));
      else top().entries.push({ kind: 'void', name: tag.name, attrs: tag.attrs, raw: token.content });
    } else if (token.type === 'html_block' && /^\s*(?:<br\s*\/?>\s*)+$/i.test(token.content)) {
      // A paragraph of line breaks only: GitBook writes its breaks `<br>`.
      top().entries.push({ kind: 'breaks', count: token.content.match(/<br/gi)?.length ?? 1 });
    } else if (token.type === 'html_block') {
      // GitBook's HTML tables (cards, widths, rich cells) are table blocks, its `<pre>` code blocks with highlighted lines code blocks.
      const table = /^\s*<table[\s>]/i.test(token.content)
        ? htmlTable(token.content, resolver)
        : /^\s*<(p|h[1-6])\s[^>]*\balign=/i.test(token.content)
          ? htmlTextBlock(token.content, resolver)
          : /^\s*<pre[\s>]/i.test(token.content)
            ? htmlCodeBlock(token.content)
            : undefined;
      if (table) {
        top().entries.push({ kind: 'block', node: table });
        return;
      }
      const events = htmlBlockEvents(token.content);
      if (!events) top().entries.push({ kind: 'raw', text: token.content.replace(/\n+$/, '') });
      else for (const event of events) applyHtmlEvent(event);
    } else {
      top().entries.push({ kind: 'node', node });
    }
  });
  while (stack.length > 1) close(top().name);
  return root.entries;

  function applyHtmlEvent(event: HtmlBlockEvent) {
    if (event.kind === 'details-open') open('details', {});
    else if (event.kind === 'details-close') close('details');
    else if (event.kind === 'summary') {
      const frame = top();
      if (frame.name === 'details' && frame.title === undefined) frame.title = event.html;
      else frame.entries.push({ kind: 'raw', text: event.text });
    } else top().entries.push(event);
  }
}

class DocumentBuilder {
  constructor(private readonly resolver?: RefResolver) {}

  toBlocks(nodes: TokenNode[], container: Container): DocNode[] {
    const out: DocNode[] = [];
    // Most sibling lists hold no tag and no HTML: no pairing needed (bodies can be large).
    if (nodes.some((node) => node.token.type === 'gitbook_tag' || node.token.type === 'html_block')) {
      for (const entry of pairContainers(nodes, this.resolver)) out.push(...this.entry(entry));
    } else {
      const gaps = emptyParagraphsBefore(nodes);
      nodes.forEach((node, index) => {
        for (let n = 0; n < gaps[index]; n++) out.push(paragraph([]));
        out.push(...this.block(node));
      });
    }
    return fitBlocks(out, container);
  }

  private entries(entries: Entry[], container: Container): DocNode[] {
    return fitBlocks(entries.flatMap((entry) => this.entry(entry)), container);
  }

  private entry(entry: Entry): DocNode[] {
    switch (entry.kind) {
      case 'node':
        return this.block(entry.node);
      case 'raw':
        return [paragraph([textNode(entry.text)])];
      case 'breaks':
        return [paragraph([textNode('\n'.repeat(entry.count))])];
      case 'block':
        return [entry.node];
      case 'images':
        return [this.images(entry)];
      case 'void':
        return this.voidTag(entry);
      case 'container':
        return this.container(entry);
    }
  }

  private voidTag(entry: Extract<Entry, { kind: 'void' }>): DocNode[] {
    if (entry.name === 'embed' && entry.attrs['url']) return [{ object: 'block', type: 'embed', isVoid: true, data: { url: entry.attrs['url'] } }];
    if (entry.name === 'file' && entry.attrs['src']) {
      const resolved = readUrl(entry.attrs['src'], this.resolver);
      // A src naming no known file id is kept as the file reference (`ref:file/` removed).
      const file = resolved.kind === 'file' ? resolved.file : entry.attrs['src'].replace(/^ref:file\//, '');
      return [{ object: 'block', type: 'file', isVoid: true, data: { ref: { kind: 'file', file } } }];
    }
    if (entry.name === 'include' && entry.attrs['src'] !== undefined) {
      // Only a reference to a reusable content becomes its block; another path (a git layout's
      // `.gitbook/includes/x.md`, which only an import can resolve) stays text.
      const ref = readUrl(entry.attrs['src'], this.resolver);
      if (ref.kind === 'reusable-content') return [{ object: 'block', type: 'reusable-content', isVoid: true, data: { ref } }];
    }
    return [paragraph([textNode(entry.raw.trim())])];
  }

  private container(entry: Extract<Entry, { kind: 'container' }>): DocNode[] {
    const nonEmpty = (blocks: DocNode[]) => (blocks.length > 0 ? blocks : [paragraph([])]);
    switch (entry.name) {
      case 'hint': {
        const style = HINT_STYLES.has(entry.attrs['style']) ? entry.attrs['style'] : 'info';
        return [{ object: 'block', type: 'hint', isVoid: false, data: { style }, nodes: nonEmpty(this.entries(entry.entries, 'hint')) }];
      }
      case 'tabs':
      case 'stepper': {
        const item = entry.name === 'tabs' ? 'tab' : 'step';
        const items: DocNode[] = [];
        let stray: Entry[] = [];
        const flushStray = () => {
          if (stray.length > 0) items.push(this.tabOrStep(entry.name, { kind: 'container', name: item, attrs: {}, entries: stray }));
          stray = [];
        };
        for (const child of entry.entries) {
          if (child.kind === 'container' && child.name === item) {
            flushStray();
            items.push(this.tabOrStep(entry.name, child));
          } else stray.push(child);
        }
        flushStray();
        return [{ object: 'block', type: entry.name, isVoid: false, data: {}, nodes: items }];
      }
      case 'embed':
      case 'file': {
        const [block] = this.voidTag({ kind: 'void', name: entry.name, attrs: entry.attrs, raw: '' });
        const caption = entry.entries.flatMap((child) => this.entry(child)).filter((child) => child.type === 'paragraph');
        if (block?.type !== entry.name) return entry.entries.flatMap((child) => this.entry(child));
        return [caption.length > 0 ? { ...block, fragments: [{ object: 'fragment', type: 'caption', fragment: 'caption', nodes: caption }] } : block];
      }
      case 'tab':
      case 'step':
        // A tab outside tabs (a step outside a stepper) is its content.
        return entry.entries.flatMap((child) => this.entry(child));
      case 'code': {
        const blocks = entry.entries.flatMap((child) => this.entry(child));
        for (const block of blocks) if (block.type === 'code') Object.assign(block.data!, codeOptions(entry.attrs));
        return blocks;
      }
      case 'content-ref':
        // GitBook repeats the target as a link between the tags; the tag's url is the reference.
        if (entry.attrs['url']) return [{ object: 'block', type: 'content-ref', isVoid: true, data: { ref: readUrl(entry.attrs['url'], this.resolver) } }];
        return entry.entries.flatMap((child) => this.entry(child));
      // OpenAPI blocks: GitBook repeats the spec as a link between the tags; the tag's attributes are the block.
      case 'openapi':
        if (!entry.attrs['src'] || !entry.attrs['path'] || !entry.attrs['method']) return entry.entries.flatMap((child) => this.entry(child));
        return [
          {
            object: 'block',
            type: 'swagger',
            isVoid: true,
            data: {
              ref: openapiSource(readUrl(entry.attrs['src'], this.resolver), entry.attrs['src']),
              path: entry.attrs['path'],
              method: entry.attrs['method'],
              ...(entry.attrs['expanded'] === 'true' || entry.attrs['expanded'] === 'false' ? { expanded: entry.attrs['expanded'] === 'true' } : {}),
            },
          },
        ];
      case 'openapi-operation':
        if (!entry.attrs['spec'] || !entry.attrs['path'] || !entry.attrs['method']) return entry.entries.flatMap((child) => this.entry(child));
        return [{ object: 'block', type: 'openapi-operation', isVoid: true, data: { ref: { kind: 'openapi', spec: entry.attrs['spec'] }, path: entry.attrs['path'], method: entry.attrs['method'] } }];
      case 'openapi-schemas':
        if (!entry.attrs['spec'] || entry.attrs['schemas'] === undefined) return entry.entries.flatMap((child) => this.entry(child));
        return [
          {
            object: 'block',
            type: 'openapi-schemas',
            isVoid: true,
            data: {
              ref: { kind: 'openapi', spec: entry.attrs['spec'] },
              schemas: entry.attrs['schemas'].split(',').map((name) => name.trim()).filter(Boolean),
              ...(entry.attrs['grouped'] === 'true' || entry.attrs['grouped'] === 'false' ? { grouped: entry.attrs['grouped'] === 'true' } : {}),
            },
          },
        ];
      case 'details': {
        const title = paragraph(entry.title ? inlineNodes(parseDocument(entry.title, { decodeEntities: true, lowerCaseTags: true }).children, this.resolver) : []);
        return [
          {
            object: 'block',
            type: 'expandable',
            isVoid: true,
            data: {},
            fragments: [
              { object: 'fragment', type: 'expandable-title', fragment: 'expandable-title', nodes: [title] },
              { object: 'fragment', type: 'expandable-body', fragment: 'expandable-body', nodes: nonEmpty(this.entries(entry.entries, 'expandable')) },
            ],
          },
        ];
      }
      default:
        return entry.entries.flatMap((child) => this.entry(child));
    }
  }

  private tabOrStep(parent: string, entry: Extract<Entry, { kind: 'container' }>): DocNode {
    const content = this.entries(entry.entries, parent === 'tabs' ? 'tabs-item' : 'stepper-step');
    const nodes = content.length > 0 ? content : [paragraph([])];
    if (parent === 'tabs') return { object: 'block', type: 'tabs-item', isVoid: false, data: entry.attrs['title'] !== undefined ? { title: entry.attrs['title'] } : {}, nodes };
    return { object: 'block', type: 'stepper-step', isVoid: false, data: {}, nodes };
  }

  private block(node: TokenNode): DocNode[] {
    const token = node.token;
    switch (token.type) {
      case 'paragraph_open':
        return [this.paragraph(node)];
      case 'heading_open':
        return [this.heading(node)];
      case 'bullet_list_open':
      case 'ordered_list_open':
        return [this.list(node)];
      case 'blockquote_open': {
        const nodes = this.toBlocks(node.children, 'blockquote');
        return [{ object: 'block', type: 'blockquote', isVoid: false, data: {}, nodes: nodes.length > 0 ? nodes : [paragraph([])] }];
      }
      case 'fence':
      case 'code_block':
        return [codeBlock(token)];
      case 'hr':
        return [{ object: 'block', type: 'divider', isVoid: true, data: {} }];
      case 'math_block':
        return [{ object: 'block', type: 'math', isVoid: true, data: { formula: token.content } }];
      case 'table_open':
        return [this.table(node)];
      case 'inline':
        return [paragraph(inlineTokensToNodes(token.children ?? [], this.resolver).nodes)];
      default:
        return node.children.length > 0 ? this.toBlocks(node.children, 'document') : token.content ? [paragraph([textNode(token.content)])] : [];
    }
  }

  private inlineOf(node: TokenNode) {
    const inline = node.children.find((child) => child.token.type === 'inline');
    return inlineTokensToNodes(inline?.token.children ?? [], this.resolver);
  }

  /**
   * A paragraph. An image written `![alt](src)`, even alone in its paragraph, is an inline image
   * (GitBook writes image blocks as figures, and reads `![]()` back as it was).
   */
  private paragraph(node: TokenNode): DocNode {
    return paragraph(this.inlineOf(node).nodes);
  }

  /** An images block: GitBook's figures (one per image), their alignment and width. */
  private images(block: Extract<HtmlBlockEvent, { kind: 'images' }>): DocNode {
    const ref = (src: string) => inlineImage(src, '', this.resolver).data!.ref;
    const length = (value: string | undefined) => (value !== undefined && /^\d+(\.\d+)?$/.test(value) ? Number(value) : undefined);
    const align = block.align === 'left' || block.align === 'center' || block.align === 'right' ? block.align : undefined;
    return {
      object: 'block',
      type: 'images',
      isVoid: false,
      data: { ...(align ? { align } : {}), ...(block.fullWidth !== undefined ? { fullWidth: block.fullWidth } : {}) },
      nodes: block.images.map((image) => {
        const width = length(image.width);
        const height = length(image.height);
        return {
          object: 'block',
          type: 'image',
          isVoid: true,
          data: {
            ref: ref(image.src),
            ...(image.srcDark ? { refDark: ref(image.srcDark) } : {}),
            ...(width !== undefined ? { width } : {}),
            ...(height !== undefined ? { height } : {}),
            ...(image.alt ? { alt: image.alt } : {}),
          },
          fragments: image.caption ? [{ object: 'fragment', fragment: 'caption', nodes: [paragraph([textNode(image.caption)])] }] : [],
        };
      }),
    };
  }

  private heading(node: TokenNode): DocNode {
    const level = headingLevel(Number(node.token.tag.slice(1)));
    const { nodes, anchorId } = this.inlineOf(node);
    // Headings hold one line: hard breaks become spaces.
    for (const text of nodes) for (const leaf of text.leaves ?? []) leaf.text = leaf.text.replace(/\n/g, ' ');
    // The space before a trailing `<a id>` anchor is not part of the title (others, written
    // `&#x20;`, are).
    const lastLeaf = nodes[nodes.length - 1]?.leaves?.at(-1);
    if (lastLeaf && anchorId !== undefined) lastLeaf.text = lastLeaf.text.replace(/ $/, '');
    const id = anchorId === undefined ? undefined : HEADING_ID_PATTERN.test(anchorId) ? anchorId : slugifyHeading(anchorId).replace(/[^-a-z0-9.+_]/g, '');
    return { object: 'block', type: `heading-${level}`, isVoid: false, data: id ? { id } : {}, nodes: paragraph(nodes).nodes };
  }

  private list(node: TokenNode): DocNode {
    const items = node.children.filter((child) => child.token.type === 'list_item_open');
    const ordered = node.token.type === 'ordered_list_open';
    const tasks = !ordered && items.length > 0 && items.every((item) => taskMarker(item) !== undefined);
    const listItems = items.map((item) => {
      const checked = tasks ? stripTaskMarker(item) : undefined;
      const nodes = this.toBlocks(item.children, 'list-item');
      return { object: 'block', type: 'list-item', isVoid: false, data: checked === undefined ? {} : { checked }, nodes: nodes.length > 0 ? nodes : [paragraph([])] } satisfies DocNode;
    });
    if (ordered) {
      const start = Number(node.token.attrGet('start') ?? 1);
      return { object: 'block', type: 'list-ordered', isVoid: false, data: start !== 1 ? { start } : {}, nodes: listItems };
    }
    return { object: 'block', type: tasks ? 'list-tasks' : 'list-unordered', isVoid: false, data: {}, nodes: listItems };
  }

  private table(node: TokenNode): DocNode {
    const rows: TokenNode[] = [];
    const collectRows = (n: TokenNode) => n.children.forEach((child) => (child.token.type === 'tr_open' ? rows.push(child) : collectRows(child)));
    collectRows(node);
    const [header, ...rest] = rows;
    const headerCells = header?.children ?? [];
    const columns = headerCells.map((_, i) => `c${i}`);
    // Column titles are plain text: a header row with links or marks is a first row of a table
    // whose header is hidden (how GitBook writes such a table in markdown).
    const headerInlines = headerCells.map((cell) => this.inlineOf(cell).nodes);
    const hideHeader = headerInlines.some((nodes) => nodes.some((n) => n.object !== 'text' || (n.leaves ?? []).some((leaf) => leaf.marks.length > 0)));
    const body = hideHeader ? rows : rest;
    const definition: Record<string, unknown> = {};
    headerCells.forEach((cell, i) => {
      const align = /text-align:\s*(left|center|right)/.exec(cell.token.attrGet('style') ?? '')?.[1] ?? 'left';
      definition[columns[i]] = { id: columns[i], title: plainText({ object: 'block', nodes: headerInlines[i] }), type: 'text', textAlignment: align };
    });
    const records: Record<string, unknown> = {};
    const fragments: DocNode[] = [];
    body.forEach((row, r) => {
      const values: Record<string, string> = {};
      row.children.forEach((cell, c) => {
        if (c >= columns.length) return;
        const fragment = `r${r}c${c}`;
        // A cell GitBook wrote as HTML (several paragraphs, a line break) holds blocks.
        const raw = cell.children.find((child) => child.token.type === 'inline')?.token.content ?? '';
        const nodes = /^<(p|ul|ol)[\s>]/i.test(raw) ? htmlCellBlocks(raw, this.resolver) : [paragraph(this.inlineOf(cell).nodes)];
        fragments.push({ object: 'fragment', fragment, nodes });
        values[columns[c]] = fragment;
      });
      records[`r${r}`] = { orderIndex: String(r).padStart(6, '0'), values };
    });
    return {
      object: 'block',
      type: 'table',
      isVoid: true,
      data: { view: { type: 'grid', columns, hideHeader }, records, definition },
      fragments,
    };
  }
}

const TASK_MARKER = /^\[([ xX])\](?:[ \t]+|$)/;

function firstText(item: TokenNode): Token | undefined {
  const first = item.children[0];
  if (first?.token.type !== 'paragraph_open') return undefined;
  const inline = first.children.find((child) => child.token.type === 'inline');
  const text = inline?.token.children?.[0];
  return text?.type === 'text' ? text : undefined;
}

const taskMarker = (item: TokenNode) => {
  const text = firstText(item);
  return text ? TASK_MARKER.exec(text.content)?.[1] : undefined;
};

function stripTaskMarker(item: TokenNode): boolean {
  const text = firstText(item)!;
  const checked = TASK_MARKER.exec(text.content)![1] !== ' ';
  text.content = text.content.replace(TASK_MARKER, '');
  return checked;
}

/** The spec of an `{% openapi src %}` block: a file or a URL (the reference allows nothing else). */
function openapiSource(ref: { kind: string }, src: string): Record<string, unknown> {
  return ref.kind === 'file' || ref.kind === 'url' ? ref : { kind: 'url', url: src };
}

function codeOptions(attrs: Record<string, string>): Record<string, unknown> {
  const options: Record<string, unknown> = {};
  if (attrs['title']) options['title'] = attrs['title'];
  if (attrs['overflow'] === 'wrap' || attrs['overflow'] === 'scroll') options['overflow'] = attrs['overflow'];
  if (attrs['lineNumbers'] === 'true' || attrs['lineNumbers'] === 'false') options['lineNumbers'] = attrs['lineNumbers'] === 'true';
  if (attrs['fullWidth'] === 'true' || attrs['fullWidth'] === 'false') options['fullWidth'] = attrs['fullWidth'] === 'true';
  return options;
}

function codeBlock(token: Token): DocNode {
  const syntax = token.info.trim().split(/\s+/)[0];
  const lines = token.content.replace(/\n$/, '').split('\n');
  return {
    object: 'block',
    type: 'code',
    isVoid: false,
    data: syntax ? { syntax } : {},
    nodes: lines.map((line) => ({ object: 'block', type: 'code-line', isVoid: false, data: {}, nodes: [textNode(line)] })),
  };
}

/** The line after a block's last line of content (a list's map also covers the blank lines after it). */
function contentEnd(node: TokenNode): number | undefined {
  for (let i = node.children.length - 1; i >= 0; i--) {
    const end = contentEnd(node.children[i]);
    if (end !== undefined) return end;
  }
  return node.token.map?.[1];
}

const isTag = (node: TokenNode | undefined, close: boolean) => {
  if (node?.token.type !== 'gitbook_tag') return /^\s*<\/?details>\s*$/i.test(node?.token.content ?? '') && close === /^\s*<\//.test(node?.token.content ?? '');
  const name = (node.token.meta as GitbookTag).name;
  return close ? name.startsWith('end') : CONTAINER_TAGS.has(name);
};

/**
 * Empty paragraphs, as GitBook writes them: blocks are separated by one blank line and an empty
 * paragraph is an empty line between two separators, so each two more blank lines between
 * siblings are one empty paragraph (after an opening tag or before a closing one, each two).
 */
function emptyParagraphsBefore(nodes: TokenNode[]): number[] {
  return nodes.map((node, index) => {
    const previous = nodes[index - 1];
    const start = node.token.map?.[0];
    const end = previous ? contentEnd(previous) : undefined;
    if (start === undefined || end === undefined) return 0;
    const blank = start - end;
    return isTag(previous, false) || isTag(node, true) ? Math.floor(blank / 2) : Math.floor((blank - 1) / 2);
  });
}

/** Keys for every block (links report where they are by key) and anchors for headings. */
function finish(blocks: DocNode[]): void {
  let counter = 0;
  const anchors = new HeadingAnchors();
  const visit = (node: DocNode) => {
    if (node.object === 'block') node.key = `b${(counter++).toString(36)}`;
    if (node.type?.startsWith('heading-')) node.meta = { id: anchors.next(plainText(node), node.data?.id) };
    node.fragments?.forEach(visit);
    node.nodes?.forEach(visit);
  };
  blocks.forEach(visit);
}

/**
 * A markdown page body (GitBook's conventions for what CommonMark lacks) as a JSONDocument.
 * `resolver.refOfUrl` may read URLs as references (a relative path as the page it names).
 */
export function markdownToDocument(markdown: string, resolver?: Pick<RefResolver, 'refOfUrl'>): JSONDocument {
  const tokens = markdownParser.parse(markdown, {});
  const nodes = new DocumentBuilder(resolver).toBlocks(tokenTree(tokens), 'document');
  // Empty paragraphs at the end: the body ends with one line break, or two per empty paragraph.
  const trailing = /\n*$/.exec(markdown)?.[0].length ?? 0;
  if (nodes.length > 0) for (let n = 0; n < Math.floor(trailing / 2); n++) nodes.push(paragraph([]));
  finish(nodes);
  return { object: 'document', data: {}, nodes } as unknown as JSONDocument;
}
