/**
 * Column widths as percentages of the columns block (the reference's `Length`, written
 * `{ unit: '%', value }` as GitBook writes them). A column without a width shares what the others
 * leave, as the sites lay them out; a number (a length without unit) is not a share of the row.
 */
export type Length = number | { unit: string; value: number };

/** No column narrower than this when one is resized or the widths are shared out. */
export const MIN_COLUMN_WIDTH = 10;

/** A width as a share of the row, where it is one. */
export const percentOf = (width: unknown): number | undefined =>
  typeof width === 'object' && width !== null && (width as Length & object).unit === '%' && typeof (width as { value: unknown }).value === 'number' ? (width as { value: number }).value : undefined;

export const percentWidth = (value: number): Length => ({ unit: '%', value: Math.round(value * 100) / 100 });

/** The widths the columns are shown at: their own, the rest shared equally by those without. */
export function shownWidths(widths: unknown[]): number[] {
  const own = widths.map(percentOf);
  const unset = own.filter((width) => width === undefined).length;
  const rest = Math.max(0, 100 - own.reduce<number>((sum, width) => sum + (width ?? 0), 0));
  return own.map((width) => width ?? (unset > 0 ? rest / unset : 0));
}

/** `count` equal shares of the row. */
export const equalWidths = (count: number): number[] => Array.from({ length: count }, () => 100 / count);

/**
 * The widths after column `index` is set to `value`: its neighbour (the next, or the previous for
 * the last column) gives or takes the difference, so the row stays whole; neither goes below the
 * minimum. One column alone takes the whole row.
 */
export function resizeColumn(widths: number[], index: number, value: number): number[] {
  if (widths.length < 2) return [100];
  const neighbour = index === widths.length - 1 ? index - 1 : index + 1;
  const pair = widths[index] + widths[neighbour];
  const next = Math.min(Math.max(value, MIN_COLUMN_WIDTH), pair - MIN_COLUMN_WIDTH);
  const out = [...widths];
  out[index] = next;
  out[neighbour] = pair - next;
  return out;
}
