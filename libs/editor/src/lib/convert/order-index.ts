/** The digits of an order index, in ascending character order (so strings compare as numbers do). */
const DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

const digit = (text: string, index: number, fallback: number) => {
  if (index >= text.length) return fallback;
  const value = DIGITS.indexOf(text[index]);
  return value < 0 ? fallback : value;
};

/**
 * An order index strictly between `before` and `after` (either may be absent), compared as
 * strings: how a table's new record is placed between its neighbours (the model orders records
 * by `orderIndex`, and the server writes `000000`, `000001`...). `before` must sort below `after`.
 */
export function orderIndexBetween(before: string | undefined, after: string | undefined): string {
  const low = before ?? '';
  let high = after;
  let out = '';
  for (let index = 0; ; index++) {
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
