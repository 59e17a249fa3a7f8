import { describe, expect, it } from 'vitest';
import {
  arrayPreview,
  formatArchiveNumber,
  jsonForDisplay,
  listWindow,
  matrixLayout,
  moreItemsText,
  revealStep,
  shapeOf,
} from './format.ts';

describe('formatArchiveNumber', () => {
  it('uses exponent notation outside 1e-5 to 1e5', () => {
    expect(formatArchiveNumber(1.5e-7)).toBe('1.5e-7');
    expect(formatArchiveNumber(-2.5e-18)).toBe('-2.5e-18');
    expect(formatArchiveNumber(123456.7)).toBe('1.23457e+5');
    expect(formatArchiveNumber(1e5)).toBe('1e+5');
    expect(formatArchiveNumber(99999)).toBe('99999');
    expect(formatArchiveNumber(1e-5)).toBe('0.00001');
    expect(formatArchiveNumber(0.123456789)).toBe('0.123457');
    expect(formatArchiveNumber(0)).toBe('0');
  });

  it('writes integers of integer quantities as they are', () => {
    expect(formatArchiveNumber(1234567, true)).toBe('1234567');
    expect(formatArchiveNumber(1234567)).toBe('1.23457e+6');
  });
});

describe('arrays and lists', () => {
  it("shows 5 items then 'and N more items'", () => {
    expect(arrayPreview([1, 2, 3, 4, 5, 6, 7])).toEqual({ items: [1, 2, 3, 4, 5], more: 2 });
    expect(arrayPreview([1, 2])).toEqual({ items: [1, 2], more: 0 });
    expect(moreItemsText(2)).toBe('and 2 more items');
  });

  it('shows the first 50 and the last 5 items, revealing the middle 25 at a time', () => {
    expect(listWindow(55)).toEqual({ head: [...Array(55).keys()], hidden: 0, tail: [] });
    const window = listWindow(200);
    expect(window.head).toHaveLength(50);
    expect(window.tail).toEqual([195, 196, 197, 198, 199]);
    expect(window.hidden).toBe(145);
    expect(revealStep(window.hidden)).toBe(25);
    const more = listWindow(200, 25);
    expect(more.head).toHaveLength(75);
    expect(more.hidden).toBe(120);
    expect(listWindow(80, 25)).toEqual({ head: [...Array(80).keys()], hidden: 0, tail: [] });
    expect(revealStep(7)).toBe(7);
  });
});

describe('jsonForDisplay', () => {
  it('leaves out strings longer than 1000 characters', () => {
    const json = jsonForDisplay({ short: 'abc', long: 'x'.repeat(1001), limit: 'y'.repeat(1000) });
    expect(JSON.parse(json)).toEqual({ short: 'abc', limit: 'y'.repeat(1000) });
  });
});

describe('matrixLayout', () => {
  it('is at most 300 px high with rows of 24 px and columns of at least 92 px', () => {
    expect(matrixLayout(3, 3)).toEqual({ height: 72, rowHeight: 24, columnWidth: 92, width: 276 });
    expect(matrixLayout(1000, 2, 400)).toEqual({ height: 300, rowHeight: 24, columnWidth: 200, width: 400 });
    expect(matrixLayout(10, 10, 500).columnWidth).toBe(92);
  });

  it('reads shapes of nested arrays', () => {
    expect(shapeOf(1)).toEqual([]);
    expect(
      shapeOf([
        [1, 2, 3],
        [4, 5, 6],
      ]),
    ).toEqual([2, 3]);
  });
});
