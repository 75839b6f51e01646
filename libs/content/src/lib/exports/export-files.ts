import { Document, isMap, isScalar, Scalar, visit } from 'yaml';
import { posix } from 'node:path';
import type { PageTreeNode } from '../content-reads/content-reader.service';
import type { Variables } from '../reusable-contents/reusable-content-entry';
import { slugFromTitle } from '../pages/page-slugs';
import type { ExportLayout } from './export-layout';

/**
 * The texts of GitBook's Git Sync files, as GitBook writes them: YAML front matter in GitBook's
 * style (long descriptions folded `>-` at 80 columns, single quotes), the title as a first-level heading, the
 * body; SUMMARY.md with `##` groups; `.gitbook/includes` files with a `title`; `.gitbook/vars.yaml`.
 * Pure: the bodies come rendered (`documentToMarkdown`) by the caller.
 */

/** What a page file says besides its body. */
export interface PageFileFields {
  title: string;
  emoji: string | null;
  description: string | null;
  hidden: boolean;
  noIndex: boolean;
  /** Canonical JSON of the page's own variables (null: none). */
  variables: string | null;
}

/**
 * YAML as GitBook writes front matter and `vars.yaml` (its serializer is js-yaml's: checked on the
 * 250 front matters of the corpus GitBook wrote): a string too long for its line (more than 80
 * columns less its indentation) folded `>-` at 80 columns, others plain or in single quotes.
 */
function dump(data: Record<string, unknown>): string {
  const document = new Document(data);
  visit(document, {
    Pair(_, pair, path) {
      const depth = path.filter((node) => isMap(node)).length;
      if (isScalar(pair.value) && typeof pair.value.value === 'string' && !pair.value.value.includes('\n') && pair.value.value.length > 80 - 2 * depth) {
        pair.value.type = Scalar.BLOCK_FOLDED;
      }
    },
  });
  return document.toString({ lineWidth: 80, minContentWidth: 0, singleQuote: true });
}

/** A page's title as GitBook shows it in files: its emoji first. */
export function displayTitle(page: { title: string; emoji: string | null }): string {
  return page.emoji ? `${page.emoji} ${page.title}` : page.title;
}

/** `---` front matter (only when there is something to say), `# Title`, then the body. */
export function pageFileText(page: PageFileFields, body: string): string {
  const front: Record<string, unknown> = {};
  if (page.description) front.description = page.description;
  if (page.hidden) front.hidden = true;
  if (page.noIndex) front.noIndex = true;
  const vars = page.variables ? (JSON.parse(page.variables) as Variables) : null;
  if (vars && Object.keys(vars).length > 0) front.vars = vars;
  const header = Object.keys(front).length > 0 ? `---\n${dump(front)}---\n\n` : '';
  return `${header}# ${displayTitle(page)}\n\n${body}`;
}

/** A reusable content as GitBook keeps it in `.gitbook/includes`: its title in front matter. */
export function includeFileText(title: string, body: string): string {
  return `---\n${dump({ title })}---\n\n${body}`;
}

/** `.gitbook/vars.yaml`: the space's variables; undefined when it has none. */
export function varsFileText(variables: Variables): string | undefined {
  return Object.keys(variables).length > 0 ? dump(variables) : undefined;
}

/** `.gitbook.yaml` of a new export: the readme and summary named (paths relative to it). */
export function layoutFileText(layout: Pick<ExportLayout, 'readme' | 'summary'>): string {
  return `root: ./\n\nstructure:\n  readme: ${layout.readme}\n  summary: ${layout.summary}\n`;
}

/**
 * SUMMARY.md: the tree as nested lists of links, groups as `##` headings (with GitBook's anchor
 * when the group's slug is not its title's), link pages as links to their URL. A top-level page
 * after a group is listed in it: SUMMARY.md cannot say otherwise.
 */
export function summaryFileText(pages: readonly PageTreeNode[], layout: ExportLayout): string {
  const fromSummary = posix.dirname(layout.summary);
  const target = (page: PageTreeNode): string | undefined => {
    if (page.type === 'link') return page.href ?? undefined;
    const file = layout.pages.get(page.pageId)?.file;
    return file ? encodePath(fromSummary === '.' ? file : posix.relative(fromSummary, file)) : undefined;
  };
  const items = (list: readonly PageTreeNode[], depth: number): string[] =>
    list.flatMap((page) => {
      const href = target(page);
      const line = href === undefined ? [] : [`${'  '.repeat(depth)}* [${escapeLinkText(displayTitle(page))}](${href})`];
      return [...line, ...items(page.pages, href === undefined ? depth : depth + 1)];
    });
  const blocks: string[] = [];
  let loose: PageTreeNode[] = [];
  const flush = () => {
    if (loose.length > 0) blocks.push(items(loose, 0).join('\n'));
    loose = [];
  };
  for (const page of pages) {
    if (page.type !== 'group') {
      loose.push(page);
      continue;
    }
    flush();
    const slug = page.slug ?? slugFromTitle(page.title);
    const anchor = slug === slugFromTitle(page.title) ? '' : ` <a href="#${slug}" id="${slug}"></a>`;
    blocks.push(`## ${displayTitle(page)}${anchor}`);
    const inside = items(page.pages, 0);
    if (inside.length > 0) blocks.push(inside.join('\n'));
  }
  flush();
  return `# Table of contents\n\n${blocks.join('\n\n')}\n`;
}

/** SUMMARY.md links: the characters that would end or break a link target, percent-encoded. */
function encodePath(path: string): string {
  return path.replace(/[ ()<>%]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

function escapeLinkText(text: string): string {
  return text.replace(/[[\]\\]/g, '\\$&');
}
