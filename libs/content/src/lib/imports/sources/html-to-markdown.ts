// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- turndown-plugin-gfm ships no types; projects compiling this file without its folder need the declaration named
/// <reference path="./turndown-plugin-gfm.d.ts" />
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import TurndownService from 'turndown';
import { gfm } from 'turndown-plugin-gfm';

export interface ConvertedHtml {
  /** The page's title: its first `<h1>` (removed from the body), else `<title>`. */
  title?: string;
  markdown: string;
  /** Absolute URLs of the images the markdown shows (http(s) and data: URLs). */
  images: string[];
  /** Absolute URLs of the links (for a crawl). */
  links: string[];
}

/** The little of the DOM used here (the project compiles without the DOM library). */
interface DomElement {
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): void;
  removeAttribute(name: string): void;
  remove(): void;
  querySelector(selector: string): DomElement | null;
  querySelectorAll(selector: string): Iterable<DomElement>;
  readonly attributes: Iterable<{ name: string }>;
  readonly textContent: string | null;
  innerHTML: string;
  replaceWith(node: DomElement): void;
}

/** Never content: code, styles, and the chrome around a page's main content. */
const DROPPED = 'script, style, noscript, template, iframe, object, embed, form, button, input, select, textarea, nav, header, footer, aside, link, meta';

const turndown = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-', emDelimiter: '*' });
turndown.use(gfm);
turndown.remove(['script', 'style', 'noscript', 'iframe', 'object', 'embed', 'form', 'button', 'input', 'select', 'textarea'] as TurndownService.Filter);

/**
 * HTML to markdown: linkedom parses, the main content is the page's `<main>`, `<article>` or
 * `[role=main]`, else what Mozilla's Readability extracts, else the body; scripts, styles, frames
 * and the navigation chrome are removed before anything else (no script survives into content);
 * relative URLs are made absolute against `baseUrl`; turndown (with the GFM plugin for tables)
 * writes the markdown. `extract: false` keeps the whole body (a converted Word document is all content).
 */
export function htmlToMarkdown(html: string, baseUrl: string, options: { extract?: boolean } = {}): ConvertedHtml {
  const { document } = parse(/<html[\s>]/i.test(html) ? html : `<!doctype html><html><head></head><body>${html}</body></html>`);
  const pageTitle = document.querySelector('title')?.textContent?.trim() || undefined;
  for (const element of [...document.querySelectorAll(DROPPED)]) element.remove();
  for (const element of [...document.querySelectorAll('*')]) {
    for (const attribute of [...element.attributes]) if (/^on/i.test(attribute.name)) element.removeAttribute(attribute.name);
  }
  absolutize(document, baseUrl);
  headTables(document);

  let main = document.querySelector('main, article, [role=main]');
  if (!main && options.extract !== false) {
    const extracted = new Readability(document.cloneNode(true) as never, { charThreshold: 0 }).parse();
    if (extracted?.content) main = parse(`<!doctype html><html><body>${extracted.content}</body></html>`).document.body;
  }
  const root = main ?? document.body;
  if (!root) return { title: pageTitle, markdown: '', images: [], links: [] };

  const h1 = root.querySelector('h1');
  const title = h1?.textContent?.trim() || pageTitle;
  if (h1 && h1.textContent?.trim() === title) h1.remove();
  const images = [...root.querySelectorAll('img[src]')].map((img) => img.getAttribute('src') as string).filter((src) => /^(https?|data):/i.test(src));
  const links = [...root.querySelectorAll('a[href]')].map((a) => a.getAttribute('href') as string).filter((href) => /^https?:/i.test(href));
  const markdown = turndown.turndown(root.innerHTML ?? '').trim();
  return { title, markdown: markdown ? `${markdown}\n` : '', images: [...new Set(images)], links: [...new Set(links)] };
}

/**
 * GFM tables need a header row: a table without one (Word's, through mammoth) gets its first row
 * as header, so that it becomes a markdown table rather than raw HTML.
 */
function headTables(document: DomDocument): void {
  for (const table of document.querySelectorAll('table')) {
    const row = table.querySelector('tr');
    if (!row || row.querySelector('th')) continue;
    for (const cell of [...row.querySelectorAll('td')]) {
      const th = document.createElement('th');
      th.innerHTML = cell.textContent?.trim() ?? '';
      cell.replaceWith(th);
    }
  }
}

interface DomDocument extends DomElement {
  createElement(name: string): DomElement;
  readonly body: DomElement | null;
  cloneNode(deep: boolean): unknown;
}

function parse(html: string): { document: DomDocument } {
  return parseHTML(html) as unknown as { document: DomDocument };
}

function absolutize(document: DomElement, baseUrl: string): void {
  const fix = (element: DomElement, attribute: string) => {
    const value = element.getAttribute(attribute);
    if (!value || value.startsWith('#') || /^data:/i.test(value)) return;
    try {
      const url = new URL(value, baseUrl);
      if (url.protocol === 'javascript:') element.removeAttribute(attribute);
      else element.setAttribute(attribute, url.href);
    } catch {
      element.removeAttribute(attribute);
    }
  };
  for (const img of document.querySelectorAll('img[src]')) fix(img, 'src');
  for (const a of document.querySelectorAll('a[href]')) fix(a, 'href');
}
