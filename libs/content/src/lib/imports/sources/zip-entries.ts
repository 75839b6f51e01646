import { BadRequestException } from '@nestjs/common';
import type { Readable } from 'node:stream';
import * as yauzl from 'yauzl';
import { sourceTooLarge } from '../import-limit-error';

export interface ZipLimits {
  /** Most entries (files and folders) an archive may list. */
  maxEntries: number;
  /** Most bytes all kept entries may unpack to. */
  maxTotalBytes: number;
  /** Largest uncompressed/compressed ratio of one entry above `ratioFloorBytes`. */
  maxRatio: number;
  ratioFloorBytes: number;
}

/** Files of an archive by path (posix, relative, no leading folder shared by all). */
export type ZipFiles = Map<string, Buffer>;

const SYMLINK = 0o120000;
const FILE_TYPE_MASK = 0o170000;

/**
 * Unpacks an archive entry by entry with yauzl (central directory first, one entry streamed at a
 * time), refusing zip bombs before inflating them: too many entries, an entry whose declared ratio
 * is absurd, a total over the limit (counted on the bytes actually inflated, which yauzl also
 * checks against the declared sizes). Entries with `..`, absolute paths or backslashes (yauzl's
 * file name validation) and symbolic links are refused. `keep` says which entries to unpack; the
 * others are only counted.
 */
export async function readZipEntries(archive: Buffer, limits: ZipLimits, keep: (path: string) => boolean): Promise<{ files: ZipFiles; entries: number }> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(archive, { lazyEntries: true, validateEntrySizes: true, decodeStrings: true }, (error, file) =>
      error || !file ? reject(invalid(error)) : resolve(file),
    ),
  );
  if (zip.entryCount > limits.maxEntries) {
    zip.close();
    throw new BadRequestException(`The zip archive has ${zip.entryCount} entries, more than the limit of ${limits.maxEntries}.`);
  }
  const files: ZipFiles = new Map();
  let total = 0;
  let entries = 0;
  await new Promise<void>((resolve, reject) => {
    const fail = (error: unknown) => {
      zip.close();
      reject(error);
    };
    zip.on('error', (error: Error) => fail(invalid(error)));
    zip.on('end', () => resolve());
    zip.on('entry', (entry: yauzl.Entry) => {
      entries++;
      const name = entry.fileName;
      if (((entry.externalFileAttributes >>> 16) & FILE_TYPE_MASK) === SYMLINK) {
        return fail(new BadRequestException(`The zip archive holds a symbolic link (${name}): links are refused.`));
      }
      if (name.endsWith('/') || !keep(name)) return zip.readEntry();
      if (entry.uncompressedSize > limits.ratioFloorBytes && entry.uncompressedSize > entry.compressedSize * limits.maxRatio) {
        return fail(new BadRequestException(`The zip entry ${name} would unpack ${Math.round(entry.uncompressedSize / Math.max(1, entry.compressedSize))} times its size, more than the limit of ${limits.maxRatio} (a zip bomb?).`));
      }
      if (total + entry.uncompressedSize > limits.maxTotalBytes) {
        return fail(sourceTooLarge(`The zip archive unpacks to more than the limit of ${limits.maxTotalBytes} bytes.`));
      }
      zip.openReadStream(entry, (error, stream) => {
        if (error || !stream) return fail(invalid(error));
        readCapped(stream, limits.maxTotalBytes - total, name).then((data) => {
          total += data.length;
          files.set(name, data);
          zip.readEntry();
        }, fail);
      });
    });
    zip.readEntry();
  });
  return { files: stripSharedFolder(files), entries };
}

async function readCapped(stream: Readable, budget: number, name: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > budget) {
      stream.destroy();
      throw sourceTooLarge(`The zip archive unpacks to more than the limit while reading ${name}.`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}

function invalid(error: Error | null | undefined): Error {
  if (error instanceof BadRequestException) return error;
  return new BadRequestException(`The zip archive is invalid or refused: ${error?.message ?? 'unreadable'}.`);
}

/** A zip of a folder puts everything under that folder's name: read it as the root. */
function stripSharedFolder(files: ZipFiles): ZipFiles {
  const paths = [...files.keys()];
  if (paths.length === 0) return files;
  const first = paths[0].split('/')[0];
  if (!paths.every((path) => path.includes('/') && path.split('/')[0] === first)) return files;
  return new Map([...files].map(([path, data]) => [path.slice(first.length + 1), data]));
}
