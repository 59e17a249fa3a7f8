import { describe, expect, it } from 'vitest';
import { readDoscar } from './doscar.ts';

const HEADER = ['   1   1   1   0', '  0.1E+02', '  1.0E-004', '  CAR ', ' test'];
const INFO = '      5.00000000     -5.00000000    2      0.50000000      1.00000000';

describe('readDoscar', () => {
  it('reads a spin-polarised DOS with s/p/d projections (up and down interleaved)', () => {
    const text = [
      ...HEADER,
      INFO,
      '  -5.000  0.1000E+01  0.2000E+01  0.3000E+01  0.4000E+01',
      '   5.000  0.5000E+01  0.6000E+01  0.7000E+01  0.8000E+01',
      INFO,
      '  -5.000  1 2 3 4 5 6',
      '   5.000  7 8 9 10 11 12',
    ].join('\n');
    const dos = readDoscar(text, 1, false);
    expect(dos.efermi).toBe(0.5);
    expect(dos.energies).toEqual([-5, 5]);
    expect(dos.total).toEqual([
      [1, 5],
      [2, 6],
    ]);
    expect(dos.integrated).toEqual([
      [3, 7],
      [4, 8],
    ]);
    expect(dos.partial?.fields).toEqual(['s', 'p', 'd']);
    // [ion][spin][orbital][energy]: p down is column 4.
    expect(dos.partial?.values[0]?.[1]?.[1]).toEqual([4, 10]);
  });

  it('keeps only the density of non-collinear projections and checks the ion count', () => {
    const row = (e: string, base: number): string =>
      `  ${e}  ` + Array.from({ length: 12 }, (_, k) => base + k).join(' ');
    const text = [
      ...HEADER,
      INFO,
      '  -5.000  1 2',
      '   5.000  3 4',
      INFO,
      row('-5.000', 0),
      row('5.000', 100),
    ].join('\n');
    const dos = readDoscar(text, 1, true);
    expect(dos.total).toEqual([[1, 3]]);
    // s, p, d each with (density, mx, my, mz): densities are columns 0, 4 and 8.
    expect(dos.partial?.values[0]?.[0]).toEqual([
      [0, 100],
      [4, 104],
      [8, 108],
    ]);
    expect(() => readDoscar(text, 2, true)).toThrow('DOSCAR is for 1 ions, the run has 2');
  });
});
