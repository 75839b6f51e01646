import MarkdownIt from 'markdown-it';

type StateBlock = MarkdownIt.StateBlock;
type StateInline = MarkdownIt.StateInline;
type RuleBlock = (state: StateBlock, startLine: number, endLine: number, silent: boolean) => boolean;

/**
 * The markdown-it instance that reads page bodies: CommonMark with GFM tables and
 * strikethrough, raw HTML kept as tokens (for `<details>`, `<figure>`, `<kbd>`...), and three
 * small rules for GitBook's conventions that CommonMark lacks: `{% tag attr="..." %}` lines,
 * `$$` math blocks and `$$...$$` inline math.
 */

/** The GitBook block tags understood; any other `{% ... %}` line stays text. */
export const GITBOOK_TAGS = new Set([
  'hint', 'endhint', 'tabs', 'endtabs', 'tab', 'endtab', 'stepper', 'endstepper', 'step', 'endstep',
  'code', 'endcode', 'embed', 'endembed', 'file', 'endfile', 'content-ref', 'endcontent-ref', 'include',
  'openapi', 'endopenapi', 'openapi-operation', 'endopenapi-operation', 'openapi-schemas', 'endopenapi-schemas',
]);

export interface GitbookTag {
  name: string;
  attrs: Record<string, string>;
}

