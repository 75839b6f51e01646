import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ZipFile } from 'yazl';

export type ZipEntries = Record<string, string | Buffer | { data: string | Buffer; mode?: number; compress?: boolean }>;

/** A zip archive of the given entries (path -> content), made with yazl. */
export async function makeZip(entries: ZipEntries): Promise<Buffer> {
  const zip = new ZipFile();
  for (const [path, value] of Object.entries(entries)) {
    const entry = typeof value === 'string' || Buffer.isBuffer(value) ? { data: value } : value;
    zip.addBuffer(Buffer.isBuffer(entry.data) ? entry.data : Buffer.from(entry.data), path, { mode: entry.mode, compress: entry.compress ?? true });
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** Every file under a folder, by its path relative to the folder. */
export function folderEntries(folder: string): ZipEntries {
  const entries: ZipEntries = {};
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else entries[relative(folder, path).split('\\').join('/')] = readFileSync(path);
    }
  };
  walk(folder);
  return entries;
}

export const dataUrl = (data: Buffer | string, type = 'application/octet-stream') =>
  `data:${type};base64,${(Buffer.isBuffer(data) ? data : Buffer.from(data)).toString('base64')}`;
