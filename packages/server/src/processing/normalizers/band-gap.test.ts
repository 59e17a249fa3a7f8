import { ELECTRON_VOLT as EV } from '@oasis/chem';
import type { Mat3, Vec3 } from '@oasis/chem';
import { describe, expect, it } from 'vitest';
import { bandStructureGaps, dosBandGap, type BandSegment } from './band-gap.ts';

const G: Vec3 = [0, 0, 0];
const X: Vec3 = [0.5, 0, 0];
const M: Vec3 = [0.5, 0.5, 0];
/** Reciprocal cell of a 4 Å cubic cell (1/m, without 2π). */
const RECIPROCAL: Mat3 = [
  [2.5e9, 0, 0],
  [0, 2.5e9, 0],
  [0, 0, 2.5e9],
];

/** A one-segment path Γ -> X; `bands` is [spin][band][k] in eV (transposed to NOMAD's layout). */
function path(bands: number[][][], kpoints: Vec3[] = [G, X]): BandSegment {
  return {
    kpoints,
    energies: bands.map((spin) => kpoints.map((_, k) => spin.map((band) => (band[k] as number) * EV))),
  };
}

describe('band gaps from a band structure', () => {
  it('closes the gap when a band crosses the Fermi level', () => {
    const [gap] = bandStructureGaps(
      [
        path([
          [
            [-5, -4],
            [-1, 1],
            [3, 4],
          ],
        ]),
      ],
      0,
      RECIPROCAL,
    );
    expect(gap).toEqual({ index: 0, value: 0, energy_highest_occupied: 0, energy_lowest_unoccupied: 0 });
  });

  it('finds a direct gap at X', () => {
    // Valence band top -1 eV at X, conduction band bottom 0.5 eV at X.
    const [gap] = bandStructureGaps(
      [
        path([
          [
            [-3, -1],
            [2, 0.5],
          ],
        ]),
      ],
      0,
      RECIPROCAL,
    );
    expect(gap?.type).toBe('direct');
    expect(gap?.value).toBeCloseTo(1.5 * EV, 30);
    expect(gap?.energy_highest_occupied).toBeCloseTo(-1 * EV, 30);
    expect(gap?.energy_lowest_unoccupied).toBeCloseTo(0.5 * EV, 30);
  });

  it('finds an indirect gap from Γ to X', () => {
    // Top -0.5 eV at Γ, bottom 0.7 eV at X.
    const [gap] = bandStructureGaps(
      [
        path([
          [
            [-0.5, -2],
            [3, 0.7],
          ],
        ]),
      ],
      0,
      RECIPROCAL,
    );
    expect(gap?.type).toBe('indirect');
    expect(gap?.value).toBeCloseTo(1.2 * EV, 30);
  });

  it('gives each spin channel its own gap', () => {
    const segment = path([
      [
        [-2, -1],
        [3, 0],
      ],
      [
        [-1.5, -3],
        [4, 0.5],
      ],
    ]);
    // Fermi level at -0.5 eV: spin 0 gap 1 eV at X (direct), spin 1 from -1.5 at Γ to 0.5 at X.
    const gaps = bandStructureGaps([segment], -0.5 * EV, RECIPROCAL);
    expect(gaps.map((g) => g.index)).toEqual([0, 1]);
    expect(gaps[0]?.value).toBeCloseTo(1 * EV, 30);
    expect(gaps[0]?.type).toBe('direct');
    expect(gaps[1]?.value).toBeCloseTo(2 * EV, 30);
    expect(gaps[1]?.type).toBe('indirect');
  });

  it('counts a band reaching less than 0.05 eV past the Fermi level as occupied', () => {
    const [gap] = bandStructureGaps(
      [
        path([
          [
            [-1, 0.03],
            [1, 2],
          ],
        ]),
      ],
      0,
      RECIPROCAL,
    );
    expect(gap?.energy_highest_occupied).toBeCloseTo(0.03 * EV, 30);
    expect(gap?.value).toBeCloseTo(0.97 * EV, 30);
  });

  it('treats the shared end points of consecutive segments as one k-point', () => {
    // Γ-X then X-M: the top is at the end of the first segment, the bottom at the start of the second.
    const first = path(
      [
        [
          [-2, -1],
          [3, 2],
        ],
      ],
      [G, X],
    );
    const second = path(
      [
        [
          [-1, -3],
          [0.5, 4],
        ],
      ],
      [X, M],
    );
    const [gap] = bandStructureGaps([first, second], 0, RECIPROCAL);
    expect(gap?.type).toBe('direct');
    expect(gap?.value).toBeCloseTo(1.5 * EV, 30);
    // Without a reciprocal cell the fractional coordinates decide.
    expect(bandStructureGaps([first, second], 0)[0]?.type).toBe('direct');
  });

  it('says nothing about a channel without unoccupied bands', () => {
    expect(bandStructureGaps([path([[[-3, -2]]])], 0)).toEqual([]);
  });

  it('rejects segments whose energies do not match their k-points', () => {
    const broken: BandSegment = { kpoints: [G, X], energies: [[[0]]] };
    expect(() => bandStructureGaps([broken], 0)).toThrow(/energies for spin 0/);
  });
});

