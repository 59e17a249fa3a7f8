import { describe, expect, it } from 'vitest';
import { reciprocalCell } from '../../normalizers/electronic-kspace.ts';
import { bandEdgesOf, bandStructureOf, dosOf, eigenvaluesOf } from './electronic.ts';
import type { RawDos, RawKpoints } from './raw.ts';
import { EV } from './units.ts';

describe('VASP electronic structure', () => {
  it('keeps only the density of a non-collinear DOS (4 sets: n, mx, my, mz)', () => {
    const raw: RawDos = {
      efermi: 1,
      energies: [0, 1],
      total: [
        [1, 2],
        [0.1, 0.2],
        [0.3, 0.4],
        [0.5, 0.6],
      ],
      integrated: [
        [0, 1],
        [0, 0],
        [0, 0],
        [0, 0],
      ],
    };
    const sections = dosOf(raw, ['Fe'], 1);
    expect(sections).toHaveLength(1);
    expect(sections[0]?.spin_channel).toBeUndefined();
    expect(sections[0]?.total[0]?.value).toEqual([1 / EV, 2 / EV]);
  });

  it('leaves out eigenvalues and band structures that do not fit the k-points', () => {
    const warnings: string[] = [];
    const kpoints: RawKpoints = {
      generation: 'listgenerated',
      divisions: [2],
      list: [[0, 0, 0]],
      weights: [1],
    };
    const raw = { energies: [[[1], [2]]], occupations: [[[1], [0]]] };
    expect(eigenvaluesOf(raw, kpoints, (w) => warnings.push(w))).toBeUndefined();
    const lattice: [[number, number, number], [number, number, number], [number, number, number]] = [
      [1, 0, 0],
      [0, 1, 0],
      [0, 0, 1],
    ];
    expect(bandStructureOf(raw, kpoints, lattice, undefined, (w) => warnings.push(w))).toBeUndefined();
    expect(warnings).toEqual([
      'eigenvalues cover 2 k-points but the k-point list has 1: eigenvalues left out',
      'line-mode k-points (1) do not split into segments of 2 points: no band structure',
    ]);
  });

  it('finds band edges by occupation and the reciprocal cell without 2π', () => {
    expect(bandEdgesOf({ energies: [[[-1, 0.5, 2]]], occupations: [[[1, 0.5, 0.49]]] })).toEqual({
      highestOccupied: 0.5 * EV,
      lowestUnoccupied: 2 * EV,
    });
    expect(bandEdgesOf({ energies: [[[3]]], occupations: [[[0]]] })).toEqual({ lowestUnoccupied: 3 * EV });
    // Orthorhombic 2 × 4 × 5 cell: b_i = 1/a_i along the axes.
    expect(
      reciprocalCell([
        [2, 0, 0],
        [0, 4, 0],
        [0, 0, 5],
      ]),
    ).toEqual([
      [0.5, 0, 0],
      [0, 0.25, 0],
      [0, 0, 0.2],
    ]);
  });
});
