import { execFileSync, execSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Zip archives of a folder made by the archivers people really use (not by the project's own
 * writer), each with the layout quirk it is known for. `.ci/run` installs `zip`, `zipinfo` and
 * `bsdtar` (Debian's zip, unzip and libarchive-tools); git is there already.
 */
export const REAL_ARCHIVES = {
  /** Info-ZIP, every entry stored (`-0`): no compression at all. */
  'zip -0 (stored)': (dir: string, out: string) => sh(dir, `zip -q -X -r -0 ${q(out)} .`),
  /** Info-ZIP defaults: small or incompressible files stored, the rest deflated. */
  'zip (default)': (dir: string, out: string) => sh(dir, `zip -q -X -r ${q(out)} .`),
  /** Info-ZIP, best compression. */
  'zip -9': (dir: string, out: string) => sh(dir, `zip -q -X -r -9 ${q(out)} .`),
  /** Info-ZIP writing to a pipe: it cannot seek back, so sizes and CRCs follow each entry in data descriptors. */
  'zip to a pipe (data descriptors)': (dir: string, out: string) => sh(dir, `zip -q -X -r - . | cat > ${q(out)}`),
  /** Info-ZIP forcing ZIP64 extra fields on every entry. */
  'zip -fz (ZIP64)': (dir: string, out: string) => sh(dir, `zip -q -X -r -fz ${q(out)} .`),
  /** libarchive's bsdtar: `./` before every name, a `./` folder entry, data descriptors on deflated entries. */
  bsdtar: (dir: string, out: string) => sh(dir, `bsdtar --format zip -cf ${q(out)} .`),
  /** libarchive storing everything. */
  'bsdtar stored': (dir: string, out: string) => sh(dir, `bsdtar --format zip --options zip:compression=store -cf ${q(out)} .`),
  /** What GitHub's "Download ZIP" serves: `git archive` with every path under one top folder and folder entries. */
  'git archive --prefix (GitHub style)': (dir: string, out: string) => {
    const git = (args: string) => sh(dir, `git -c init.defaultBranch=main ${args}`);
    git('init -q');
    git('add -A');
    git(`archive --format=zip --prefix=docs-main/ -o ${q(out)} $(git write-tree)`);
  },
} as const;

export type RealArchiver = keyof typeof REAL_ARCHIVES;

const q = (path: string) => `'${path.replace(/'/g, `'\\''`)}'`;
const sh = (cwd: string, command: string) => execSync(command, { cwd, stdio: ['ignore', 'ignore', 'pipe'], shell: '/bin/bash' });

/** The tools the archivers need, missing ones named (a clear failure instead of an obscure one). */
export function missingArchivers(): string[] {
  return ['zip', 'zipinfo', 'bsdtar', 'git'].filter((tool) => {
    try {
      execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' });
      return false;
    } catch {
      return true;
    }
  });
}

/** A zip of `folder` made by `archiver` (on a copy of the folder, so the source stays untouched). */
export function realZip(folder: string, archiver: RealArchiver): Buffer {
  const work = mkdtempSync(join(tmpdir(), 'real-zip-'));
  try {
    const copy = join(work, 'tree');
    cpSync(folder, copy, { recursive: true });
    const out = join(work, 'out.zip');
    REAL_ARCHIVES[archiver](copy, out);
    return readFileSync(out);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
