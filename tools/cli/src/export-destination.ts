import { type MarkdownExport, writeMarkdownZip } from '@docs/content';
import { createWriteStream, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';

/** Where `cli export` writes: a folder (one file per entry) or a zip file, told by `.zip`. */
export type ExportDestination = { kind: 'folder'; path: string } | { kind: 'file'; path: string };

export function destinationOf(path: string): ExportDestination {
  return /\.zip$/i.test(path) ? { kind: 'file', path: resolve(path) } : { kind: 'folder', path: resolve(path) };
}

/** A folder must be new or empty (an export never mixes with other files); a file must not exist. */
export function assertWritable(destination: ExportDestination): void {
  if (!existsSync(destination.path)) return;
  if (destination.kind === 'file') throw new Error(`${destination.path} already exists: give a new file name`);
  if (!statSync(destination.path).isDirectory()) throw new Error(`${destination.path} is not a folder`);
  if (readdirSync(destination.path).length > 0) throw new Error(`${destination.path} is not empty: give a new or empty folder`);
}

/** The file of `path` inside `folder`; refuses a path that would land outside it. */
function inside(folder: string, path: string): string {
  const target = resolve(folder, path);
  if (target !== folder && !target.startsWith(folder + sep)) throw new Error(`refusing to write ${path} outside ${folder}`);
  return target;
}

/** Writes an export read from the database: each entry streamed to its file, or the whole as a zip. */
export async function writeExport(exported: MarkdownExport, destination: ExportDestination, progress: (files: number) => void): Promise<number> {
  if (destination.kind === 'file') {
    mkdirSync(dirname(destination.path), { recursive: true });
    await writeMarkdownZip(exported, createWriteStream(destination.path, { flags: 'wx' }));
    return exported.entries.length;
  }
  let written = 0;
  for (const entry of exported.entries) {
    const target = inside(destination.path, entry.path);
    mkdirSync(dirname(target), { recursive: true });
    await pipeline(await entry.stream(), createWriteStream(target, { flags: 'wx' }));
    if (++written % 100 === 0) progress(written);
  }
  return written;
}

/** Unpacks a zip the api sent (a file on disk) into a folder, entry by entry (yauzl refuses unsafe names). */
export async function unpackInto(zipPath: string, folder: string, progress: (files: number) => void): Promise<number> {
  const zip = await new Promise<yauzl.ZipFile>((done, fail) => yauzl.open(zipPath, { lazyEntries: true, strictFileNames: true }, (error, opened) => (error ? fail(error) : done(opened))));
  let written = 0;
  try {
    await new Promise<void>((done, fail) => {
      zip.on('error', fail);
      zip.on('end', done);
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName.endsWith('/')) return zip.readEntry();
        const target = inside(folder, entry.fileName);
        if (relative(folder, target).startsWith('..')) return fail(new Error(`refusing ${entry.fileName}`));
        zip.openReadStream(entry, (error, stream) => {
          if (error || !stream) return fail(error ?? new Error(`cannot read ${entry.fileName}`));
          mkdirSync(dirname(target), { recursive: true });
          pipeline(stream as Readable, createWriteStream(target, { flags: 'wx' })).then(() => {
            if (++written % 100 === 0) progress(written);
            zip.readEntry();
          }, fail);
        });
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
  return written;
}