describe('band gaps from a density of states', () => {
  // -3 .. 3 eV in 0.5 eV steps.
  const energies = Array.from({ length: 13 }, (_, i) => (-3 + 0.5 * i) * EV);

  it('takes the edges as the outermost zero-DOS points around the Fermi level', () => {
    // States up to -1 eV and from 1.5 eV; zero in between.
    const values = energies.map((e) => (e <= -1 * EV + 1e-25 || e >= 1.5 * EV - 1e-25 ? 1e18 : 0));
    const gap = dosBandGap(energies, values, 0);
    expect(gap.energy_highest_occupied).toBeCloseTo(-0.5 * EV, 30);
    expect(gap.energy_lowest_unoccupied).toBeCloseTo(1.0 * EV, 30);
    expect(gap.value).toBeCloseTo(1.5 * EV, 30);
  });

  it('gives no gap for a metal', () => {
    const gap = dosBandGap(
      energies,
      energies.map(() => 1e18),
      0,
    );
    expect(gap).toEqual({ energy_highest_occupied: 0, energy_lowest_unoccupied: 0, value: 0 });
  });

  it('recognises a single peak at the Fermi level', () => {
    const fine = Array.from({ length: 11 }, (_, i) => (-0.05 + 0.01 * i) * EV);
    const values = fine.map((_, i) => (i === 5 ? 1e18 : 0));
    const gap = dosBandGap(fine, values, 0);
    expect(gap.value).toBe(0);
    expect(gap.energy_highest_occupied).toBe(fine[5]);
  });

  it("takes the eigenvalues' gap where the DOS shows smeared states at the Fermi level (SrTiO3)", () => {
    // A band tail smeared onto the grid point at the Fermi level reads as a metal; the eigenvalues
    // (highest occupied 2.86 eV, lowest unoccupied 4.56 eV, Fermi level 3.44 eV) say insulator.
    const fine = Array.from({ length: 11 }, (_, i) => (3.39 + 0.01 * i) * EV);
    const values = fine.map((_, i) => (i === 5 ? 1e18 : 0));
    const eigen = { highestOccupied: 2.86 * EV, lowestUnoccupied: 4.56 * EV };
    const gap = dosBandGap(fine, values, 3.44 * EV, eigen);
    expect(gap.value).toBeCloseTo(1.7 * EV, 30);
    expect(gap.energy_highest_occupied).toBe(eigen.highestOccupied);
    // Eigenvalues of a metal (overlapping edges) leave the DOS's 0 gap as it is.
    expect(
      dosBandGap(fine, values, 3.44 * EV, { highestOccupied: 3.5 * EV, lowestUnoccupied: 3.4 * EV }).value,
    ).toBe(0);
  });

  it('keeps the calculation edges when the Fermi level is off the grid', () => {
    const gap = dosBandGap(
      energies,
      energies.map(() => 0),
      10 * EV,
      {
        highestOccupied: 1 * EV,
        lowestUnoccupied: 2 * EV,
      },
    );
    expect(gap.value).toBeCloseTo(1 * EV, 30);
  });

  it('closes the gap on a coarse grid when states lie on both sides of the Fermi level', () => {
    // Fermi level 0.25 eV between grid points 0 and 0.5 eV, both with states; the calculation's
    // occupation-based edges (0.24 / 0.26 eV) would otherwise give a spurious 0.02 eV gap.
    const gap = dosBandGap(
      energies,
      energies.map(() => 1e18),
      0.25 * EV,
      {
        highestOccupied: 0.24 * EV,
        lowestUnoccupied: 0.26 * EV,
      },
    );
    expect(gap).toEqual({
      energy_highest_occupied: 0.25 * EV,
      energy_lowest_unoccupied: 0.25 * EV,
      value: 0,
    });
  });

  it('rejects mismatched arrays', () => {
    expect(() => dosBandGap([0, 1], [0], 0)).toThrow(/1 values for 2 energies/);
  });
});
