import { posix } from 'node:path';
import { anchorKey, BLOCK_NAMES, BlockName, GitbookExport } from './gitbook-export';

/** The reads the measure needs (any HTTP client of the API): the JSON body of a 200, or a throw. */
export interface FidelityApi {
  get(path: string, query?: Record<string, string>): Promise<any>;
  /** Every item of a list, following `next.page`. */
  all(path: string, query?: Record<string, string>): Promise<any[]>;
}

export interface FidelityFigures {
  tree: { entries: number; inOrder: number; mismatches: string[] };
  /** GitBook's blocks, and `code blocks`: every code block (fenced or GitBook's `<pre>`) against every code block read back. */
  blocks: Record<BlockName | 'code blocks', { source: number; imported: number }>;
  links: {
    /** Distinct (page, target) pairs whose target is a listed page or a file of the export. */
    resolvable: number;
    resolvableOk: number;
    notOk: string[];
    /** Distinct (page, target page, anchor) triples of the links to a heading a listed page has: each must be `ok` for its anchor. */
    anchored: number;
    anchoredOk: number;
    anchoredNotOk: string[];
    /** Links to an anchor no heading of the target page has (broken in the source, as written): informative. */
    anchorsLacking: string[];
    /** Every internal link of a listed page whose target (and anchor) the export has, as written, and whether the report says `ok` for it at its anchor. */
    checked: { from: string; target: string; ok: boolean }[];
    /** Distinct (page, target) pairs whose target is not in the import (missing files, broken markers, unlisted pages). */
    unresolvable: number;
    unresolvableBroken: number;
    notBroken: string[];
    /** Distinct (page, page) pairs of the source, and those the links report lists (any status). */
    pageToPage: number;
    pageToPageReported: number;
    unreported: string[];
  };
  roundTrip: RoundTripFigures;
}

/** Pages read back as markdown against their files: how many are byte-identical, and where the others first differ. */
export interface RoundTripFigures {
  pages: number;
  identical: number;
  different: { path: string; line: number; expected: string; actual: string }[];
}

/** The first line where two texts differ (1-based), with both lines cut to 160 characters. */
export function firstDifference(expected: string, actual: string): { line: number; expected: string; actual: string } {
  const a = actual.split('\n');
  const e = expected.split('\n');
  let line = 0;
  while (line < Math.max(a.length, e.length) && a[line] === e[line]) line++;
  return { line: line + 1, expected: (e[line] ?? '<end>').slice(0, 160), actual: (a[line] ?? '<end>').slice(0, 160) };
}

interface TreePage {
  id: string;
  title: string;
  emoji?: string;
  type: string;
  pages?: TreePage[];
}

const ratio = (part: number, whole: number) => (whole === 0 ? 1 : part / whole);
export const percent = (part: number, whole: number) => `${(ratio(part, whole) * 100).toFixed(1)} %`;

/** The body of a page file as an import keeps it: without front matter and without the first-line `# title`. */
export function pageBody(text: string): string {
  let body = text.replace(/^\uFEFF/, '');
  const front = /^---\r?\n[\s\S]*?\r?\n---\r?\n?/.exec(body);
  if (front) body = body.slice(front[0].length);
  const heading = /^\s*#[ \t]+.+?(?:\r?\n|$)/.exec(body);
  if (heading) body = body.slice(heading[0].length);
  return body.replace(/^\s*\n/, '');
}

/** Block counts of documents read back as `format=document`. */
function countBlocks(document: unknown, into: Record<string, number>): void {
  // Code in an HTML table cell is GitBook's `<pre>`, which the source counts neither as `{% code %}` nor as a fence.
  const visit = (node: any, inTable: boolean) => {
    if (Array.isArray(node)) return node.forEach((child) => visit(child, inTable));
    if (!node || typeof node !== 'object') return;
    if (node.object === 'block' && !(inTable && node.type === 'code')) {
      const name = blockName(node);
      if (name) into[name] = (into[name] ?? 0) + 1;
      if (node.type === 'code') into['code blocks'] = (into['code blocks'] ?? 0) + 1;
    }
    visit(node.nodes, inTable);
    visit(node.fragments, inTable || node.type === 'table');
  };
  visit(document, false);
}

