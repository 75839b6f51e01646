import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import type { MarkdownExport } from './markdown-exports.service';

/**
 * Streams an export as a zip archive into `out` (an HTTP response, a file). yazl asks for each
 * entry's bytes only when it reaches it (`addReadStreamLazy`), so pages are rendered a batch at a
 * time and files are read in slices while the archive is being sent: memory stays bounded. Every
 * entry carries the revision's time, so the same revision always gives the same archive. Every
 * entry is deflated, images too: the importer of this installation cannot read stored entries yet
 * (yauzl refuses `decompress: false` on them, zip-entries.ts), and an export must import back.
 */
export async function writeMarkdownZip(exported: MarkdownExport, out: Writable, options: { folder?: string } = {}): Promise<void> {
  const zip = new ZipFile();
  const mtime = exported.revision.createdAt;
  const prefix = options.folder ? `${options.folder.replace(/\/+$/, '')}/` : '';
  let failure: Error | undefined;
  // yazl reports a failed entry on the ZipFile, not on its output: end the output with it.
  zip.on('error', (error: Error) => (zip.outputStream as Readable).destroy((failure ??= error)));
  for (const entry of exported.entries) {
    zip.addReadStreamLazy(`${prefix}${entry.path}`, { mtime, mode: 0o100644, compress: true }, (callback) => {
      entry.stream().then(
        (stream) => callback(null, stream),
        (error: Error) => callback(error, undefined as never),
      );
    });
  }
  zip.end();
  await pipeline(zip.outputStream as Readable, out);
  if (failure) throw failure;
}
