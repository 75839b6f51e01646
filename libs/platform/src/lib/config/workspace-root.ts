import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The checkout this code runs from: the nearest folder above this file (or above the current
 * directory, when running from a bundle) holding nx.json. The embedded database lives there.
 */
export function findWorkspaceRoot(): string {
  for (const start of [__dirname, process.cwd()]) {
    let dir = start;
    for (;;) {
      if (existsSync(join(dir, 'nx.json'))) return dir;
      const parent = dirname(dir);
      if (parent === dir) break;
      dir = parent;
    }
  }
  return process.cwd();
}
