import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import * as yauzl from 'yauzl';

/** The corpus archives of `../shared/corpus/` (README.md there says what each one is). */
export const CORPUS_ARCHIVES = ['cheqd--product-docs', 'hemilabs--docs', 'Sunbird-Spark--Community'] as const;
export type CorpusArchive = (typeof CORPUS_ARCHIVES)[number];

/**
 * The folder of the GitBook export corpus: `CORPUS_DIR`, else the first `shared/corpus` beside the
 * checkout or one of its parents (CI lays `shared/` beside its clone; worktrees sit one level deeper).
 */
export function corpusDir(from = __dirname): string {
  if (process.env.CORPUS_DIR) return process.env.CORPUS_DIR;
  for (let dir = resolve(from); ; dir = dirname(dir)) {
    const candidate = join(dir, 'shared', 'corpus');
    if (existsSync(join(candidate, 'README.md'))) return candidate;
    if (dirname(dir) === dir) throw new Error('the GitBook corpus (shared/corpus beside the checkout) was not found: set CORPUS_DIR');
  }
}

export const corpusArchive = (name: CorpusArchive) => join(corpusDir(), `${name}.zip`);

/** Every file of a zip archive by path (folders left out), read with yauzl. */
export async function readZipFiles(path: string): Promise<Map<string, Buffer>> {
  const zip = await new Promise<yauzl.ZipFile>((ok, fail) => yauzl.open(path, { lazyEntries: true }, (error, file) => (error || !file ? fail(error) : ok(file))));
  const files = new Map<string, Buffer>();
  await new Promise<void>((ok, fail) => {
    zip.on('error', fail);
    zip.on('end', () => ok());
    zip.on('entry', (entry: yauzl.Entry) => {
      if (entry.fileName.endsWith('/')) return zip.readEntry();
      zip.openReadStream(entry, (error, stream) => {
        if (error || !stream) return fail(error);
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('error', fail);
        stream.on('end', () => {
          files.set(entry.fileName, Buffer.concat(chunks));
          zip.readEntry();
        });
      });
    });
    zip.readEntry();
  });
  zip.close();
  return files;
}
