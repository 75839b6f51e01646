import { types } from 'pg';

/** PostgreSQL's type id of `timestamptz`. */
const TIMESTAMPTZ_OID = 1184;
/** pg's own parser (`postgres-date`), for what the fast path does not read. */
const parsePostgresDate = types.getTypeParser(TIMESTAMPTZ_OID, 'text') as (text: string) => Date | number | null;

const digit = (text: string, at: number): number => {
  const code = text.charCodeAt(at) - 48;
  return code >= 0 && code <= 9 ? code : NaN;
};
const twoDigits = (text: string, at: number): number => digit(text, at) * 10 + digit(text, at + 1);

/**
 * A `timestamptz` as PostgreSQL prints it with DateStyle ISO (`2026-11-22 13:09:32.123456+00`,
 * the offset also `+05:30`), read by position instead of by regular expressions. Every row of
 * every list carries two or three of them, and `postgres-date` (pg's parser: three regular
 * expressions, `parseInt` per field) took 4 % of a spaces page's CPU. Anything else (infinity,
 * BC, years below 100 or above 9999, an offset with seconds) goes to `postgres-date`, and the
 * fast path gives exactly its Date, as the tests check on random values and every fraction.
 */
export function parseTimestamptz(text: string): Date | number | null {
  const length = text.length;
  if (length >= 22 && text.charCodeAt(4) === 45 && text.charCodeAt(7) === 45 && text.charCodeAt(10) === 32 && text.charCodeAt(13) === 58 && text.charCodeAt(16) === 58) {
    const year = twoDigits(text, 0) * 100 + twoDigits(text, 2);
    let at = 19;
    let ms = 0;
    if (text.charCodeAt(at) === 46) {
      // Milliseconds are the fraction's first three digits: what postgres-date's
      // 1000 * parseFloat(fraction) truncates to in Date.UTC, for every fraction of 1 to 6 digits.
      for (at++; at < length && digit(text, at) >= 0; at++) if (at < 23) ms += digit(text, at) * (at === 20 ? 100 : at === 21 ? 10 : 1);
    }
    const sign = text.charCodeAt(at) === 43 ? 1 : text.charCodeAt(at) === 45 ? -1 : 0;
    const rest = length - at;
    if (year >= 100 && sign !== 0 && (rest === 3 || (rest === 6 && text.charCodeAt(at + 3) === 58))) {
      const offset = sign * (twoDigits(text, at + 1) * 60 + (rest === 6 ? twoDigits(text, at + 4) : 0)) * 60_000;
      const time = Date.UTC(year, twoDigits(text, 5) - 1, twoDigits(text, 8), twoDigits(text, 11), twoDigits(text, 14), twoDigits(text, 17), ms) - offset;
      if (!Number.isNaN(time)) return new Date(time);
    }
  }
  return parsePostgresDate(text);
}

/** Makes `pg` (and so TypeORM) read `timestamptz` with `parseTimestamptz`; idempotent. */
export function installTimestampParser(): void {
  types.setTypeParser(TIMESTAMPTZ_OID, parseTimestamptz);
}
