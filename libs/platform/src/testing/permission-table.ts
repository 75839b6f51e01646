import type { describe as JestDescribe, expect as JestExpect, it as JestIt } from '@jest/globals';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { findWorkspaceRoot } from '../lib/config/workspace-root';

/** The columns of every role table: each organization role, a guest (no role), a non-member. */
export const PERMISSION_ROLES = ['admin', 'create', 'review', 'edit', 'comment', 'read', 'guest', 'outsider'] as const;
export type PermissionRole = (typeof PERMISSION_ROLES)[number];

/**
 * One cell: an HTTP status, a `permissions` boolean (✓ / –), or a status with a note shown beside
 * it (`[200, 'empty']` reads "200 (empty)"). The check of the cell compares the status or boolean.
 */
export type PermissionCell = number | boolean | [number, string];

export interface PermissionRow<Fixture> {
  /** The first column, as markdown: the operation (or `permissions` key) and the case it is. */
  operation: string;
  /** The "Level required" column, for tables that have one. */
  required?: string;
  /** One cell per role, in PERMISSION_ROLES order. */
  cells: PermissionCell[];
  notes?: string;
  /**
   * Does it as `who`, on objects made for this call, and answers the status (or the boolean).
   * Several operations in one row: an array, each of which must be the cell.
   */
  check: (fixture: Fixture, who: PermissionRole) => Promise<number | boolean | (number | boolean)[]>;
}

export interface PermissionTable<Fixture> {
  /** Names the table's block in docs/permissions.md: `<!-- permission-table: <id> -->` ... `<!-- /permission-table -->`. */
  id: string;
  /** The first column's title: `Operation` unless said (tables with `permissions` keys say so). */
  firstColumn?: string;
  /** Whether the table has a "Level required" column and a "notes" column. */
  required?: boolean;
  notes?: boolean;
  rows: PermissionRow<Fixture>[];
}

export const PERMISSIONS_DOCUMENT = 'docs/permissions.md';

const cellText = (cell: PermissionCell) => (Array.isArray(cell) ? `${cell[0]} (${cell[1]})` : cell === true ? '✓' : cell === false ? '–' : String(cell));
const cellValue = (cell: PermissionCell) => (Array.isArray(cell) ? cell[0] : cell);

/** The markdown of a table: what docs/permissions.md must hold between its markers. */
export function renderPermissionTable(table: PermissionTable<unknown>): string {
  const head = [table.firstColumn ?? 'Operation', ...(table.required ? ['Level required'] : []), ...PERMISSION_ROLES, ...(table.notes ? ['notes'] : [])];
  const lines = [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`];
  for (const row of table.rows) {
    if (row.cells.length !== PERMISSION_ROLES.length) throw new Error(`${table.id}: "${row.operation}" has ${row.cells.length} cells, not ${PERMISSION_ROLES.length}`);
    const cells = [row.operation, ...(table.required ? [row.required ?? ''] : []), ...row.cells.map(cellText), ...(table.notes ? [row.notes ?? ''] : [])];
    lines.push(`| ${cells.map((cell) => cell.replace(/\|/g, '\\|')).join(' | ')} |`);
  }
  return lines.join('\n');
}

const START = (id: string) => `<!-- permission-table: ${id} -->`;
const END = '<!-- /permission-table -->';

/** The ids of the generated blocks of a document's text, and where each starts and ends. */
export function permissionBlocks(text: string): { id: string; start: number; end: number; body: string }[] {
  const blocks: { id: string; start: number; end: number; body: string }[] = [];
  const pattern = /<!-- permission-table: ([\w-]+) -->\n([\s\S]*?)\n<!-- \/permission-table -->/g;
  for (const match of text.matchAll(pattern)) blocks.push({ id: match[1], start: match.index!, end: match.index! + match[0].length, body: match[2] });
  return blocks;
}

/**
 * docs/permissions.md's block for this table, compared with the table; with
 * `UPDATE_PERMISSIONS_DOC=1` the block is rewritten instead (the table is the source).
 */
export function documentedPermissionTable(table: PermissionTable<unknown>): { documented: string | undefined; rendered: string } {
  const path = join(findWorkspaceRoot(), PERMISSIONS_DOCUMENT);
  const text = readFileSync(path, 'utf8');
  const rendered = renderPermissionTable(table);
  const block = permissionBlocks(text).find((candidate) => candidate.id === table.id);
  if (process.env['UPDATE_PERMISSIONS_DOC'] === '1' && block && block.body !== rendered) {
    writeFileSync(path, `${text.slice(0, block.start)}${START(table.id)}\n${rendered}\n${END}${text.slice(block.end)}`);
    return { documented: rendered, rendered };
  }
  return { documented: block?.body, rendered };
}

/**
 * The tests of a permission table: docs/permissions.md shows exactly this table, and every cell of
 * it is what the API answers for that role. Call it inside a `describe` whose `fixture()` gives
 * what the checks need (an app, tokens per role...).
 */
export function describePermissionTable<Fixture>(table: PermissionTable<Fixture>, fixture: () => Fixture): void {
  // Jest's globals, taken when called (inside a test file): importing @jest/globals at load time
  // would make every importer of this testing barrel outside Jest (the bench scripts) fail.
  const { describe, it, expect } = globalThis as unknown as { describe: typeof JestDescribe; it: typeof JestIt; expect: typeof JestExpect };
  it(`docs/permissions.md shows the "${table.id}" table exactly (UPDATE_PERMISSIONS_DOC=1 rewrites it)`, () => {
    const { documented, rendered } = documentedPermissionTable(table as PermissionTable<unknown>);
    expect(documented).toBe(rendered);
  });
  describe.each(table.rows.map((row) => [row.operation, row] as const))('%s', (_operation, row) => {
    it.each(PERMISSION_ROLES.map((who, i) => [who, cellText(row.cells[i]), cellValue(row.cells[i])] as const))('as %s: %s', async (who, _text, expected) => {
      const actual = await row.check(fixture(), who);
      for (const value of Array.isArray(actual) ? actual : [actual]) expect(value).toBe(expected);
    });
  });
}

/** `row(200, 200, ...)`: the cells in PERMISSION_ROLES order. */
export const cells = (...values: PermissionCell[]): PermissionCell[] => values;
