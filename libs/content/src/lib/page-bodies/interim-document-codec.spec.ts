import { ReferenceSchema } from '@docs/platform/testing';
import { documentToMarkdown, markdownToDocument } from './interim-document-codec';
import { documentBytes, emptyDocument, parseDocumentBytes } from './page-document';

describe('interim document codec (paragraphs and headings)', () => {
  const markdown = '# Title\n\nFirst paragraph\non two lines.\n\n## Section\n\n### Sub\n\nLast.\n';

  it('round-trips markdown through a document that the reference accepts', () => {
    const document = markdownToDocument(markdown);
    expect(document.nodes.map((node) => node.type)).toEqual(['heading-1', 'paragraph', 'heading-2', 'heading-3', 'paragraph']);
    expect(ReferenceSchema.load().validateSchema('JSONDocument', document)).toEqual([]);
    expect(documentToMarkdown(document)).toBe(markdown);
    expect(documentToMarkdown(markdownToDocument(documentToMarkdown(document)))).toBe(markdown);
  });

  it('gives empty markdown an empty document', () => {
    expect(markdownToDocument('')).toEqual(emptyDocument());
    expect(documentToMarkdown(emptyDocument())).toBe('');
  });
});

describe('stored documents', () => {
  it('are canonical JSON (equal documents, equal bytes) and empty ones are not stored', () => {
    const a = { object: 'document' as const, data: { b: 1, a: 2 }, nodes: [{ object: 'block', type: 'paragraph', nodes: [] }] };
    const b = { nodes: a.nodes, data: { a: 2, b: 1 }, object: 'document' as const };
    expect(documentBytes(a)?.equals(documentBytes(b) as Buffer)).toBe(true);
    expect(parseDocumentBytes(documentBytes(a) as Buffer)).toEqual(a);
    expect(documentBytes(emptyDocument())).toBeNull();
  });
});
