import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { documentToMarkdown, markdownToDocument } from '../index';
import { DocNode } from './document-nodes';
import { MARKDOWN_CORPUS, referenceDocumentValidator } from '../testing';

const CORPUS = MARKDOWN_CORPUS;
const files = readdirSync(CORPUS).filter((name) => name.endsWith('.md')).sort();
const read = (name: string) => readFileSync(join(CORPUS, name), 'utf8');

function blockTypes(document: unknown): Set<string> {
  const types = new Set<string>();
  const visit = (node: DocNode) => {
    if (node.object === 'block' && node.type) types.add(node.type);
    if (node.object === 'inline' && node.type) types.add(`inline:${node.type}`);
    for (const leaf of node.leaves ?? []) for (const mark of leaf.marks) types.add(`mark:${mark.type}`);
    node.fragments?.forEach(visit);
    node.nodes?.forEach(visit);
  };
  visit(document as DocNode);
  return types;
}

describe('the markdown corpus', () => {
  const validator = referenceDocumentValidator();

  it('has files', () => {
    expect(files.length).toBeGreaterThanOrEqual(8);
  });

  describe.each(files)('%s', (name) => {
    const markdown = read(name);

    it('converts to a document that validates against the reference JSONDocument', () => {
      expect(validator.problem(markdownToDocument(markdown), 'document')).toBeUndefined();
    });

    it('round-trips stably: a second markdown -> document -> markdown gives identical output', () => {
      const first = documentToMarkdown(markdownToDocument(markdown));
      const second = documentToMarkdown(markdownToDocument(first));
      expect(second).toBe(first);
      expect(markdownToDocument(second)).toEqual(markdownToDocument(first));
    });

    it('written back, still validates', () => {
      const again = markdownToDocument(documentToMarkdown(markdownToDocument(markdown)));
      expect(validator.problem(again, 'document')).toBeUndefined();
    });
  });

  it('covers every block type, inline and mark the conversion knows', () => {
    const seen = new Set<string>();
    for (const name of files) for (const type of blockTypes(markdownToDocument(read(name)))) seen.add(type);
    expect([...seen].sort()).toEqual(
      expect.arrayContaining([
        'paragraph', 'heading-1', 'heading-2', 'heading-3', 'list-unordered', 'list-ordered', 'list-tasks', 'list-item',
        'code', 'code-line', 'blockquote', 'hint', 'table', 'images', 'image', 'file', 'embed', 'tabs', 'tabs-item',
        'expandable', 'stepper', 'stepper-step', 'content-ref', 'math', 'divider',
        'inline:link', 'inline:inline-image', 'inline:inline-math',
        'mark:bold', 'mark:italic', 'mark:strikethrough', 'mark:code', 'mark:superscript', 'mark:subscript', 'mark:keyboard',
      ]),
    );
  });
});
