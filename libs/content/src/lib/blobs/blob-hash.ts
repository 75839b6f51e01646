import { createHash } from 'node:crypto';

/** The content address of a blob: SHA-256, lower-case hex. */
export function blobHash(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

export const BLOB_HASH_PATTERN = /^[0-9a-f]{64}$/;
