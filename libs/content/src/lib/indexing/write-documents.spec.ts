import type { EntityManager } from 'typeorm';
import type { JSONDocument } from '@docs/document-model';
import type { BlobStore } from '../blobs/blob-store';
import { documentBytes } from '../page-bodies/page-document';
import { WriteDocuments } from './write-documents';

const doc = (text: string): JSONDocument => ({ object: 'document', data: {}, nodes: [{ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }] }] as JSONDocument['nodes'] });

describe('WriteDocuments', () => {
  const tx = {} as EntityManager;
  const stored = new Map([
    ['a', documentBytes(doc('A')) as Buffer],
    ['b', documentBytes(doc('B')) as Buffer],
  ]);
  const reads: string[][] = [];
  const blobs = {
    getMany: async (hashes: string[]) => {
      reads.push(hashes);
      return new Map(hashes.filter((hash) => stored.has(hash)).map((hash) => [hash, stored.get(hash) as Buffer]));
    },
  } as unknown as BlobStore;

  beforeEach(() => (reads.length = 0));

  it('hands out what the write remembered without reading it, and reads and parses the others once for every indexer', async () => {
    const documents = new WriteDocuments(blobs);
    const remembered = doc('R');
    documents.remember('r', remembered);

    const first = await documents.load(tx, ['r', 'a', null, 'a']);
    expect(first.get('r')).toBe(remembered);
    expect(first.get('a')).toEqual(doc('A'));
    expect(reads).toEqual([['a']]);

    const second = await documents.load(tx, ['a', 'b', 'r']);
    expect(second.get('a')).toBe(first.get('a')); // the same parsed object: parsed once
    expect(second.get('b')).toEqual(doc('B'));
    expect(reads).toEqual([['a'], ['b']]);
  });

  it('holds at most its bound: beyond it a remembered document is read back when loaded, and released ones are let go', async () => {
    const documents = new WriteDocuments(blobs, 1);
    const remembered = doc('R');
    documents.remember('r', remembered);
    documents.remember('a', doc('not kept'));

    const first = await documents.load(tx, ['r', 'a']);
    expect(first.get('r')).toBe(remembered);
    expect(first.get('a')).toEqual(doc('A')); // read back: there was no room for it
    expect(reads).toEqual([['a']]);

    documents.release(['r', null]);
    const second = await documents.load(tx, ['a', 'b']);
    expect(second.get('a')).toEqual(doc('A'));
    expect(second.get('b')).toEqual(doc('B'));
    expect(reads).toEqual([['a'], ['a', 'b']]);
  });

  it('leaves out hashes the store does not have', async () => {
    const documents = new WriteDocuments(blobs);
    expect([...(await documents.load(tx, ['missing'])).keys()]).toEqual([]);
    expect(await documents.load(tx, [])).toEqual(new Map());
  });
});