function blockName(node: { type?: string; data?: Record<string, any> }): BlockName | undefined {
  switch (node.type) {
    case 'hint':
    case 'tabs':
    case 'stepper':
    case 'content-ref':
    case 'embed':
    case 'file':
    case 'openapi-operation':
    case 'openapi-schemas':
      return node.type;
    case 'tabs-item':
      return 'tab';
    case 'stepper-step':
      return 'step';
    case 'code': {
      // `{% code %}` (a code block with options); one with highlighted lines is GitBook's `<pre>`.
      const data = node.data ?? {};
      const highlighted = ((node as { nodes?: { data?: { highlighted?: boolean } }[] }).nodes ?? []).some((line) => line.data?.highlighted);
      return !highlighted && (data.title !== undefined || data.lineNumbers !== undefined || data.overflow !== undefined || data.fullWidth !== undefined) ? 'code' : undefined;
    }
    case 'reusable-content':
      return 'include';
    case 'swagger':
      // The reference's OpenAPI block (type `swagger`): GitBook writes it `{% openapi src=... %}`.
      return 'openapi';
    case 'expandable':
      return 'details';
    case 'table':
      return node.data?.view?.type === 'cards' ? 'cards' : undefined;
    default:
      return undefined;
  }
}

/**
 * Measures an imported space against its source export: the tree against `SUMMARY.md` (kinds,
 * titles, depth, order), the GitBook blocks, the links report against the source's links, and the
 * markdown read back against each page's body.
 */
