import fc from 'fast-check';
import { types } from 'pg';
import { parseTimestamptz } from './timestamp-parser';

const postgresDate = types.getTypeParser(1184, 'text') as (text: string) => Date | number | null;
const pad = (value: number, width: number) => String(value).padStart(width, '0');
const same = (text: string) => {
  const fast = parseTimestamptz(text);
  const reference = postgresDate === parseTimestamptz ? fast : postgresDate(text);
  expect([text, fast instanceof Date ? fast.getTime() : fast]).toEqual([text, reference instanceof Date ? reference.getTime() : reference]);
};

describe('parseTimestamptz', () => {
  it('reads what PostgreSQL prints exactly as postgres-date does (random instants, fractions and offsets)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 9999 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 28 }),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 59 }),
        fc.integer({ min: 0, max: 59 }),
        fc.option(fc.stringMatching(/^[0-9]{1,6}$/)),
        fc.constantFrom('+00', '-00', '+01', '-08', '+05:30', '-03:30', '+14', '-12:45'),
        (year, month, day, hour, minute, second, fraction, offset) => {
          same(`${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)} ${pad(hour, 2)}:${pad(minute, 2)}:${pad(second, 2)}${fraction ? `.${fraction}` : ''}${offset}`);
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('every fraction of 1 to 5 digits, and every 37th of 6', () => {
    const differ: string[] = [];
    for (let digits = 1; digits <= 6; digits++) {
      for (let value = 0; value < 10 ** digits; value += digits === 6 ? 37 : 1) {
        const text = `2026-11-22 13:09:32.${pad(value, digits)}+00`;
        if ((parseTimestamptz(text) as Date).getTime() !== (postgresDate(text) as Date).getTime()) differ.push(text);
      }
    }
    expect(differ).toEqual([]);
  });

  it('hands everything else to postgres-date: infinity, BC, years below 100 or of five digits, offsets with seconds, garbage', () => {
    for (const text of ['infinity', '-infinity', '0044-03-15 12:00:00+00 BC', '0099-01-01 00:00:00+00', '12345-01-01 00:00:00+00', '1900-01-01 00:00:00+00:19:32', '2026-11-22', 'not a date', '2026-11-22 13:09:32.5Z']) {
      same(text);
    }
  });
});
