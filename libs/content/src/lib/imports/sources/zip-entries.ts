import { BadRequestException, HttpException } from '@nestjs/common';
import { fstatSync, openSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { inflateRawSync } from 'node:zlib';
import * as yauzl from 'yauzl';
import { sourceTooLarge } from '../import-limit-error';
import { FileRangeReader } from './file-range-reader';

export interface ZipLimits {
  /** Most entries (files and folders) an archive may list. */
  maxEntries: number;
  /** Most bytes all kept entries may unpack to. */
  maxTotalBytes: number;
  /** Largest uncompressed/compressed ratio of one entry above `ratioFloorBytes`. */
  maxRatio: number;
  ratioFloorBytes: number;
}

/** A file of the archive left in it: inflated (and checked once more) only when `read`. */
export interface ZipAsset {
  /** Its uncompressed size as the archive declares it (yauzl checks the bytes inflated against it). */
  size: number;
  read(): Promise<Buffer>;
}

/** An archive read from a file: the texts in memory (compressed), the other files still in the archive. */
export interface ZipArchive {
  /** Entries `inMemory` asked for (page texts, the layout): their compressed bytes, inflated on each `read`. */
  texts: Map<string, ZipAsset>;
  /** The other kept entries, read one at a time when written. */
  assets: Map<string, ZipAsset>;
  /** Entries of the archive, kept or not. */
  entries: number;
  /** Closes the archive file; the assets cannot be read after. */
  close(): void;
}

const SYMLINK = 0o120000;
/** Compression methods of zip entries (APPNOTE 4.4.5): the two every archiver writes. */
const STORED = 0;
const DEFLATED = 8;
const FILE_TYPE_MASK = 0o170000;

/**
 * Reads an archive from a file with yauzl (central directory first, one entry at a time, through
 * `FileRangeReader`),
 * refusing zip bombs before inflating anything: too many entries, an entry whose declared ratio
 * is absurd, a declared total over the limit; the bytes actually inflated are counted too, and
 * yauzl checks them against the declared sizes. Entries with `..`, absolute paths or backslashes
 * (yauzl's file name validation) and symbolic links are refused. `keep` says which entries count
 * as files (the others are only counted); `inMemory` which of those are held in memory as they
 * are stored (page texts, compressed: one read of the file now, a fast synchronous inflate
 * whenever read, instead of a stream per read): the rest stay in the archive until `read`, so
 * memory holds the compressed texts and one file at most, never the archive.
 */
export async function openZipArchive(
  path: string,
  limits: ZipLimits,
  keep: (path: string) => boolean,
  inMemory: (path: string) => boolean,
): Promise<ZipArchive> {
  const fd = openSync(path, 'r');
  const reader = new FileRangeReader(fd);
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromRandomAccessReader(reader, fstatSync(fd).size, { lazyEntries: true, autoClose: false, validateEntrySizes: true, decodeStrings: true }, (error, file) => {
      if (!error && file) return resolve(file);
      reader.close(() => undefined);
      reject(invalid(error));
    }),
  );
  if (zip.entryCount > limits.maxEntries) {
    zip.close();
    throw new BadRequestException(`The zip archive has ${zip.entryCount} entries, more than the limit of ${limits.maxEntries}.`);
  }
  const texts = new Map<string, ZipAsset>();
  const assets = new Map<string, ZipAsset>();
  let declared = 0;
  let entries = 0;
  /**
   * An entry's bytes, decoded (inflated when deflated) or (`raw`) as the archive stores them,
   * capped at the size it declares. yauzl throws (rather than calling back) on options that do not
   * fit an entry, so every failure, thrown or called back, becomes a 400 naming the entry.
   */
  const read = (entry: yauzl.Entry, raw: boolean) =>
    new Promise<Buffer>((resolve, reject) => {
      const failed = (error: unknown) => reject(entryError(entry.fileName, error));
      try {
        readable(entry);
        zip.openReadStream(entry, raw ? { decodeFileData: false } : {}, (error, stream) => {
          if (error || !stream) return failed(error);
          const declaredSize = raw ? entry.compressedSize : entry.uncompressedSize;
          readCapped(stream, declaredSize, entry.fileName).then(resolve, failed);
        });
      } catch (error) {
        failed(error);
      }
    });
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('error', (error: Error) => reject(invalid(error)));
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        // yauzl emits from its own callbacks: a throw here would escape the import, so it is caught.
        try {
          onEntry(entry);
        } catch (error) {
          reject(entryError(entry.fileName, error));
        }
      });
      const onEntry = (entry: yauzl.Entry) => {
        entries++;
        // `bsdtar -cf x.zip .` writes `./` before every name.
        const name = entry.fileName.replace(/^(?:\.\/)+/, '');
        if (((entry.externalFileAttributes >>> 16) & FILE_TYPE_MASK) === SYMLINK) {
          return reject(new BadRequestException(`The zip archive holds a symbolic link (${name}): links are refused.`));
        }
        if (name === '' || name.endsWith('/') || !keep(name)) return zip.readEntry();
        if (entry.uncompressedSize > limits.ratioFloorBytes && entry.uncompressedSize > entry.compressedSize * limits.maxRatio) {
          return reject(new BadRequestException(`The zip entry ${name} would unpack ${Math.round(entry.uncompressedSize / Math.max(1, entry.compressedSize))} times its size, more than the limit of ${limits.maxRatio} (a zip bomb?).`));
        }
        declared += entry.uncompressedSize;
        if (declared > limits.maxTotalBytes) {
          return reject(sourceTooLarge(`The zip archive unpacks to more than the limit of ${limits.maxTotalBytes} bytes.`));
        }
        try {
          // Refused now rather than when the import writes it: an entry no reader can decode.
          readable(entry);
        } catch (error) {
          return reject(error);
        }
        if (!inMemory(name)) {
          assets.set(name, { size: entry.uncompressedSize, read: () => read(entry, false) });
          return zip.readEntry();
        }
        read(entry, true).then((raw) => {
          texts.set(name, { size: entry.uncompressedSize, read: async () => inflateStored(entry, raw) });
          zip.readEntry();
        }, reject);
      };
      zip.readEntry();
    });
  } catch (error) {
    zip.close();
    throw error;
  }
  const shared = sharedFolder([...texts.keys(), ...assets.keys()]);
  return { texts: stripFolder(texts, shared), assets: stripFolder(assets, shared), entries, close: () => zip.close() };
}

