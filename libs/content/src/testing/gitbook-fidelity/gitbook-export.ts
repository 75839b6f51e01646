import { posix } from 'node:path';
import { parse as parseYaml } from 'yaml';

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
  /** With an anchor and a page as target: whether a heading of that page has it (a custom `<a id>`, else its title's). */
  anchorFound?: boolean;
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
  /** Code blocks of the listed pages and includes: fenced, and GitBook's `<pre>` (code with highlighted lines); `{% code %}` around one is the same block. */
  codeBlocks: number;
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

/**
 * The code blocks of a page: each fence (as `withoutFences` reads them: a closing fence is the
 * opening one's character, as long or longer, alone on its line) and each HTML `<pre>` block
 * outside fences (what GitBook writes for code with highlighted lines), read to its `</pre>`.
 * The `{% code %}` tags around either are options of that one block, not a block of their own.
 */
export function countCodeBlocks(text: string): number {
  let count = 0;
  let fence: string | undefined;
  let inPre = false;
  for (const line of text.split('\n')) {
    if (inPre) {
      inPre = !/<\/pre>/i.test(line);
      continue;
    }
    const run = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      if (run && run[0] === fence[0] && run.length >= fence.length && /^\s*[`~]+\s*$/.test(line)) fence = undefined;
    } else if (run) {
      fence = run;
      count++;
    } else if (/^\s*<pre[\s>]/i.test(line)) {
      count++;
      inPre = !/<\/pre>/i.test(line);
    }
  }
  return count;
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

/**
 * An anchor as a comparison key: GitBook's anchors (`id-` before a heading that starts with a
 * digit, dots kept: `#id-6.-list-utxos`) and this platform's (`#6-list-utxos`) name the same
 * heading, so anchors are compared without the prefix, in lower case, letters and digits only.
 */
export function anchorKey(anchor: string): string {
  return anchor
    .replace(/^id-(?=\d)/, '')
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

const HEADING = /^ {0,3}#{1,6}[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;
const HEADING_ID = /<a\s[^>]*\bid="([^"]*)"[^>]*>\s*<\/a>/;

/**
 * The anchors of a page's headings (outside fenced code), as comparison keys: a heading's own
 * `<a href="#id" id="id"></a>`, else its title without markup (GitBook derives the anchor from it).
 */
export function headingAnchors(text: string): Set<string> {
  const anchors = new Set<string>();
  for (const line of withoutFences(text).split('\n')) {
    const heading = HEADING.exec(line)?.[1];
    if (heading === undefined) continue;
    const custom = HEADING_ID.exec(heading)?.[1];
    const title = heading
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/<[^>]*>/g, '')
      .replace(/[*_`~\\]/g, '');
    anchors.add(anchorKey(custom ?? title));
  }
  return anchors;
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

/**
 * Where an export's content is, by its `.gitbook.yaml` (`root`, `structure.summary`), GitBook's
 * defaults without one: the files seen from the root, and the summary's path there.
 */
export function exportRoot(files: Map<string, Buffer>): { files: Map<string, Buffer>; summary: string } {
  let config: { root?: unknown; structure?: { summary?: unknown } } = {};
  try {
    config = (parseYaml(files.get('.gitbook.yaml')?.toString('utf8') ?? '') as typeof config) ?? {};
  } catch {
    // not YAML: GitBook's defaults
  }
  const clean = (value: unknown, fallback: string) => (typeof value === 'string' ? posix.normalize(value.replace(/^\.?\/+/, '')).replace(/\/+$/, '').replace(/^\.$/, '') : fallback);
  const root = clean(config.root, '');
  const summary = clean(config.structure?.summary, 'SUMMARY.md') || 'SUMMARY.md';
  if (!root) return { files, summary };
  const rooted = new Map<string, Buffer>();
  for (const [path, data] of files) if (path.startsWith(`${root}/`)) rooted.set(path.slice(root.length + 1), data);
  return { files: rooted, summary };
}

/** Reads an export (its files by path; the GitBook root at the top, or where `.gitbook.yaml` puts it). */
export function readGitbookExport(all: Map<string, Buffer>): GitbookExport {
  const { files, summary: summaryPath } = exportRoot(all);
  const text = (path: string) => files.get(path)?.toString('utf8') ?? '';
  // The summary's entries are relative to its folder.
  const summaryFolder = posix.dirname(summaryPath);
  const summary = readSummary(text(summaryPath)).map((item) => (item.kind === 'page' && item.path && summaryFolder !== '.' ? { ...item, path: posix.normalize(posix.join(summaryFolder, item.path)) } : item));
  const pages: string[] = [];
  for (const item of summary) if (item.kind === 'page' && item.path && !pages.includes(item.path)) pages.push(item.path);
  // Every file of `.gitbook/includes`, included or not (as the corpus counts them).
  const includes = [...files.keys()].filter((path) => path.startsWith('.gitbook/includes/') && /\.md$/i.test(path)).sort();
  const blocks = Object.fromEntries(BLOCK_NAMES.map((name) => [name, 0])) as Record<BlockName, number>;
  const links: ExportLink[] = [];
  let codeBlocks = 0;
  const anchorsOf = new Map<string, Set<string>>();
  for (const path of [...pages, ...includes]) {
    const body = withoutFences(text(path));
    for (const name of BLOCK_NAMES) blocks[name] += [...body.matchAll(BLOCK_PATTERNS[name])].length;
    codeBlocks += countCodeBlocks(text(path));
    for (const link of pageLinks(files, path, text(path))) {
      if (link.anchor && link.resolved && /\.md$/i.test(link.resolved)) {
        if (!anchorsOf.has(link.resolved)) anchorsOf.set(link.resolved, headingAnchors(text(link.resolved)));
        link.anchorFound = anchorsOf.get(link.resolved)!.has(anchorKey(link.anchor));
      }
      links.push(link);
    }
  }
  return { summary, pages, includes, blocks, codeBlocks, links, files };
}
