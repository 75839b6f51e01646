import type { JSONDocument } from '@docs/document-model';
import { gitbookAnchor, rewriteImportedRefs, sourceKey } from './imported-refs';

describe('rewriteImportedRefs', () => {
  const targets = {
    pages: new Map([
      ['/guide', 'p-guide'],
      ['/guide/setup.md', 'p-setup'],
      ['https://docs.example.com/a', 'p-a'],
    ]),
    files: new Map([['/images/x.png', 'f-x']]),
  };
  const link = (url: string) => ({ object: 'inline', type: 'link', data: { ref: { kind: 'url', url } }, nodes: [] });
  const doc = (...urls: string[]) => ({ object: 'document', data: {}, nodes: [{ object: 'block', type: 'paragraph', nodes: urls.map(link) }] }) as unknown as JSONDocument;
  const refs = (document: JSONDocument) => (document.nodes[0] as unknown as { nodes: { data: { ref: unknown } }[] }).nodes.map((node) => node.data.ref);

  it('turns relative links to imported pages and files into references, with anchors', () => {
    const out = rewriteImportedRefs(doc('setup.md#install', './', '../images/x.png', 'setup', 'https://other.example.com/', '#local', 'missing.md'), 'file:///guide/README.md', targets);
    expect(refs(out)).toEqual([
      { kind: 'anchor', page: 'p-setup', anchor: 'install' },
      { kind: 'page', page: 'p-guide' },
      { kind: 'file', file: 'f-x' },
      { kind: 'page', page: 'p-setup' },
      { kind: 'url', url: 'https://other.example.com/' },
      { kind: 'url', url: '#local' },
      { kind: 'url', url: 'missing.md' },
    ]);
  });

  it('keys web pages by origin and path, folders without their index', () => {
    expect(sourceKey(new URL('https://docs.example.com/a/index.html?x=1'))).toBe('https://docs.example.com/a');
    expect(sourceKey(new URL('file:///guide/README.md'))).toBe('/guide');
    expect(refs(rewriteImportedRefs(doc('/a/'), 'https://docs.example.com/b', targets))).toEqual([{ kind: 'page', page: 'p-a' }]);
  });
});

describe('gitbookAnchor', () => {
  it("reads GitBook's id- anchors of headings that start with a digit as this platform's heading anchors", () => {
    expect(gitbookAnchor('id-6.-list-address-utxos')).toBe('6-list-address-utxos');
    expect(gitbookAnchor('id-2.-prepare')).toBe('2-prepare');
    expect(gitbookAnchor('identity')).toBe('identity');
    expect(gitbookAnchor('getting-started')).toBe('getting-started');
  });
});
