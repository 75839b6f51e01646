import { markdownToDocument } from '@docs/document-model';
import { documentKeys } from './document-keys';

describe('documentKeys', () => {
  it('gives the keys of blocks and inlines at any depth, fragments included, never of texts', () => {
    const document = {
      object: 'document',
      data: {},
      nodes: [
        { object: 'block', type: 'paragraph', key: 'p1', nodes: [{ object: 'text', key: 't1', leaves: [] }] },
        { object: 'block', type: 'tabs', key: 'tabs', nodes: [{ object: 'block', type: 'tabs-item', key: 'tab', nodes: [{ object: 'inline', type: 'link', key: 'l1', nodes: [] }] }] },
        { object: 'block', type: 'hint', key: 'h', fragments: [{ object: 'fragment', key: 'f1', nodes: [] }] },
      ],
    };
    expect([...documentKeys(document)].sort()).toEqual(['f1', 'h', 'l1', 'p1', 'tab', 'tabs']);
  });

  it('reads a document the markdown converter made, and anything else as no key', () => {
    const keys = documentKeys(markdownToDocument('# Title\n\n- one\n- two'));
    expect(keys.size).toBeGreaterThanOrEqual(4);
    expect(documentKeys(null).size).toBe(0);
    expect(documentKeys({ nodes: 'not a list' }).size).toBe(0);
  });
});
