import { posix } from 'node:path';

/**
 * What a GitBook Git Sync export holds, read from its files alone by GitBook's rules, independently
 * of the importer (so the importer is measured against the source, not against itself): the page
 * tree of `SUMMARY.md`, the GitBook blocks of the listed pages and includes, their internal links
 * and where each one lands. The rules are those of `../shared/corpus/README.md`: a link is
 * resolved when its target, taken relative to the page, is a file of the export or a folder with a
 * `README.md`; text inside fenced code blocks is not counted.
 */
export interface SummaryItem {
  depth: number;
  title: string;
  /** The file, relative to the root; undefined for a group heading; the URL for an external link. */
  path?: string;
  kind: 'page' | 'group' | 'link';
}

export interface ExportLink {
  /** The page (or include) it is written in. */
  from: string;
  /** As written. */
  target: string;
  /** `repetition`: GitBook's copy of an OpenAPI block's spec between its tags (the block, not the text, is the reference). */
  how: 'markdown' | 'html' | 'content-ref' | 'mention' | 'repetition';
  /** The file it lands on (a page's `.md`, an asset), or undefined when it lands nowhere. */
  resolved?: string;
  /** The anchor after `#`, decoded. */
  anchor?: string;
  /** A GitBook broken-link marker (`broken-reference`, `/broken/pages/<id>`). */
  marker: boolean;
}

export type BlockName =
  | 'hint'
  | 'tabs'
  | 'tab'
  | 'stepper'
  | 'step'
  | 'code'
  | 'content-ref'
  | 'include'
  | 'embed'
  | 'file'
  | 'swagger'
  | 'openapi'
  | 'openapi-operation'
  | 'openapi-schemas'
  | 'details'
  | 'cards';

export const BLOCK_NAMES: BlockName[] = ['hint', 'tabs', 'tab', 'stepper', 'step', 'code', 'content-ref', 'include', 'embed', 'file', 'swagger', 'openapi', 'openapi-operation', 'openapi-schemas', 'details', 'cards'];

export interface GitbookExport {
  summary: SummaryItem[];
  /** Files of the listed pages, in summary order (each once). */
  pages: string[];
  /** The files of `.gitbook/includes`. */
  includes: string[];
  blocks: Record<BlockName, number>;
  links: ExportLink[];
  /** Every file of the export by path. */
  files: Map<string, Buffer>;
}

const ITEM = /^(\s*)[*+-]\s+\[((?:[^\]\\]|\\.)*)\]\(\s*<?([^)>]+?)>?(?:\s+"[^"]*")?\s*\)/;
const GROUP = /^#{2,3}\s+(.+?)\s*#*\s*$/;
const URL_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** `SUMMARY.md` as items in order, with their depth. */
export function readSummary(text: string): SummaryItem[] {
  const items: SummaryItem[] = [];
  let inGroup = false;
  const indents: number[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/\t/g, '    ');
    const group = GROUP.exec(line);
    if (group) {
      items.push({ depth: 0, title: group[1], kind: 'group' });
      inGroup = true;
      indents.length = 0;
      continue;
    }
    const item = ITEM.exec(line);
    if (!item) continue;
    const indent = item[1].length;
    while (indents.length > 0 && indents[indents.length - 1] >= indent) indents.pop();
    indents.push(indent);
    const target = item[3].trim();
    const title = item[2].replace(/\\(.)/g, '$1').trim();
    const depth = indents.length - 1 + (inGroup ? 1 : 0);
    if (URL_SCHEME.test(target)) items.push({ depth, title, path: target, kind: 'link' });
    else items.push({ depth, title, path: decode(target.split('#')[0]), kind: 'page' });
  }
  return items;
}

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The text of a page with fenced code blocks blanked (their lines kept, so positions stay). */
export function withoutFences(text: string): string {
  const lines = text.split('\n');
  let fence: { char: string; length: number } | undefined;
  return lines
    .map((line) => {
      const open = /^\s*(`{3,}|~{3,})/.exec(line);
      if (!fence) {
        if (open) fence = { char: open[1][0], length: open[1].length };
        return line;
      }
      const close = /^\s*(`{3,}|~{3,})\s*$/.exec(line);
      if (close && close[1][0] === fence.char && close[1].length >= fence.length) {
        fence = undefined;
        return line;
      }
      return '';
    })
    .join('\n');
}

