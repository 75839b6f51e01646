import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

/** Every file of a folder by its path relative to it (`/`-separated), as bytes. */
export function readFolder(folder: string, options: { skip?: RegExp } = {}): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      const key = relative(folder, path).split('\\').join('/');
      if (options.skip?.test(key)) continue;
      if (statSync(path).isDirectory()) walk(path);
      else files.set(key, readFileSync(path));
    }
  };
  walk(folder);
  return files;
}

/**
 * The files of a zip archive as Info-ZIP's `unzip` reads them (not our code): what a user who
 * downloads an export gets.
 */
export function unzipWithTool(zip: Buffer): Map<string, Buffer> {
  const folder = mkdtempSync(join(tmpdir(), 'docs-unzip-'));
  try {
    writeFileSync(join(folder, 'archive.zip'), zip);
    execFileSync('unzip', ['-q', join(folder, 'archive.zip'), '-d', join(folder, 'files')]);
    return readFolder(join(folder, 'files'));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
