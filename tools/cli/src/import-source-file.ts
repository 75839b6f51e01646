import type { ImportSource } from '@docs/content';
import { createReadStream, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, extname, join, relative } from 'node:path';
import { ZipFile } from 'yazl';

/** Folders never packed: version control and dependencies. */
const SKIPPED = new Set(['.git', 'node_modules', '.DS_Store']);

const SOURCE_BY_EXTENSION: Record<string, ImportSource> = {
  '.md': 'markdown',
  '.markdown': 'markdown',
  '.html': 'html',
  '.htm': 'html',
  '.docx': 'docx',
  '.zip': 'zip',
};

export interface PackedSource {
  source: ImportSource;
  name: string;
  data: Buffer;
  files: number;
}

/**
 * A file (its source told by the extension) or a folder, zipped on the fly with yazl (files are
 * streamed from disk into the archive); `progress` hears of each file packed.
 */
export async function packSource(path: string, progress: (files: number, bytes: number) => void): Promise<PackedSource> {
  const stat = statSync(path);
  if (!stat.isDirectory()) {
    const source = SOURCE_BY_EXTENSION[extname(path).toLowerCase()];
    if (!source) throw new Error(`${path}: give a .md, .html, .docx or .zip file, or a folder`);
    return { source, name: basename(path), data: readFileSync(path), files: 1 };
  }
  const zip = new ZipFile();
  let files = 0;
  let bytes = 0;
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      if (SKIPPED.has(name)) continue;
      const full = join(dir, name);
      const entry = statSync(full);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) {
        zip.addReadStream(createReadStream(full), relative(path, full).split('\\').join('/'), { mtime: entry.mtime, mode: 0o100644 });
        files++;
        bytes += entry.size;
        progress(files, bytes);
      }
    }
  };
  walk(path);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) chunks.push(chunk);
  return { source: 'zip', name: `${basename(path)}.zip`, data: Buffer.concat(chunks), files };
}