const BLOCK_PATTERNS: Record<BlockName, RegExp> = {
  hint: /\{%\s*hint\b/g,
  tabs: /\{%\s*tabs\s*%\}/g,
  tab: /\{%\s*tab\s/g,
  stepper: /\{%\s*stepper\s*%\}/g,
  step: /\{%\s*step\s*%\}/g,
  code: /\{%\s*code\b/g,
  'content-ref': /\{%\s*content-ref\b/g,
  include: /\{%\s*include\b/g,
  embed: /\{%\s*embed\b/g,
  file: /\{%\s*file\b/g,
  swagger: /\{%\s*swagger\b/g,
  openapi: /\{%\s*openapi\s+src=/g,
  'openapi-operation': /\{%\s*openapi-operation\b/g,
  'openapi-schemas': /\{%\s*openapi-schemas\b/g,
  details: /<details\b/g,
  cards: /<table\b[^>]*\bdata-view="cards"/g,
};

/**
 * Where a link written in `from` lands, by GitBook's rules: relative to the file's folder (a leading
 * `/` from the root), `%xx` decoded, `#anchor` and `?query` apart; a file of the export, or a
 * folder (`x/`, or `x` naming a folder) with a `README.md`.
 */
export function resolveExportLink(files: { has(path: string): boolean }, from: string, target: string): { resolved?: string; anchor?: string } {
  const hash = target.indexOf('#');
  const anchor = hash >= 0 ? decode(target.slice(hash + 1)) || undefined : undefined;
  const pathPart = decode((hash >= 0 ? target.slice(0, hash) : target).split('?')[0]);
  if (pathPart === '') return { resolved: from, anchor };
  const joined = pathPart.startsWith('/') ? pathPart.slice(1) : posix.join(posix.dirname(from), pathPart);
  const normalized = posix.normalize(joined).replace(/\/+$/, '');
  const normal = normalized === '.' ? '' : normalized;
  if (normal.startsWith('..')) return { anchor };
  if (!pathPart.endsWith('/') && files.has(normal)) return { resolved: normal, anchor };
  const readme = normal === '' ? 'README.md' : `${normal}/README.md`;
  if (files.has(readme)) return { resolved: readme, anchor };
  return { anchor };
}

const MARKDOWN_LINK = /(!?)\[((?:[^\][]|\[(?:[^\][]|\[[^\]]*\])*\])*)\]\(\s*<?([^\s)>]*)>?(?:\s+"([^"]*)")?\s*\)/g;
const HTML_LINK = /<a\s[^>]*?href="([^"]*)"/g;
const CONTENT_REF = /\{%\s*content-ref\s+url="([^"]*)"\s*%\}([\s\S]*?)\{%\s*endcontent-ref\s*%\}/g;
const OPENAPI_BLOCK = /\{%\s*(openapi|openapi-operation|openapi-schemas|swagger)\s[^%]*%\}[\s\S]*?\{%\s*end\1\s*%\}/g;
const BROKEN = /^(broken-reference|\/?broken\/pages\/)/;

/** The internal links of one page (or include), in order. */
export function pageLinks(files: { has(path: string): boolean }, from: string, text: string): ExportLink[] {
  const links: ExportLink[] = [];
  // Content references on their own row; the repetition of the target between their tags is a
  // markdown link like any other (the corpus counts it among the internal links).
  const body = withoutFences(text);
  for (const match of body.matchAll(CONTENT_REF)) links.push(link(files, from, match[1], 'content-ref'));
  const repetitions = [...body.matchAll(OPENAPI_BLOCK)].map((match) => [match.index ?? 0, (match.index ?? 0) + match[0].length]);
  const visit = (markdown: string, offset: number) => {
    for (const match of markdown.matchAll(MARKDOWN_LINK)) {
      const [, bang, label, target, title] = match;
      // A link around an image: its label holds the image.
      if (label.includes('](')) visit(label, offset + (match.index ?? 0) + 1 + bang.length);
      if (bang || !isInternal(target)) continue;
      const at = offset + (match.index ?? 0);
      const repetition = repetitions.some(([start, end]) => at >= start && at < end);
      links.push(link(files, from, target, repetition ? 'repetition' : title === 'mention' ? 'mention' : 'markdown'));
    }
  };
  visit(body, 0);
  for (const match of body.matchAll(HTML_LINK)) if (isInternal(match[1])) links.push(link(files, from, match[1], 'html'));
  return links;
}

function isInternal(target: string): boolean {
  return target !== '' && !target.startsWith('#') && !URL_SCHEME.test(target) && !target.startsWith('//');
}

function link(files: { has(path: string): boolean }, from: string, target: string, how: ExportLink['how']): ExportLink {
  const marker = BROKEN.test(target);
  return { from, target, how, marker, ...(marker ? {} : resolveExportLink(files, from, target)) };
}

/** Reads an export (its files by path, the GitBook root at the top). */
export function readGitbookExport(files: Map<string, Buffer>): GitbookExport {
  const text = (path: string) => files.get(path)?.toString('utf8') ?? '';
  const summary = readSummary(text('SUMMARY.md'));
  const pages: string[] = [];
  for (const item of summary) if (item.kind === 'page' && item.path && !pages.includes(item.path)) pages.push(item.path);
  // Every file of `.gitbook/includes`, included or not (as the corpus counts them).
  const includes = [...files.keys()].filter((path) => path.startsWith('.gitbook/includes/') && /\.md$/i.test(path)).sort();
  const blocks = Object.fromEntries(BLOCK_NAMES.map((name) => [name, 0])) as Record<BlockName, number>;
  const links: ExportLink[] = [];
  for (const path of [...pages, ...includes]) {
    const body = withoutFences(text(path));
    for (const name of BLOCK_NAMES) blocks[name] += [...body.matchAll(BLOCK_PATTERNS[name])].length;
    links.push(...pageLinks(files, path, text(path)));
  }
  return { summary, pages, includes, blocks, links, files };
}
