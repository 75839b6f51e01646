import { keysetCondition, keysetConditionSql } from './keyset-condition';

describe('keysetCondition', () => {
  it('uses one row comparison when all keys sort the same way', () => {
    const { sql, params } = keysetCondition(
      [
        { expression: 'm.joined_at', direction: 'DESC', cast: 'timestamptz' },
        { expression: 'm.user_id', direction: 'DESC' },
      ],
      ['2026-01-01T00:00:00.000Z', 'abc'],
    );
    expect(sql).toBe('(m.joined_at, m.user_id) < (CAST(:keyset0 AS timestamptz), :keyset1)');
    expect(params).toEqual({ keyset0: '2026-01-01T00:00:00.000Z', keyset1: 'abc' });
  });

  it('uses > for ascending order and a plain comparison for a single key', () => {
    expect(keysetCondition([{ expression: 't.id', direction: 'ASC' }], ['x']).sql).toBe('t.id > :keyset0');
  });

  it('expands mixed directions into a disjunction', () => {
    const { sql } = keysetCondition(
      [
        { expression: 'a', direction: 'ASC' },
        { expression: 'b', direction: 'DESC' },
        { expression: 'c', direction: 'ASC' },
      ],
      [1, 2, 3],
    );
    expect(sql).toBe('((a > :keyset0) OR (a = :keyset0 AND b < :keyset1) OR (a = :keyset0 AND b = :keyset1 AND c > :keyset2))');
  });

  it('refuses values that do not match the keys', () => {
    expect(() => keysetCondition([{ expression: 'a', direction: 'ASC' }], [1, 2])).toThrow();
  });

  it('numbers positional parameters from the given one for hand-written SQL', () => {
    expect(
      keysetConditionSql(
        [
          { expression: 'm.joined_at', direction: 'DESC', cast: 'timestamptz' },
          { expression: 'm.user_id', direction: 'DESC' },
        ],
        ['2026-01-01T00:00:00.000Z', 'abc'],
        3,
      ),
    ).toEqual({ sql: '(m.joined_at, m.user_id) < (CAST($3 AS timestamptz), $4)', values: ['2026-01-01T00:00:00.000Z', 'abc'] });
    expect(keysetConditionSql([{ expression: 'a', direction: 'ASC' }, { expression: 'b', direction: 'DESC' }], [1, 2], 2).sql).toBe(
      '((a > $2) OR (a = $2 AND b < $3))',
    );
    expect(() => keysetConditionSql([{ expression: 'a', direction: 'ASC' }], [], 1)).toThrow();
  });
});
