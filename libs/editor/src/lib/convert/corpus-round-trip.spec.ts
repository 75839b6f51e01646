import { posix } from 'node:path';
import { markdownToDocument } from '@docs/document-model';
import { CORPUS_ARCHIVES, corpusArchive, pageBody, readGitbookExport, readZipFiles } from '@docs/content/testing';
import type { ContentRef } from '../model/content-ref';
import type { DocNode } from '../model/doc-node';
import { fromEditorDoc } from './from-editor-doc';
import { toEditorDoc } from './to-editor-doc';
import { canonicalText } from './canonical-text';

/**
 * Links of an export read as an import reads them: a relative path to a page as that page (its
 * path as id), an asset as a file, an include as a reusable content, `#x` as an anchor. So the
 * documents hold page, anchor, file and reusable-content references as imported pages do.
 */
function exportLinks(from: string, files: Map<string, Buffer>) {
  return {
    refOfUrl(url: string): ContentRef | undefined {
      if (/^[a-z][a-z0-9+.-]*:/i.test(url)) return undefined;
      if (url.startsWith('#')) return { kind: 'anchor', anchor: url.slice(1) };
      const [path, anchor] = url.split('#');
      const target = posix.normalize(posix.join(posix.dirname(from), decodeURIComponent(path)));
      if (target.includes('.gitbook/includes/')) return { kind: 'reusable-content', reusableContent: target };
      if (target.includes('.gitbook/assets/')) return { kind: 'file', file: target };
      const page = files.has(target) ? target : files.has(`${target}/README.md`) ? `${target}/README.md` : undefined;
      if (!page) return undefined;
      return anchor ? { kind: 'anchor', page, anchor } : { kind: 'page', page };
    },
  };
}

describe.each(CORPUS_ARCHIVES)('every page of the %s export', (archive) => {
  let pages: { path: string; document: DocNode }[];

  beforeAll(async () => {
    const source = readGitbookExport(await readZipFiles(corpusArchive(archive)));
    pages = source.pages.map((path) => ({ path, document: markdownToDocument(pageBody(source.files.get(path)!.toString('utf8')), exportLinks(path, source.files)) as unknown as DocNode }));
  });

  it('is written back as it was read (the page saved unchanged writes no revision)', () => {
    for (const { path, document } of pages) expect({ path, document: fromEditorDoc(toEditorDoc(document)) }).toEqual({ path, document });
  });

  it('is rebuilt from the editor content alone as it was read (every node, key and field), up to the order of a leaf`s marks', () => {
    for (const { path, document } of pages) expect({ path, document: fromEditorDoc(toEditorDoc(document), { reuse: false }) }).toEqual({ path, document: canonicalText(document) });
  });

  it('maps every block: none is kept as an unknown block', () => {
    for (const { path, document } of pages) {
      const unknown: string[] = [];
      toEditorDoc(document).descendants((node) => {
        if (node.type.name === 'unknownBlock' || node.type.name === 'unknownInline') unknown.push(`${path}: ${node.attrs['json'].type}`);
      });
      expect(unknown).toEqual([]);
    }
  });
});