const TAG_LINE = /^\{%\s*([a-z][a-z-]*)((?:\s+[a-zA-Z][\w-]*=(?:"[^"]*"|'[^']*'|[^\s%"']+))*)\s*%\}\s*$/;
/** `{% include "<path or ref:reusable-content/id>" %}`: GitBook's one tag with a positional argument (read as `src`). */
const INCLUDE_LINE = /^\{%\s*include\s+(?:"([^"]*)"|'([^']*)')\s*%\}\s*$/;
const TAG_ATTRIBUTE = /([a-zA-Z][\w-]*)=(?:"([^"]*)"|'([^']*)'|([^\s%"']+))/g;

function lineText(state: StateBlock, line: number): string {
  return state.src.slice(state.bMarks[line] + state.tShift[line], state.eMarks[line]);
}

const startsWith = (state: StateBlock, line: number, char: number) => state.src.charCodeAt(state.bMarks[line] + state.tShift[line]) === char;

/** The GitBook tag a line holds on its own (within the block's indentation), if any. */
function gitbookTagAt(state: StateBlock, line: number): GitbookTag | undefined {
  // These rules run at every line of a body: look at one character before cutting a string.
  if (!startsWith(state, line, 0x7b /* { */) || state.sCount[line] - state.blkIndent >= 4) return undefined;
  const text = lineText(state, line);
  const include = INCLUDE_LINE.exec(text);
  if (include) return { name: 'include', attrs: { src: include[1] ?? include[2] } };
  const match = TAG_LINE.exec(text);
  if (!match || !GITBOOK_TAGS.has(match[1]) || match[1] === 'include') return undefined;
  const attrs: Record<string, string> = {};
  for (const attribute of match[2].matchAll(TAG_ATTRIBUTE)) attrs[attribute[1]] = attribute[2] ?? attribute[3] ?? attribute[4];
  return { name: match[1], attrs };
}

function gitbookTagRule(state: StateBlock, startLine: number, _endLine: number, silent: boolean): boolean {
  const tag = gitbookTagAt(state, startLine);
  if (!tag) return false;
  if (silent) return true;
  const token = state.push('gitbook_tag', '', 0);
  token.meta = tag;
  token.content = lineText(state, startLine).trim();
  token.map = [startLine, startLine + 1];
  state.line = startLine + 1;
  return true;
}

/** CommonMark's HTML blocks of types 1 to 5 (`<pre>`, `<script>`, comments...), which end at their own closing sequence. */
const HTML_BLOCK_CLOSED_BY_SEQUENCE = /^(?:<(?:script|pre|style|textarea)(?=[\s>]|$)|<!--|<\?|<![A-Za-z]|<!\[CDATA\[)/i;

/**
 * markdown-it's HTML block rule, with one more end: CommonMark's HTML blocks of types 6 and 7
 * (`<figure>`, `<table>`, `<div>`, `<p align>`, `</details>`...) run to the next blank line, and
 * GitBook writes the closing tag of the block that holds them on the very next line
 * (`<figure>...</figure>` then `{% endstep %}`), which would be read as HTML and the container
 * left open. A line holding a GitBook tag ends such a block, as a blank line does.
 */
function htmlBlockEndingAtTags(htmlBlock: RuleBlock): RuleBlock {
  return (state, startLine, endLine, silent) => {
    if (silent || !startsWith(state, startLine, 0x3c /* < */) || HTML_BLOCK_CLOSED_BY_SEQUENCE.test(lineText(state, startLine))) {
      return htmlBlock(state, startLine, endLine, silent);
    }
    // The lines the block would take (up to a blank or outdented line): the first tag line ends it there.
    for (let line = startLine + 1; line < endLine && state.sCount[line] >= state.blkIndent && !state.isEmpty(line); line++) {
      if (gitbookTagAt(state, line)) return htmlBlock(state, startLine, line, silent);
    }
    return htmlBlock(state, startLine, endLine, silent);
  };
}

/** `$$` alone on a line, the formula, `$$` alone on a line. */
function mathBlockRule(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  if (!startsWith(state, startLine, 0x24 /* $ */) || state.sCount[startLine] - state.blkIndent >= 4) return false;
  if (lineText(state, startLine).trim() !== '$$') return false;
  let line = startLine + 1;
  for (; line < endLine; line++) {
    if (state.sCount[line] < state.blkIndent) return false;
    if (lineText(state, line).trim() === '$$') break;
  }
  if (line >= endLine) return false;
  if (silent) return true;
  const token = state.push('math_block', 'math', 0);
  token.content = state.getLines(startLine + 1, line, state.blkIndent, false).replace(/\n$/, '');
  token.map = [startLine, line + 1];
  state.line = line + 1;
  return true;
}

/** `$$formula$$` inside a paragraph. */
function mathInlineRule(state: StateInline, silent: boolean): boolean {
  const { src, pos } = state;
  if (src.charCodeAt(pos) !== 0x24 || src.charCodeAt(pos + 1) !== 0x24) return false;
  const end = src.indexOf('$$', pos + 2);
  if (end < 0 || end === pos + 2) return false;
  if (!silent) {
    const token = state.push('math_inline', 'math', 0);
    token.content = src.slice(pos + 2, end);
  }
  state.pos = end + 2;
  return true;
}

function createParser(): MarkdownIt {
  const md = new MarkdownIt('default', { html: true, linkify: false, typographer: false });
  const interrupts = { alt: ['paragraph', 'reference', 'blockquote', 'list'] };
  md.block.ruler.before('fence', 'gitbook_tag', gitbookTagRule, interrupts);
  md.block.ruler.before('fence', 'math_block', mathBlockRule, interrupts);
  // By the ruler's own record of names: a function's `name` does not survive a minifier (the browser app's bundle).
  const rules = (md.block.ruler as unknown as { __rules__: { name: string; fn: Parameters<typeof htmlBlockEndingAtTags>[0] }[] }).__rules__;
  const htmlBlock = rules.find((rule) => rule.name === 'html_block')?.fn;
  if (!htmlBlock) throw new Error("markdown-it's html_block rule was not found");
  md.block.ruler.at('html_block', htmlBlockEndingAtTags(htmlBlock), { alt: ['paragraph', 'reference', 'blockquote'] });
  md.inline.ruler.after('escape', 'math_inline', mathInlineRule);
  // URLs are kept as written (`%20` stays `%20`, a space stays a space): markdown-it's default
  // percent-encodes them for HTML, and a body written back would change.
  md.normalizeLink = (url: string) => url;
  return md;
}

export const markdownParser = createParser();
