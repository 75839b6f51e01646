import { createReadStream, createWriteStream, readdirSync, statSync } from 'node:fs';
import { basename, extname, join, relative } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import type { ImportSource } from './import-sources';

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
  /** The file to import: the file given, or the zip of the folder in `folder`. */
  path: string;
  size: number;
  files: number;
}

/**
 * A file (its source told by the extension) or a folder, zipped on the fly with yazl into a file
 * of `folder` (files are streamed from disk into the archive, the archive to disk: it is never
 * whole in memory); `progress` hears of each file packed.
 */
export async function packSource(path: string, folder: string, progress: (files: number, bytes: number) => void): Promise<PackedSource> {
  const stat = statSync(path);
  if (!stat.isDirectory()) {
    const source = SOURCE_BY_EXTENSION[extname(path).toLowerCase()];
    if (!source) throw new Error(`${path}: give a .md, .html, .docx or .zip file, or a folder`);
    return { source, name: basename(path), path, size: stat.size, files: 1 };
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
  const name = `${basename(path)}.zip`;
  const archive = join(folder, name);
  await pipeline(zip.outputStream, createWriteStream(archive));
  return { source: 'zip', name, path: archive, size: statSync(archive).size, files };
}
