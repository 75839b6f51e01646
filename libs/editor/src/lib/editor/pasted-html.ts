// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- turndown-plugin-gfm ships no types
/// <reference path="./turndown-plugin-gfm.d.ts" />
import TurndownService from 'turndown';
import { gfm } from 'turndown-plugin-gfm';

let turndown: TurndownService | undefined;

/**
 * Pasted HTML as markdown, written as the importer writes HTML (turndown with the GFM plugin,
 * `#` headings, fenced code, `-` bullets, `*` emphasis), so a paste reads as an import would.
 * Scripts, styles and form controls are never content.
 */
export function pastedHtmlToMarkdown(html: string): string {
  if (!turndown) {
    turndown = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-', emDelimiter: '*' });
    turndown.use(gfm);
    turndown.remove(['script', 'style', 'noscript', 'iframe', 'object', 'embed', 'form', 'button', 'input', 'select', 'textarea', 'meta', 'link'] as TurndownService.Filter);
  }
  return turndown.turndown(html);
}

/** Plain text that reads as markdown: a heading, a list, a quote, a fence, a table, or inline markup. */
export function looksLikeMarkdown(text: string): boolean {
  return /^(#{1,6}\s|\s*[-*+]\s|\s*\d+\.\s|>\s?|```|\|.+\|\s*$|\{%)/m.test(text) || /(\*\*[^*\n]+\*\*|\[[^\]\n]+\]\([^)\s]+\)|`[^`\n]+`|~~[^~\n]+~~)/.test(text);
}
