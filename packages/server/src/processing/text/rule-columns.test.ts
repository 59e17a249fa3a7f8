import { describe, expect, it } from 'vitest';
import { readText } from './read-text.ts';
import { columns } from './rule-columns.ts';

const OUTPUT = [
  ' k-point   1 :       0.0000    0.0000    0.0000',
  '  band No.  band energies     occupation',
  '      1      -6.1000      2.00000',
  '      2       5.9e0       1.0',
  '      3       .       0.00000',
  '      4       7.2000      0.00000',
  '',
  '      5       9.9000      0.00000',
].join('\n');

const ROW = /^\s*\d+\s+(\S+)\s+(\S+)\s*$/;

describe('columns', () => {
  it('reads the groups of consecutive rows into one array each, reporting rows that are no numbers', () => {
    const { values, warnings } = readText({ bands: columns(/band No\./, ROW, 2) }, OUTPUT, 'OUTCAR');
    expect(values.bands).toEqual([
      [-6.1, 5.9, 7.2],
      [2, 1, 0],
    ]);
    expect(warnings).toEqual(["OUTCAR line 5: expected 2 numbers, found '3       .       0.00000'"]);
  });

  it('skips lines under the heading and gives empty columns without a heading', () => {
    const skipped = readText({ bands: columns(/k-point/, ROW, 2, { skip: 1 }) }, OUTPUT, 'x');
    expect(skipped.values.bands[0]).toEqual([-6.1, 5.9, 7.2]);
    expect(readText({ bands: columns(/no such heading/, ROW, 2) }, OUTPUT, 'x').values.bands).toEqual([
      [],
      [],
    ]);
  });
});
