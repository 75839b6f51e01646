/**
 * Fractional order keys: strings that sort byte by byte (PostgreSQL `COLLATE "C"`, JavaScript's
 * `<`), between any two of which another can always be made. Moving an item writes only its own
 * key; its siblings never change.
 *
 * A key is an integer part followed by an optional fraction, over the base-62 digits
 * `0-9A-Za-z`. The integer part's first character gives its length: `a`..`z` are 2..27
 * characters for non-negative integers, `Z`..`A` the same for negative ones, so that appending at
 * the end (the common case) increments a short integer (`a0`, `a1`, ... `az`, `b00`) instead of
 * growing a fraction. Inserting between two neighbours takes the midpoint of their fractions.
 * This is the scheme of "fractional indexing" (D. Greenspan, Figma; rocicorp/fractional-indexing).
 */

export const ORDER_KEY_DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const ZERO = ORDER_KEY_DIGITS[0];
const LAST_DIGIT = ORDER_KEY_DIGITS[ORDER_KEY_DIGITS.length - 1];
const INTEGER_ZERO = 'a0';
const SMALLEST_INTEGER = 'A' + ZERO.repeat(26);

export class InvalidOrderKeyError extends Error {
  constructor(key: string, reason: string) {
    super(`invalid order key ${JSON.stringify(key)}: ${reason}`);
    this.name = 'InvalidOrderKeyError';
  }
}

function integerLength(head: string): number {
  if (head >= 'a' && head <= 'z') return head.charCodeAt(0) - 'a'.charCodeAt(0) + 2;
  if (head >= 'A' && head <= 'Z') return 'Z'.charCodeAt(0) - head.charCodeAt(0) + 2;
  throw new InvalidOrderKeyError(head, 'the first character must be a letter');
}

function integerPart(key: string): string {
  const length = integerLength(key[0] ?? '');
  if (length > key.length) throw new InvalidOrderKeyError(key, 'the integer part is cut short');
  return key.slice(0, length);
}

function isDigits(value: string): boolean {
  for (const char of value) if (!ORDER_KEY_DIGITS.includes(char)) return false;
  return true;
}

/** Throws unless `key` is a key this module could have made. */
export function assertOrderKey(key: string): void {
  if (key === SMALLEST_INTEGER) throw new InvalidOrderKeyError(key, 'the smallest integer has no key below it');
  const integer = integerPart(key);
  if (!isDigits(key.slice(1))) throw new InvalidOrderKeyError(key, 'only base-62 digits may follow the first character');
  if (key.length > integer.length && key.endsWith(ZERO)) throw new InvalidOrderKeyError(key, 'a fraction cannot end in 0');
}

export function isOrderKey(key: string): boolean {
  try {
    assertOrderKey(key);
    return true;
  } catch {
    return false;
  }
}

/** A fraction strictly between fractions `a` and `b` (`b` null: no upper bound); neither ends in 0. */
function midpoint(a: string, b: string | null): string {
  if (b !== null && a >= b) throw new Error(`midpoint: ${a} >= ${b}`);
  if (b !== null) {
    // Skip the common prefix (a is padded with zeros).
    let n = 0;
    while ((a[n] ?? ZERO) === b[n]) n++;
    if (n > 0) return b.slice(0, n) + midpoint(a.slice(n), b.slice(n));
  }
  const digitA = a ? ORDER_KEY_DIGITS.indexOf(a[0]) : 0;
  const digitB = b !== null ? ORDER_KEY_DIGITS.indexOf(b[0]) : ORDER_KEY_DIGITS.length;
  if (digitB - digitA > 1) return ORDER_KEY_DIGITS[Math.round((digitA + digitB) / 2)];
  // Consecutive first digits.
  if (b !== null && b.length > 1) return b.slice(0, 1);
  return ORDER_KEY_DIGITS[digitA] + midpoint(a.slice(1), null);
}

function incrementInteger(integer: string): string | null {
  const [head, ...digits] = integer.split('');
  let carry = true;
  for (let i = digits.length - 1; carry && i >= 0; i--) {
    const next = ORDER_KEY_DIGITS.indexOf(digits[i]) + 1;
    if (next === ORDER_KEY_DIGITS.length) {
      digits[i] = ZERO;
    } else {
      digits[i] = ORDER_KEY_DIGITS[next];
      carry = false;
    }
  }
  if (!carry) return head + digits.join('');
  if (head === 'Z') return 'a' + ZERO;
  if (head === 'z') return null;
  const nextHead = String.fromCharCode(head.charCodeAt(0) + 1);
  if (nextHead > 'a') digits.push(ZERO);
  else digits.pop();
  return nextHead + digits.join('');
}

function decrementInteger(integer: string): string | null {
  const [head, ...digits] = integer.split('');
  let borrow = true;
  for (let i = digits.length - 1; borrow && i >= 0; i--) {
    const previous = ORDER_KEY_DIGITS.indexOf(digits[i]) - 1;
    if (previous === -1) {
      digits[i] = LAST_DIGIT;
    } else {
      digits[i] = ORDER_KEY_DIGITS[previous];
      borrow = false;
    }
  }
  if (!borrow) return head + digits.join('');
  if (head === 'a') return 'Z' + LAST_DIGIT;
  if (head === 'A') return null;
  const previousHead = String.fromCharCode(head.charCodeAt(0) - 1);
  if (previousHead < 'Z') digits.push(LAST_DIGIT);
  else digits.pop();
  return previousHead + digits.join('');
}

/**
 * A key strictly between `before` and `after`. `before` null: below `after` (the first place);
 * `after` null: above `before` (the last place); both null: the first key of an empty list.
 */
export function keyBetween(before: string | null, after: string | null): string {
  if (before !== null) assertOrderKey(before);
  if (after !== null) assertOrderKey(after);
  if (before !== null && after !== null && before >= after) {
    throw new Error(`keyBetween: ${JSON.stringify(before)} is not below ${JSON.stringify(after)}`);
  }
  if (before === null) {
    if (after === null) return INTEGER_ZERO;
    const integer = integerPart(after);
    const fraction = after.slice(integer.length);
    if (integer === SMALLEST_INTEGER) return integer + midpoint('', fraction);
    if (integer < after) return integer;
    const lower = decrementInteger(integer);
    if (lower === null) throw new Error('keyBetween: no key below the smallest');
    return lower;
  }
  const integer = integerPart(before);
  const fraction = before.slice(integer.length);
  if (after === null) {
    const higher = incrementInteger(integer);
    return higher === null ? integer + midpoint(fraction, null) : higher;
  }
  const afterInteger = integerPart(after);
  if (integer === afterInteger) return integer + midpoint(fraction, after.slice(afterInteger.length));
  const higher = incrementInteger(integer);
  if (higher === null) throw new Error('keyBetween: integer overflow');
  return higher < after ? higher : integer + midpoint(fraction, null);
}
