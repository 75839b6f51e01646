import type { CursorValue } from './cursor-codec';

export type SortDirection = 'ASC' | 'DESC';

export interface KeysetTerm {
  /** SQL expression of the sort column, e.g. `member.joined_at`. Never null. */
  expression: string;
  direction: SortDirection;
  /** SQL type the cursor's value is cast to (cursor values travel as JSON text or numbers). */
  cast?: string;
}

/**
 * The WHERE clause that starts a page strictly after the row whose sort values are `after`.
 * When every column sorts the same way it is one row comparison, `(a, b) < ($1, $2)`, which
 * PostgreSQL answers from a matching composite index; mixed directions expand into
 * `a < $1 OR (a = $1 AND b > $2)`.
 */
export function keysetCondition(
  terms: KeysetTerm[],
  after: CursorValue[],
  paramPrefix = 'keyset',
): { sql: string; params: Record<string, CursorValue> } {
  if (terms.length === 0 || terms.length !== after.length) throw new Error('keyset terms and values differ in length');
  const params: Record<string, CursorValue> = {};
  const names = terms.map((_, i) => {
    params[`${paramPrefix}${i}`] = after[i];
    return `:${paramPrefix}${i}`;
  });
  return { sql: keysetSql(terms, names), params };
}

/**
 * The same condition for hand-written SQL with positional parameters: the cursor's values
 * become `$firstParam`, `$firstParam + 1`... to append to the statement's values.
 */
export function keysetConditionSql(terms: KeysetTerm[], after: CursorValue[], firstParam: number): { sql: string; values: CursorValue[] } {
  if (terms.length === 0 || terms.length !== after.length) throw new Error('keyset terms and values differ in length');
  return { sql: keysetSql(terms, terms.map((_, i) => `$${firstParam + i}`)), values: after };
}

function keysetSql(terms: KeysetTerm[], placeholders: string[]): string {
  const names = terms.map((term, i) => (term.cast ? `CAST(${placeholders[i]} AS ${term.cast})` : placeholders[i]));
  const sameDirection = terms.every((t) => t.direction === terms[0].direction);
  if (sameDirection) {
    const op = terms[0].direction === 'ASC' ? '>' : '<';
    if (terms.length === 1) return `${terms[0].expression} ${op} ${names[0]}`;
    return `(${terms.map((t) => t.expression).join(', ')}) ${op} (${names.join(', ')})`;
  }
  const disjuncts = terms.map((term, i) => {
    const equal = terms.slice(0, i).map((t, j) => `${t.expression} = ${names[j]}`);
    const op = term.direction === 'ASC' ? '>' : '<';
    return [...equal, `${term.expression} ${op} ${names[i]}`].join(' AND ');
  });
  return `(${disjuncts.map((d) => `(${d})`).join(' OR ')})`;
}
