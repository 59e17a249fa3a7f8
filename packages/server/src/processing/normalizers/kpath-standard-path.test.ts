import type { Mat3 } from '@oasis/chem';
import { describe, expect, it } from 'vitest';
import { standardBrillouinZone } from './kpath-special-points.ts';
import { pathNames, standardBandPath } from './kpath-standard-path.ts';

const a = 4;
const cubic: Mat3 = [
  [a, 0, 0],
  [0, a, 0],
  [0, 0, a],
];
const fccPrimitive: Mat3 = [
  [0, a / 2, a / 2],
  [a / 2, 0, a / 2],
  [a / 2, a / 2, 0],
];
const abs = (k: readonly number[]) => k.map(Math.abs).sort();

describe('standardBandPath', () => {
  const zone = standardBrillouinZone('cF', cubic, fccPrimitive)!;

  it('gives the fcc path Γ-X-W-K-Γ-L-U-W-L-K | U-X', () => {
    expect(pathNames('FCC')).toEqual([
      ['Γ', 'X', 'W', 'K', 'Γ', 'L', 'U', 'W', 'L', 'K'],
      ['U', 'X'],
    ]);
    const path = standardBandPath(fccPrimitive, zone)!;
    expect(path.map((s) => s.labels.join('-'))).toEqual([
      'Γ-X',
      'X-W',
      'W-K',
      'K-Γ',
      'Γ-L',
      'L-U',
      'U-W',
      'W-L',
      'L-K',
      'U-X',
    ]);
    expect(path[0]!.end).toEqual([0.5, 0, 0.5]);
  });

  it('maps the points into a conventional (supercell) basis of the same crystal', () => {
    // In the cubic cell's reciprocal basis (units 2π/a) fcc's X is a unit vector and L is (½, ½, ½).
    const path = standardBandPath(cubic, zone)!;
    const x = path.find((s) => s.labels[1] === 'X')!.end;
    const l = path.find((s) => s.labels[1] === 'L')!.end;
    expect(abs(x).map((v) => +v.toFixed(12))).toEqual([0, 0, 1]);
    expect(abs(l).map((v) => +v.toFixed(12))).toEqual([0.5, 0.5, 0.5]);
  });

  it('has no path for a cell of another lattice, and refuses an unknown variant', () => {
    const tetragonal: Mat3 = [
      [a, 0, 0],
      [0, a, 0],
      [0, 0, 1.3 * a],
    ];
    expect(standardBandPath(tetragonal, zone)).toBeUndefined();
    expect(() => pathNames('TRI1a')).toThrow(/no standard path for the lattice variant 'TRI1a'/);
  });
});
