import { orderIndexBetween, orderIndexesInOrder } from './order-index';

describe('order indexes of a table`s records', () => {
  it('places an index strictly between two (or before the first, after the last)', () => {
    for (const [before, after] of [
      ['000001', '000002'],
      [undefined, '000000'],
      ['000002', undefined],
      ['a0', 'a1'],
    ] as const) {
      const index = orderIndexBetween(before, after)!;
      if (before !== undefined) expect(index > before).toBe(true);
      if (after !== undefined) expect(index < after).toBe(true);
    }
  });

  it('says where no index fits', () => {
    expect(orderIndexBetween(undefined, '000000')).toBe('00000');
    expect(orderIndexBetween('0', '00')).toBeUndefined();
    expect(orderIndexBetween(undefined, '0')).toBeUndefined();
  });

  it('keeps indexes already in order (ties too), and gives new records one between their neighbours', () => {
    expect(orderIndexesInOrder(['000000', '000001', '000001', '000002'])).toEqual(['000000', '000001', '000001', '000002']);
    const filled = orderIndexesInOrder(['000000', undefined, undefined, '000001']);
    expect(filled[0]).toBe('000000');
    expect(filled[3]).toBe('000001');
    expect(filled[0] < filled[1] && filled[1] < filled[2] && filled[2] < filled[3]).toBe(true);
  });

  it('where a row was moved, only the moved row gets a new index, sorting where the row now is', () => {
    // The last row moved to the top.
    const moved = orderIndexesInOrder(['000003', '000000', '000001', '000002']);
    expect(moved).toEqual(['00000', '000000', '000001', '000002']);
    // The first row moved down one.
    const down = orderIndexesInOrder(['000001', '000000', '000002']);
    expect(down.filter((index, i) => index !== ['000001', '000000', '000002'][i])).toHaveLength(1);
    expect([...down].sort()).toEqual(down);
  });

  it('numbers every record again where the moved row has no room', () => {
    expect(orderIndexesInOrder(['0', '00', '000'].reverse())).toEqual(['000000', '000001', '000002']);
  });
});
