import { BadRequestException } from '@nestjs/common';
import { SafeFetcher } from '@docs/platform';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fetchFailure, sourceTooLarge } from './import-limit-error';
import { decodeDataUrl } from './source-bytes';

/**
 * An import's source once it is on disk: fetched, decoded from a data: URL, or received as the
 * raw request body, into a temporary file of the import (or the CLI's own file). Converters read
 * it from there (a zip entry by entry), so the archive is never held whole in memory.
 */
export interface SourceFile {
  /** The URL the bytes came from (after redirects); for data: URLs and request bodies a `file:///` name. */
  url: string;
  /** The declared media type, without parameters ('' when none). */
  contentType: string;
  path: string;
  size: number;
}

/** Runs `work` with a fresh temporary folder, removed afterwards whatever happens. */
export async function withImportFolder<T>(work: (folder: string) => Promise<T>): Promise<T> {
  const folder = await mkdtemp(join(tmpdir(), 'docs-import-'));
  try {
    return await work(folder);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * The bytes behind an import's `url`, written to `path`: a `data:` URL is decoded (it came in a
 * JSON body, so it is in memory by nature, bounded by the body limit), anything else is streamed
 * to the file by the SafeFetcher. Both bounded by `maxBytes` (413).
 */
export async function fetchSourceFile(url: string, fetcher: SafeFetcher, maxBytes: number, path: string, accept?: string): Promise<SourceFile> {
  if (/^data:/i.test(url)) {
    const decoded = await decodeDataUrl(url, maxBytes);
    await writeFile(path, decoded.data);
    return { url: decoded.url, contentType: decoded.contentType, path, size: decoded.data.length };
  }
  try {
    const saved = await fetcher.saveTo(url, path, { maxBytes, headers: accept ? { accept } : undefined });
    return { url: saved.url, contentType: saved.contentType, path, size: saved.size };
  } catch (error) {
    throw fetchFailure(error);
  }
}

/**
 * A raw request body (the archive itself, `Content-Type: application/zip`) streamed into `path`.
 * A declared `Content-Length` over `maxBytes` is refused before reading; a stream that passes it
 * is refused as soon as it does (413). An empty body is a 400.
 */
export async function receiveSourceFile(
  body: Readable,
  request: { contentLength?: string; contentType?: string; name: string },
  maxBytes: number,
  path: string,
): Promise<SourceFile> {
  const tooLarge = () => sourceTooLarge(`The request body is larger than the limit of ${maxBytes} bytes (IMPORT_MAX_BYTES).`);
  if (request.contentLength !== undefined && Number(request.contentLength) > maxBytes) {
    body.resume();
    throw tooLarge();
  }
  let size = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      callback(size > maxBytes ? tooLarge() : null, chunk);
    },
  });
  try {
    await pipeline(body, limit, createWriteStream(path));
  } catch (error) {
    if (size > maxBytes) {
      // What the client still sends is read and dropped, so that it gets the 413.
      body.resume();
      throw tooLarge();
    }
    throw new BadRequestException(`The request body could not be read: ${(error as Error).message}.`);
  }
  if (size === 0) throw new BadRequestException('The request body is empty: send the bytes of the file to import.');
  const contentType = (request.contentType ?? '').split(';')[0].trim().toLowerCase();
  return { url: `file:///${encodeURIComponent(request.name)}`, contentType, path, size };
}
