import { findWorkspaceRoot } from '@docs/platform';
import { permissionBlocks, PERMISSIONS_DOCUMENT } from '@docs/platform/testing';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Every `*.spec.ts` of the workspace's apps and libraries. */
function specFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) return [];
    const path = join(dir, entry.name);
    return entry.isDirectory() ? specFiles(path) : entry.name.endsWith('.spec.ts') ? [path] : [];
  });
}

/**
 * docs/permissions.md cannot drift from the API: every table of roles in it is a generated block
 * (`<!-- permission-table: <id> -->`), and every block is the table of a spec that checks each of
 * its cells over HTTP and compares the block with it (`describePermissionTable`). A role table
 * written by hand, or a block no spec owns, fails here.
 */
describe('docs/permissions.md', () => {
  const root = findWorkspaceRoot();
  const text = readFileSync(join(root, PERMISSIONS_DOCUMENT), 'utf8');
  const blocks = permissionBlocks(text);

  it('has its role tables only inside generated blocks', () => {
    const lines = text.split('\n');
    const offsets: number[] = [];
    lines.reduce((offset, line) => (offsets.push(offset), offset + line.length + 1), 0);
    const handWritten = lines
      .map((line, i) => ({ line, offset: offsets[i], number: i + 1 }))
      .filter(({ line }) => /^\|.*\| admin \|/.test(line))
      .filter(({ offset }) => !blocks.some((block) => offset > block.start && offset < block.end))
      .map(({ number, line }) => `line ${number}: ${line.slice(0, 80)}`);
    expect(blocks.length).toBeGreaterThanOrEqual(5);
    expect(handWritten).toEqual([]);
  });

  it('has each block owned by exactly one spec that checks it cell by cell', () => {
    const owners = new Map<string, string[]>();
    for (const file of [...specFiles(join(root, 'apps')), ...specFiles(join(root, 'libs'))]) {
      const source = readFileSync(file, 'utf8');
      if (!source.includes('describePermissionTable(')) continue;
      for (const match of source.matchAll(/\bid: '([\w-]+)',\n/g)) owners.set(match[1], [...(owners.get(match[1]) ?? []), file.slice(root.length + 1)]);
    }
    expect(blocks.map((block) => [block.id, owners.get(block.id)?.length ?? 0])).toEqual(blocks.map((block) => [block.id, 1]));
  });
});
