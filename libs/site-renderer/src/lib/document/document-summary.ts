import type { ContentReference, DocumentContext } from '../model/document-context';
import type { DocNode } from './doc-node';
import { emojiText, plainText } from './doc-node';

/** About the length search engines show of a description. */
export const SUMMARY_MAX = 160;

/**
 * Blocks whose content is read as part of the page's text, in order: a summary may start in a
 * list, a quote, a hint, the first tab, a step or a column. Headings, code, tables, captions,
 * an expandable's hidden body and embeds are not prose that describes a page.
 */
const READ_THROUGH = new Set([
  'list-ordered',
  'list-unordered',
  'list-tasks',
  'list-item',
  'blockquote',
  'hint',
  'tabs',
  'tabs-item',
  'stepper',
  'stepper-step',
  'columns',
  'column',
]);

/** Reusable contents embedded in one another at most this deep, as the renderer shows them. */
const REUSABLE_DEPTH = 8;

/**
 * What a page without a description is described by (`<meta name="description">`, Open Graph):
 * the text of its first paragraph in reading order as the visitor sees it (reusable contents in
 * place, conditional blocks for this visitor, variables filled in), marks dropped, whitespace
 * collapsed, cut on a word boundary to at most `max` characters with "…" when cut. Undefined
 * for a page with no paragraph text.
 */
export function documentSummary(document: { nodes?: unknown[] }, context: DocumentContext, max = SUMMARY_MAX): string | undefined {
  const text = firstParagraph((document as DocNode).nodes, context, []);
  return text === undefined ? undefined : shorten(text, max);
}

function firstParagraph(nodes: DocNode[] | undefined, context: DocumentContext, reusableChain: string[]): string | undefined {
  for (const node of nodes ?? []) {
    if (!node || node.object !== 'block') continue;
    let found: string | undefined;
    if (node.type === 'paragraph') {
      const text = inlineText(node.nodes, context).replace(/\s+/g, ' ').trim();
      found = text === '' ? undefined : text;
    } else if (node.type === 'reusable-content') {
      const id = node.data?.ref?.reusableContent;
      if (typeof id === 'string' && !reusableChain.includes(id) && reusableChain.length < REUSABLE_DEPTH) {
        found = firstParagraph((context.reusableContent(id) as DocNode | undefined)?.nodes, context, [...reusableChain, id]);
      }
    } else if (node.type === 'if') {
      const expression = node.data?.expression;
      if (typeof expression === 'string' && expression !== '' && context.condition(expression)) found = firstParagraph(node.nodes, context, reusableChain);
    } else if (READ_THROUGH.has(node.type ?? '')) {
      found = firstParagraph(node.nodes, context, reusableChain);
    }
    if (found !== undefined) return found;
  }
  return undefined;
}

/** A paragraph's words as the page shows them: text, links' text, mentions' titles, emoji, variables' values; no formula, image or button. */
function inlineText(nodes: DocNode[] | undefined, context: DocumentContext): string {
  let text = '';
  for (const node of nodes ?? []) {
    if (!node) continue;
    if (node.object === 'text') {
      text += (node.leaves ?? []).map((leaf) => (typeof leaf?.text === 'string' ? leaf.text : '')).join('');
      continue;
    }
    switch (node.type) {
      case 'link':
      case 'annotation':
        text += inlineText(node.nodes, context);
        break;
      case 'mention': {
        const ref = node.data?.ref as ContentReference | undefined;
        text += (ref ? context.link(ref)?.title : undefined) ?? plainText(node);
        break;
      }
      case 'emoji':
        text += emojiText(String(node.data?.code ?? ''));
        break;
      case 'expression':
        text += context.expression(String(node.data?.expression ?? '')) ?? '';
        break;
      case 'button':
      case 'icon':
      case 'inline-math':
      case 'inline-image':
        break;
      default:
        text += plainText(node);
    }
  }
  return text;
}

/**
 * `text` in at most `max` characters: whole when it fits, else cut after the last whole word
 * that fits with "…" (punctuation before the cut dropped), or inside a word longer than that.
 */
export function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const room = max - 1;
  const wordEnd = text.charAt(room) === ' ' ? room : text.lastIndexOf(' ', room);
  let end = wordEnd > 0 ? wordEnd : room;
  // Never half of a surrogate pair.
  if (/[\uD800-\uDBFF]/.test(text.charAt(end - 1))) end--;
  const kept = text.slice(0, end).replace(/[\s,;:.!?\-–—]+$/u, '');
  return `${kept === '' ? text.slice(0, end) : kept}…`;
}
