/** The digits of an order index, in ascending character order (so strings compare as numbers do). */
const DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

const digit = (text: string, index: number, fallback: number) => {
  if (index >= text.length) return fallback;
  const value = DIGITS.indexOf(text[index]);
  return value < 0 ? fallback : value;
};

/**
 * An order index strictly between `before` and `after` (either may be absent), compared as
 * strings: how a table's record is placed between its neighbours (the model orders records by
 * `orderIndex`, and the server writes `000000`, `000001`...). `before` must sort below `after`.
 * Undefined where no string fits: below `000000` only its prefixes sort (`00000`), and nothing
 * sorts between `0` and `00`.
 */
export function orderIndexBetween(before: string | undefined, after: string | undefined): string | undefined {
  const low = before ?? '';
  let high = after;
  let out = '';
  for (let index = 0; ; index++) {
    if (high !== undefined && index >= high.length) {
      // Everything so far is `after` itself: only a shorter prefix of it sorts below it.
      const prefix = high.slice(0, -1);
      return prefix !== '' && prefix > low ? prefix : undefined;
    }
    const a = digit(low, index, 0);
    const b = high === undefined ? DIGITS.length : digit(high, index, DIGITS.length);
    if (a === b) {
      out += DIGITS[a];
      continue;
    }
    const middle = Math.floor((a + b) / 2);
    if (middle > a) return out + DIGITS[middle];
    // Adjacent digits: keep the lower one; anything after it sorts below `after`.
    out += DIGITS[a];
    high = undefined;
  }
}

/**
 * The order indexes of records shown in this order, from those they had (`undefined`: a new
 * record). Indexes already in order are kept, so an unchanged table writes what it read; where rows
 * were moved, the most rows that are still in order keep theirs and the others get one between
 * their new neighbours' (where none fits, all are numbered again).
 */
export function orderIndexesInOrder(existing: (string | undefined)[]): string[] {
  const defined = existing.map((index, position) => ({ index, position })).filter((entry): entry is { index: string; position: number } => entry.index !== undefined);
  const inOrder = defined.every((entry, i) => i === 0 || defined[i - 1].index <= entry.index);
  const kept = new Set(inOrder ? defined.map((entry) => entry.position) : longestIncreasing(defined));
  const out: (string | undefined)[] = existing.map((index, position) => (kept.has(position) ? index : undefined));
  for (let i = 0; i < out.length; i++) {
    if (out[i] !== undefined) continue;
    const next = out.slice(i + 1).find((index) => index !== undefined);
    out[i] = orderIndexBetween(out[i - 1], next);
    // No room where the row now is: every record is numbered again, as the server numbers them.
    if (out[i] === undefined) return existing.map((_, position) => String(position).padStart(6, '0'));
  }
  return out as string[];
}

/** The positions of a longest strictly increasing run (not necessarily contiguous) of indexes. */
function longestIncreasing(entries: { index: string; position: number }[]): number[] {
  // Patience sorting: tails[k] is the entry ending the best run of length k + 1.
  const tails: number[] = [];
  const previous: number[] = [];
  entries.forEach((entry, i) => {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (entries[tails[middle]].index < entry.index) low = middle + 1;
      else high = middle;
    }
    previous[i] = low > 0 ? tails[low - 1] : -1;
    tails[low] = i;
  });
  const out: number[] = [];
  for (let i = tails.length > 0 ? tails[tails.length - 1] : -1; i >= 0; i = previous[i]) out.unshift(entries[i].position);
  return out;
}
