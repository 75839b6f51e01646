/**
 * A LIKE/ILIKE pattern matching values that contain `term` literally: `%`, `_` and `\` in the
 * term are escaped (backslash is PostgreSQL's default LIKE escape).
 */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