/** Refuses (400, naming it) an entry that no reader could decode: encrypted, or compressed by another method than the two every archiver writes. */
function readable(entry: yauzl.Entry): void {
  if (entry.isEncrypted()) throw new BadRequestException(`The zip entry ${entry.fileName} is encrypted: encrypted entries are refused.`);
  if (entry.compressionMethod !== STORED && entry.compressionMethod !== DEFLATED) {
    throw new BadRequestException(`The zip entry ${entry.fileName} uses compression method ${entry.compressionMethod}: only stored and deflated entries are read.`);
  }
}

/** Any failure while reading one entry: a 400 that names the entry (an HttpException already says what it is). */
function entryError(name: string, error: unknown): Error {
  if (error instanceof HttpException) return error;
  const reason = error instanceof Error ? error.message : 'unreadable';
  return new BadRequestException(`The zip entry ${name} could not be read: ${reason.replace(/\.$/, '')}.`);
}

/** The bytes of an entry held as stored, inflated at most to its declared size and refused unless exactly that size. */
function inflateStored(entry: yauzl.Entry, raw: Buffer): Buffer {
  const wrongSize = (how: string) => new BadRequestException(`The zip entry ${entry.fileName} inflates to ${how} than its declared size of ${entry.uncompressedSize} bytes.`);
  let data: Buffer;
  try {
    data = entry.compressionMethod === STORED ? raw : inflateRawSync(raw, { maxOutputLength: Math.max(1, entry.uncompressedSize) });
  } catch (error) {
    throw (error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE' ? wrongSize('more') : entryError(entry.fileName, error);
  }
  if (data.length !== entry.uncompressedSize) throw wrongSize(data.length > entry.uncompressedSize ? 'more' : 'less');
  return data;
}

/** An entry's bytes, refused as soon as they pass its declared size (so the declared total bounds them all). */
async function readCapped(stream: Readable, declared: number, name: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > declared) {
      stream.destroy();
      throw new BadRequestException(`The zip entry ${name} inflates to more than its declared size of ${declared} bytes.`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}

function invalid(error: Error | null | undefined): Error {
  if (error instanceof HttpException) return error;
  return new BadRequestException(`The zip archive is invalid or refused: ${error?.message ?? 'unreadable'}.`);
}

/** A zip of a folder puts everything under that folder's name: that folder is read as the root. */
function sharedFolder(paths: string[]): string | undefined {
  if (paths.length === 0) return undefined;
  const first = paths[0].split('/')[0];
  return paths.every((path) => path.includes('/') && path.split('/')[0] === first) ? first : undefined;
}

function stripFolder<T>(files: Map<string, T>, folder: string | undefined): Map<string, T> {
  if (folder === undefined) return files;
  return new Map([...files].map(([path, data]) => [path.slice(folder.length + 1), data]));
}
