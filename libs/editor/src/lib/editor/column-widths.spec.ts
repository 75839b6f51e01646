import { equalWidths, percentOf, resizeColumn, shownWidths } from './column-widths';

describe('column widths (shares of the row)', () => {
  it('reads a share where the width is one ({ unit: "%" }), not a bare number', () => {
    expect(percentOf({ unit: '%', value: 40 })).toBe(40);
    expect(percentOf(50)).toBeUndefined();
    expect(percentOf({ unit: 'px', value: 40 })).toBeUndefined();
    expect(percentOf(undefined)).toBeUndefined();
  });

  it('shows columns without a share at what the others leave, equally', () => {
    expect(shownWidths([{ unit: '%', value: 50 }, undefined, undefined])).toEqual([50, 25, 25]);
    expect(shownWidths([undefined, undefined])).toEqual([50, 50]);
    expect(equalWidths(4)).toEqual([25, 25, 25, 25]);
  });

  it('resizes a column against its neighbour (the previous one for the last), the row staying whole, none below the minimum', () => {
    expect(resizeColumn([50, 50], 0, 30)).toEqual([30, 70]);
    expect(resizeColumn([25, 25, 50], 2, 60)).toEqual([25, 15, 60]);
    expect(resizeColumn([50, 50], 0, 95)).toEqual([90, 10]);
    expect(resizeColumn([50, 50], 1, 2)).toEqual([90, 10]);
    expect(resizeColumn([100], 0, 40)).toEqual([100]);
  });
});
