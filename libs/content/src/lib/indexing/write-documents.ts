import type { EntityManager } from 'typeorm';
import type { JSONDocument } from '@docs/document-model';
import type { BlobStore } from '../blobs/blob-store';
import { parseDocumentBytes } from '../page-bodies/page-document';

/** Documents held at once by default: a parsed page body costs about 10 KB of heap (measured on the import bench's pages). */
export const WRITE_DOCUMENTS_HELD = 500;

/**
 * The page documents of one write, parsed at most once while held and shared by every indexer. A
 * writer that has a document in hand when it stores it (`remember`) spares the indexers reading
 * and parsing it; a document the write did not produce (a moved page's) is read from the
 * BlobStore and parsed by the first indexer that needs it, for the others. At most `held`
 * documents are kept (beyond, `remember` keeps nothing and `load` reads back what it is asked
 * for), and the writer `release`s each batch of pages once every indexer has seen it: a write of
 * thousands of pages (an import) holds a batch of documents, not all of them.
 */
export class WriteDocuments {
  private readonly parsed = new Map<string, JSONDocument>();

  constructor(
    private readonly blobs: BlobStore,
    private readonly held = WRITE_DOCUMENTS_HELD,
  ) {}

  /** A document the write stored under `hash` (the object its bytes were made from); kept while there is room. */
  remember(hash: string, document: JSONDocument): void {
    if (this.parsed.size < this.held || this.parsed.has(hash)) this.parsed.set(hash, document);
  }

  /** The documents of these hashes (nulls skipped), reading and parsing only those not held. */
  async load(tx: EntityManager, hashes: readonly (string | null)[]): Promise<Map<string, JSONDocument>> {
    const wanted = [...new Set(hashes.filter((hash): hash is string => hash !== null))];
    const missing = wanted.filter((hash) => !this.parsed.has(hash));
    const found = new Map<string, JSONDocument>();
    if (missing.length > 0) {
      const bytes = await this.blobs.getMany(missing, tx);
      for (const [hash, data] of bytes) {
        const document = parseDocumentBytes(data);
        found.set(hash, document);
        this.remember(hash, document);
      }
    }
    for (const hash of wanted) {
      const document = this.parsed.get(hash);
      if (document) found.set(hash, document);
    }
    return found;
  }

  /** Drops these documents (every indexer has them): their memory goes back to the heap. */
  release(hashes: readonly (string | null)[]): void {
    for (const hash of hashes) if (hash !== null) this.parsed.delete(hash);
  }
}
