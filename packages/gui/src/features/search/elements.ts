import { ELEMENT_NAMES, ELEMENT_SYMBOLS } from '@oasis/chem';

/** The table's cells: H to Og and the hypothetical element 119, ununennium, of spec 2 §9's period 8. */
const SYMBOLS = [...ELEMENT_SYMBOLS.slice(1), 'Uue'];
const NAMES = [...ELEMENT_NAMES.slice(1), 'Ununennium'];

/** An element as the periodic table shows it (display data only). */
export interface ElementCell {
  symbol: string;
  name: string;
  number: number;
  /** 1..8; 8 is the hypothetical period of element 119. */
  period: number;
  /** Column 1..18 of the grid (spec 2 §9 xpos). */
  xpos: number;
  /** Row 1..10: 1-7 the periods, 8 period 8, 9 the lanthanides, 10 the actinides (spec 2 §9 ypos). */
  ypos: number;
  /** The same as xpos and ypos, for grid placement. */
  x: number;
  y: number;
}

const PERIOD_STARTS = [1, 3, 11, 19, 37, 55, 87, 119];

const periodOf = (number: number): number => PERIOD_STARTS.filter((start) => number >= start).length;

/** Position in the 18 x 10 grid, from the atomic number. */
function position(number: number): { x: number; y: number } {
  if (number === 1) return { x: 1, y: 1 };
  if (number === 2) return { x: 18, y: 1 };
  if (number === 119) return { x: 1, y: 8 };
  if (number <= 18) {
    const period = number <= 10 ? 2 : 3;
    const index = number - (period === 2 ? 3 : 11); // 0..7 within the period
    return { x: index < 2 ? index + 1 : index + 11, y: period };
  }
  if (number <= 54) {
    const period = number <= 36 ? 4 : 5;
    return { x: number - (period === 4 ? 18 : 36), y: period };
  }
  const period = number <= 86 ? 6 : 7;
  const start = period === 6 ? 55 : 87;
  const offset = number - start;
  if (offset < 2) return { x: offset + 1, y: period };
  // The 15 lanthanides (actinides) are shown in their own row below the table, columns 3 to 17.
  if (offset < 17) return { x: offset + 1, y: period + 3 };
  return { x: offset - 13, y: period };
}

export const ELEMENTS: readonly ElementCell[] = SYMBOLS.map((symbol, index) => {
  const number = index + 1;
  const { x, y } = position(number);
  return { symbol, name: NAMES[index] ?? symbol, number, period: periodOf(number), xpos: x, ypos: y, x, y };
});