export async function measureFidelity(api: FidelityApi, spaceId: string, source: GitbookExport): Promise<FidelityFigures> {
  const base = `/v1/spaces/${spaceId}/content`;
  const tree: TreePage[] = (await api.get(`${base}/pages`)).pages;
  const flat: { depth: number; page: TreePage }[] = [];
  const walk = (pages: TreePage[], depth: number) => pages.forEach((page) => (flat.push({ depth, page }), walk(page.pages ?? [], depth + 1)));
  walk(tree, 0);

  // Tree: entry by entry, in order.
  const kindOf = { page: 'document', group: 'group', link: 'link' } as const;
  const mismatches: string[] = [];
  let inOrder = 0;
  // A title as SUMMARY.md writes it: the emoji first; a group's slug anchor is not part of it.
  const shown = (page: TreePage) => (page.emoji ? `${page.emoji} ${page.title}` : page.title);
  source.summary.forEach((item, i) => {
    const got = flat[i];
    const title = item.kind === 'group' ? item.title.replace(/\s*<a href="#[^"]*" id="[^"]*"><\/a>\s*$/, '') : item.title;
    const same = got && got.depth === item.depth && shown(got.page) === title && got.page.type === kindOf[item.kind];
    if (same) inOrder++;
    else if (mismatches.length < 20) mismatches.push(`#${i} expected ${item.kind} "${item.title}" at depth ${item.depth}, got ${got ? `${got.page.type} "${got.page.title}" at depth ${got.depth}` : 'nothing'}`);
  });
  if (flat.length > source.summary.length) mismatches.push(`${flat.length - source.summary.length} pages more than SUMMARY.md lists`);

  // The page of each listed file (its first entry when listed twice).
  const pageOf = new Map<string, string>();
  source.summary.forEach((item, i) => {
    if (item.kind === 'page' && item.path && flat[i] && !pageOf.has(item.path)) pageOf.set(item.path, flat[i].page.id);
  });
  const files: { id: string; name: string }[] = await api.all(`${base}/files`);
  const fileOf = new Map<string, string>();
  for (const file of files) if (!fileOf.has(file.name)) fileOf.set(file.name, file.id);

  // Blocks: every listed page's document and every reusable content's.
  const imported: Record<string, number> = {};
  for (const path of source.pages) {
    const id = pageOf.get(path);
    if (!id) continue;
    countBlocks((await api.get(`${base}/page/${id}`, { format: 'document' })).document, imported);
  }
  const space = await api.get(base);
  for (const reusable of space.reusableContents ?? []) {
    countBlocks(await api.get(`/v1/spaces/${spaceId}/revisions/${space.id}/reusable-contents/${reusable.id}/document`), imported);
  }
  const blocks = Object.fromEntries(
    [...BLOCK_NAMES, 'code blocks'].map((name) => [name, { source: name === 'code blocks' ? source.codeBlocks : source.blocks[name as BlockName], imported: imported[name] ?? 0 }]),
  ) as FidelityFigures['blocks'];

  // Links: what the report lists, as (location page, target) with statuses; a page target also
  // as (location page, target page, anchor) when it names a heading.
  const reported = new Map<string, Set<string>>();
  const report = (pair: string, status: string) => {
    if (!reported.has(pair)) reported.set(pair, new Set());
    reported.get(pair)!.add(status);
  };
  for (const item of await api.all(`/v1/spaces/${spaceId}/links`)) {
    const target = item.targetReference;
    const key = !target ? 'other' : target.kind === 'page' ? `page:${target.page.id}` : target.kind === 'file' ? `file:${target.file.id}` : `url:${target.url}`;
    const anchor = target?.kind === 'page' && target.internalLocation?.anchor ? anchorKey(target.internalLocation.anchor) : undefined;
    for (const location of item.locationReferences ?? []) {
      if (location.kind !== 'page') continue;
      report(`${location.page.id} ${key}`, item.status);
      if (anchor) report(`${location.page.id} ${key}#${anchor}`, item.status);
    }
  }
  const resolvable = new Map<string, string>();
  const anchored = new Map<string, string>();
  const unresolvable = new Map<string, string>();
  const pageToPage = new Map<string, string>();
  const checked: FidelityFigures['links']['checked'] = [];
  const anchorsLacking: string[] = [];
  for (const link of source.links) {
    const from = pageOf.get(link.from);
    if (!from || link.how === 'repetition') continue; // links of includes live in reusable contents; repetitions are their blocks
    const what = `${link.from} -> ${link.target}`;
    const targetPage = link.resolved ? pageOf.get(link.resolved) : undefined;
    const targetFile = link.resolved && !targetPage && source.files.has(link.resolved) && !/\.md$/i.test(link.resolved) ? fileOf.get(posix.basename(link.resolved)) : undefined;
    if (targetPage) {
      const pair = `${from} page:${targetPage}`;
      resolvable.set(pair, what);
      if (targetPage !== from) pageToPage.set(pair, what);
      const anchor = link.anchor ? anchorKey(link.anchor) : '';
      if (anchor && link.anchorFound) anchored.set(`${pair}#${anchor}`, what);
      if (anchor && link.anchorFound === false && !anchorsLacking.includes(what)) anchorsLacking.push(what);
      if (!anchor || link.anchorFound) checked.push({ from: link.from, target: link.target, ok: !!reported.get(anchor ? `${pair}#${anchor}` : pair)?.has('ok') });
    } else if (targetFile) {
      resolvable.set(`${from} file:${targetFile}`, what);
      checked.push({ from: link.from, target: link.target, ok: !!reported.get(`${from} file:${targetFile}`)?.has('ok') });
    } else unresolvable.set(`${from} ${link.target}`, what);
  }
  const notOk = [...resolvable].filter(([pair]) => !reported.get(pair)?.has('ok')).map(([, what]) => what);
  const anchoredNotOk = [...anchored].filter(([key]) => !reported.get(key)?.has('ok')).map(([, what]) => what);
  const brokenOf = (pair: string) => {
    const [from] = pair.split(' ');
    const target = pair.slice(from.length + 1);
    return [...reported].some(([key, statuses]) => key.startsWith(`${from} `) && statuses.has('broken') && key.includes(target.split('#')[0]));
  };
  const notBroken = [...unresolvable].filter(([pair]) => !brokenOf(pair)).map(([, what]) => what);
  const unreported = [...pageToPage].filter(([pair]) => !reported.has(pair)).map(([, what]) => what);

  // Round trip: each listed page's markdown against its body.
  const different: FidelityFigures['roundTrip']['different'] = [];
  let identical = 0;
  for (const path of source.pages) {
    const id = pageOf.get(path);
    const expected = pageBody(source.files.get(path)?.toString('utf8') ?? '');
    const actual = id ? ((await api.get(`${base}/page/${id}`, { format: 'markdown' })).markdown ?? '') : '';
    if (actual === expected) identical++;
    else different.push({ path, ...firstDifference(expected, actual) });
  }

  return {
    tree: { entries: source.summary.length, inOrder, mismatches },
    blocks,
    links: {
      resolvable: resolvable.size,
      resolvableOk: resolvable.size - notOk.length,
      notOk,
      anchored: anchored.size,
      anchoredOk: anchored.size - anchoredNotOk.length,
      anchoredNotOk,
      anchorsLacking,
      checked,
      unresolvable: unresolvable.size,
      unresolvableBroken: unresolvable.size - notBroken.length,
      notBroken,
      pageToPage: pageToPage.size,
      pageToPageReported: pageToPage.size - unreported.length,
      unreported,
    },
    roundTrip: { pages: source.pages.length, identical, different },
  };
}
