import { createHash } from 'node:crypto';
import type { SpecFile } from './spec-documents';

/** SHA-256 over every file's path and text, in path order: two runs that fetched the same files hash the same. */
export function specContentHash(files: Map<string, SpecFile>): string {
  const hash = createHash('sha256');
  for (const path of [...files.keys()].sort()) {
    hash.update(path).update('\0').update(createHash('sha256').update(files.get(path)!.text).digest('hex')).update('\n');
  }
  return hash.digest('hex');
}
