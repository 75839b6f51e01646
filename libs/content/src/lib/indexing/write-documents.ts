import type { EntityManager } from 'typeorm';
import type { BlobStore } from '../blobs/blob-store';
import type { JSONDocument } from '../page-bodies/document-codec';
import { parseDocumentBytes } from '../page-bodies/page-document';

/**
 * The page documents of one write, parsed at most once and shared by every indexer. A writer that
 * has a document in hand when it stores it (`remember`) spares the indexers reading and parsing
 * it; a document the write did not produce (a moved page's) is read from the BlobStore and parsed
 * by the first indexer that needs it, for the others. Lives as long as the write.
 */
export class WriteDocuments {
  private readonly parsed = new Map<string, JSONDocument>();

  constructor(private readonly blobs: BlobStore) {}

  /** A document the write stored under `hash` (the object its bytes were made from). */
  remember(hash: string, document: JSONDocument): void {
    this.parsed.set(hash, document);
  }

  /** The documents of these hashes (nulls skipped), reading and parsing only those not known yet. */
  async load(tx: EntityManager, hashes: readonly (string | null)[]): Promise<Map<string, JSONDocument>> {
    const wanted = [...new Set(hashes.filter((hash): hash is string => hash !== null))];
    const missing = wanted.filter((hash) => !this.parsed.has(hash));
    if (missing.length > 0) {
      const bytes = await this.blobs.getMany(missing, tx);
      for (const [hash, data] of bytes) this.parsed.set(hash, parseDocumentBytes(data));
    }
    const found = new Map<string, JSONDocument>();
    for (const hash of wanted) {
      const document = this.parsed.get(hash);
      if (document) found.set(hash, document);
    }
    return found;
  }
}
