import { posix } from 'node:path';
import { documentToMarkdown, markdownToDocument } from '@docs/document-model';
import type { ExportLayout } from '../../lib/exports/export-layout';
import { layoutLinks } from '../../lib/exports/layout-links';
import { firstDifference, pageBody, RoundTripFigures } from './fidelity-report';
import type { GitbookExport } from './gitbook-export';

/**
 * The markdown round trip of an export's pages without a server: each listed page's body read
 * (`markdownToDocument`) and written back (`documentToMarkdown`) with the links of the export's
 * own layout (every item where the export has it: what an import records), and compared with
 * the file. It checks what a page read of an imported page checks (the converter and the
 * relative links), on every page of an archive, in a fraction of a second per hundred pages.
 */
export function converterRoundTrip(source: GitbookExport): RoundTripFigures {
  const layout = sourceLayout(source);
  const different: RoundTripFigures['different'] = [];
  let identical = 0;
  for (const path of source.pages) {
    const expected = pageBody(source.files.get(path)?.toString('utf8') ?? '');
    const links = layoutLinks(path, layout);
    const actual = documentToMarkdown(markdownToDocument(expected, links), links);
    if (actual === expected) identical++;
    else different.push({ path, ...firstDifference(expected, actual) });
  }
  return { pages: source.pages.length, identical, different };
}

/** The export's files as a layout: listed pages, `.gitbook/includes` and every other non-page file, each at its own path. */
export function sourceLayout(source: GitbookExport): ExportLayout {
  const pages: ExportLayout['pages'] = new Map();
  for (const path of source.pages) {
    const folder = /^readme\.md$/i.test(posix.basename(path)) ? posix.dirname(path) : path.replace(/\.md$/i, '');
    pages.set(path, { file: path, folder: folder === '.' ? '' : folder });
  }
  const includes = new Map(source.includes.map((path) => [path, path]));
  const files = new Map<string, string>();
  for (const path of source.files.keys()) {
    if (/\.(md|markdown|html?)$/i.test(path) || posix.basename(path).startsWith('.')) continue;
    files.set(path, path);
  }
  return { readme: 'README.md', summary: 'SUMMARY.md', pages, files, includes, vars: '.gitbook/vars.yaml' };
}
