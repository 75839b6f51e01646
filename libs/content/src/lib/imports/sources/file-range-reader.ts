import { closeSync, readSync } from 'node:fs';
import { Readable } from 'node:stream';
import * as yauzl from 'yauzl';

/** Bytes read at once when an entry's data is streamed. */
const CHUNK_BYTES = 64 * 1024;

/**
 * yauzl's reader of an archive on local disk, with synchronous positional reads. yauzl's own file
 * reader sends every read to libuv's thread pool: a central directory record, a local header and
 * the data make three round trips per entry, most of the time of an archive of thousands of small
 * pages. Imports read a temporary file they just wrote (from the page cache), where a read of a
 * header or of a 64 KB chunk takes microseconds. Owns `fd` and closes it when yauzl is done.
 */
export class FileRangeReader extends yauzl.RandomAccessReader {
  constructor(private readonly fd: number) {
    super();
  }

  /** Called by yauzl for the end of central directory, each directory record and each local header. */
  override read(buffer: Buffer, offset: number, length: number, position: number, callback: (error: Error | null) => void): void {
    let error: Error | null = null;
    try {
      if (readSync(this.fd, buffer, offset, length, position) < length) error = new Error('unexpected end of the archive file');
    } catch (failure) {
      error = failure as Error;
    }
    process.nextTick(callback, error);
  }

  override _readStreamForRange(start: number, end: number): Readable {
    const fd = this.fd;
    let position = start;
    return new Readable({
      read() {
        const size = Math.min(CHUNK_BYTES, end - position);
        if (size <= 0) return void this.push(null);
        const chunk = Buffer.allocUnsafe(size);
        let read: number;
        try {
          read = readSync(fd, chunk, 0, size, position);
        } catch (error) {
          return void this.destroy(error as Error);
        }
        if (read === 0) return void this.destroy(new Error('unexpected end of the archive file'));
        position += read;
        this.push(read < size ? chunk.subarray(0, read) : chunk);
      },
    });
  }

  override close(callback: (error: Error | null) => void): void {
    try {
      closeSync(this.fd);
      callback(null);
    } catch (error) {
      callback(error as Error);
    }
  }
}
