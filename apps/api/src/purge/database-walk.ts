import type { DataSource } from 'typeorm';

/** A column of a table of the application's schema, as the catalog describes it. */
interface Column {
  table: string;
  column: string;
  type: string;
}

/** Tables whose rows move by themselves while nothing is written (the rate limit's counters). */
const RESTLESS = new Set(['rate_limit_counters']);

/** Every column of every table of `public` (the application's data; pg-boss keeps its own schema). */
async function columns(db: DataSource): Promise<Column[]> {
  return db.query(
    `SELECT c.table_name AS "table", c.column_name AS "column", c.data_type AS "type"
       FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE' AND t.table_name NOT IN ('migrations', 'typeorm_metadata')
      ORDER BY 1, c.ordinal_position`,
  );
}

/** SQL that is true when the column's value contains one of the needles ($1): any type, bytea by its bytes. */
function contains(column: Column, alias = 't'): string {
  const ref = `${alias}.${quote(column.column)}`;
  return column.type === 'bytea'
    ? `EXISTS (SELECT 1 FROM unnest($1::text[]) n WHERE position(convert_to(n, 'UTF8') IN ${ref}) > 0)`
    : `EXISTS (SELECT 1 FROM unnest($1::text[]) n WHERE strpos(${ref}::text, n) > 0)`;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

const byTable = (all: Column[]) => {
  const tables = new Map<string, Column[]>();
  for (const column of all) tables.set(column.table, [...(tables.get(column.table) ?? []), column]);
  return tables;
};

/**
 * Every (table, column) of the schema where some row refers to one of the needles (ids, or a
 * marker written into the content), found by walking the catalog: a table added by any branch
 * is searched too. `except` excludes rows of a table by an SQL condition on `t` (over its own
 * values, from $2).
 */
export async function rowsReferring(
  db: DataSource,
  needles: string[],
  except: Record<string, { sql: string; values: unknown[] }> = {},
): Promise<{ table: string; column: string; rows: number }[]> {
  const hits: { table: string; column: string; rows: number }[] = [];
  for (const [table, cols] of byTable(await columns(db))) {
    if (RESTLESS.has(table)) continue;
    for (const column of cols) {
      const filter = except[table] ? ` AND NOT (${except[table].sql})` : '';
      const values = except[table] ? [needles, ...except[table].values] : [needles];
      const [{ rows }] = await db.query(`SELECT count(*)::int AS rows FROM ${quote(table)} t WHERE ${contains(column)}${filter}`, values);
      if (rows > 0) hits.push({ table, column: column.column, rows });
    }
  }
  return hits;
}

/**
 * Every row of every table that refers to none of the needles, as text, by table: what a purge of
 * something else must leave exactly as it was.
 */
export async function rowsNotReferring(db: DataSource, needles: string[]): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const [table, cols] of byTable(await columns(db))) {
    if (RESTLESS.has(table)) continue;
    const refers = cols.map((column) => contains(column)).join(' OR ');
    const rows: { row: string }[] = await db.query(`SELECT to_jsonb(t)::text AS row FROM ${quote(table)} t WHERE NOT (${refers})`, [needles]);
    out[table] = rows.map((r) => r.row).sort();
  }
  return out;
}

/**
 * Foreign keys whose referencing columns lead no index: deleting a referenced row then scans the
 * whole referencing table once per deleted row. `referenced`: the tables a purge deletes from.
 */
export async function unindexedForeignKeys(db: DataSource, referenced: string[]): Promise<string[]> {
  const rows: { constraint: string }[] = await db.query(
    `SELECT c.conname AS "constraint"
       FROM pg_constraint c
      WHERE c.contype = 'f' AND c.confrelid::regclass::text = ANY($1::text[])
        AND NOT EXISTS (
          SELECT 1 FROM pg_index i
           WHERE i.indrelid = c.conrelid AND (i.indkey::int2[])[0:cardinality(c.conkey) - 1] @> c.conkey AND i.indkey[0] = c.conkey[1])
      ORDER BY 1`,
    [referenced],
  );
  return rows.map((row) => row.constraint);
}
