import type { Readable } from 'node:stream';
import type { EntityManager } from 'typeorm';

/** A blob once stored: its SHA-256 (lower-case hex) and its size in bytes. */
export interface StoredBlob {
  hash: string;
  size: number;
}

/**
 * Where content bytes live (page documents, uploaded files), addressed by their SHA-256 and
 * stored once whatever the number of pages, revisions or spaces that use them. The PostgreSQL
 * implementation is the only one today; another store (a folder, S3) implements this class.
 * `put` takes the write's transaction so that a blob commits with the revision that uses it.
 */
export abstract class BlobStore {
  abstract put(tx: EntityManager, data: Buffer): Promise<StoredBlob>;

  /** `put` for many blobs at once (a write of many pages): one round trip rather than one per blob. */
  abstract putMany(tx: EntityManager, data: readonly Buffer[]): Promise<StoredBlob[]>;

  /** The bytes of each hash found (a missing hash is absent from the map). */
  abstract getMany(hashes: string[], tx?: EntityManager): Promise<Map<string, Buffer>>;

  /** The bytes of one blob as a stream of chunks; undefined when no blob has this hash. */
  abstract stream(hash: string): Promise<Readable | undefined>;
}
