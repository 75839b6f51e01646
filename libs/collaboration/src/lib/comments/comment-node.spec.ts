import { markdownToDocument } from '@docs/document-model';
import { findNode, NODE_PREVIEW_MAX, nodePreview } from './comment-node';

describe('comment targets: nodes of a page body', () => {
  const document = markdownToDocument('# Install\n\nRun `npm ci` first.\n\n> Mind the **lock** file.\n> Really.\n\n```\nnpm ci\n```');

  it('finds blocks by key at any depth, and gives their text', () => {
    const keys: string[] = [];
    const walk = (nodes: any[]) => nodes.forEach((node) => (node.key && keys.push(node.key), walk(node.nodes ?? [])));
    walk(document.nodes as any[]);
    expect(keys.length).toBeGreaterThan(4);
    expect(nodePreview(findNode(document, keys[0])!)).toBe('Install');
    expect(nodePreview(findNode(document, keys[1])!)).toBe('Run npm ci first.');
    const quote = (document.nodes as any[]).find((node) => node.type === 'blockquote');
    expect(nodePreview(findNode(document, quote.key)!)).toBe('Mind the lock file. Really.');
    const nested = quote.nodes[0].key;
    expect(findNode(document, nested)).toBe(quote.nodes[0]);
  });

  it('undefined for a key the document does not have', () => {
    expect(findNode(document, 'nope')).toBeUndefined();
  });

  it('cuts long text', () => {
    const long = markdownToDocument('word '.repeat(1000));
    const preview = nodePreview(findNode(long, (long.nodes[0] as any).key)!);
    expect(preview.length).toBe(NODE_PREVIEW_MAX);
    expect(preview.endsWith('…')).toBe(true);
  });
});
