import { DOCUMENT_MAX_DEPTH, documentDepth, markdownToDocument } from '../index';

describe('documentDepth', () => {
  it('measures nodes and fragments', () => {
    expect(documentDepth(markdownToDocument('text'))).toBe(2); // document > paragraph > text
    expect(documentDepth(markdownToDocument('<details>\n\n<summary>T</summary>\n\n* a\n\n</details>\n'))).toBe(6);
  });

  it('measures a hostile document without overflowing the stack', () => {
    let node: any = { object: 'text', leaves: [] };
    for (let i = 0; i < 20_000; i++) node = { object: 'block', type: 'blockquote', nodes: [node] };
    expect(documentDepth({ object: 'document', data: {}, nodes: [node] })).toBe(20_001);
    expect(documentDepth({ object: 'document', data: {}, nodes: [node] })).toBeGreaterThan(DOCUMENT_MAX_DEPTH);
  });

  it('markdown never nests beyond the bound', () => {
    expect(documentDepth(markdownToDocument('>'.repeat(10_000) + ' deep'))).toBeLessThanOrEqual(DOCUMENT_MAX_DEPTH);
    expect(documentDepth(markdownToDocument(Array.from({ length: 500 }, (_, i) => `${'  '.repeat(i)}- item`).join('\n')))).toBeLessThanOrEqual(DOCUMENT_MAX_DEPTH);
  });
});
