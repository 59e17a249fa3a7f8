import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ResultsElectronic } from '@oasis/schema';
import { describe, expect, it } from 'vitest';
import {
  densityMaximum,
  bandGapTexts,
  bandLines,
  highestOccupied,
  kPathDistances,
  pathTicks,
  prepareBandStructure,
  prepareDos,
} from './electronic.ts';

const eV = 1.602176634e-19;

describe('highestOccupied', () => {
  it('takes the highest of the spin channels and ignores missing values', () => {
    expect(highestOccupied(undefined)).toBeUndefined();
    expect(highestOccupied([{ value: 1e-19 }])).toBeUndefined();
    expect(highestOccupied([{ energy_highest_occupied: -2e-19 }, { energy_highest_occupied: -1e-19 }])).toBe(
      -1e-19,
    );
  });
});

describe('prepareDos', () => {
  const archive = {
    run: [
      {
        calculation: [
          {
            dos_electronic: [
              {
                energies: [-2 * eV, -1 * eV, 0, 1 * eV],
                // Spin 1 listed first on purpose: channels come out ordered by spin.
                total: [
                  { spin: 1, value: [0, 2e18, 0, 0] },
                  { spin: 0, value: [1e18, 0, 0, 1e18] },
                ],
              },
            ],
          },
        ],
      },
    ],
  };
  const refs = {
    energies: '/run/0/calculation/0/dos_electronic/0/energies',
    total: ['/run/0/calculation/0/dos_electronic/0/total/0', '/run/0/calculation/0/dos_electronic/0/total/1'],
  };

  it('shifts energies to the highest occupied energy, keeping the stored units (J, states/J)', () => {
    const dos = prepareDos(archive, { ...refs, band_gap: [{ energy_highest_occupied: -1 * eV }] });
    // -2, -1, 0, 1 eV relative to -1 eV.
    dos.energies.forEach((energy, i) => expect(energy / eV).toBeCloseTo([-1, 0, 1, 2][i]!, 12));
    expect(dos.highestOccupied).toBe(-1 * eV);
    expect(dos.channels).toEqual([
      [1e18, 0, 0, 1e18],
      [0, 2e18, 0, 0],
    ]);
  });

  it('leaves energies unshifted without a highest occupied energy', () => {
    const dos = prepareDos(archive, refs);
    expect(dos.highestOccupied).toBeUndefined();
    expect(dos.energies).toEqual([-2 * eV, -1 * eV, 0, 1 * eV]);
  });

  it('rejects DOS data of the wrong shape', () => {
    const bad = { energies: [0, 1e-19], total: [{ spin: 0, value: [1, 2, 3] }] };
    expect(() => prepareDos(bad, { energies: '/energies', total: ['/total/0'] })).toThrow(
      'The DOS total 0 has 3 values for 2 energies',
    );
    expect(() => prepareDos(bad, { energies: '/energies', total: [] })).toThrow(
      'The DOS has no total density',
    );
    expect(() => prepareDos(bad, { energies: '/missing', total: [] })).toThrow("'missing' does not exist");
  });
});

describe('densityMaximum', () => {
  // VASP's first grid point at -20 eV holds a density hundreds of times larger than the window's.
  const dos = {
    energies: [-20 * eV, -2 * eV, 0, 3 * eV, 12 * eV],
    channels: [
      [400, 2, 1, 3, 50],
      [300, 1, 4, 2, 60],
    ],
    highestOccupied: 5 * eV,
  };

  it('is the largest density inside the plotted energy window when the energies are shifted', () => {
    expect(densityMaximum(dos)).toBe(4);
  });

  it('is the largest density of all energies when they are not shifted', () => {
    expect(densityMaximum({ ...dos, highestOccupied: undefined })).toBe(400);
  });
});

describe('kPathDistances', () => {
  it('measures the path in Cartesian reciprocal space, rows of the cell being the basis vectors', () => {
    // Hexagonal cell, a = 3 Å: b1 = 2π/a (1, 1/√3, 0), b2 = 2π/a (0, 2/√3, 0) (rows, in 1/m).
    // |ΓM| = 2π/(√3 a) = 1.2092 1/Å and |ΓK| = 4π/(3a) = 1.3963 1/Å (textbook values); results in 1/m.
    const a = 3e-10;
    const f = (2 * Math.PI) / a;
    const cell = [
      [f, f / Math.sqrt(3), 0],
      [0, (2 * f) / Math.sqrt(3), 0],
      [0, 0, (2 * Math.PI) / 5e-10],
    ];
    const [gm, gk] = kPathDistances(
      [
        [
          [0, 0, 0],
          [0.25, 0, 0],
          [0.5, 0, 0],
        ],
        [
          [0, 0, 0],
          [1 / 3, 1 / 3, 0],
        ],
      ],
      cell,
    );
    const perAngstrom = (value: number | undefined) => (value ?? Number.NaN) * 1e-10;
    const gM = (2 * Math.PI) / (Math.sqrt(3) * 3);
    expect(gm![0]).toBe(0);
    expect(perAngstrom(gm![1])).toBeCloseTo(gM / 2, 10);
    expect(perAngstrom(gm![2])).toBeCloseTo(gM, 10);
    // The second segment starts where the first ended.
    expect(perAngstrom(gk![0])).toBeCloseTo(gM, 10);
    expect(perAngstrom(gk![1]! - gk![0]!)).toBeCloseTo((4 * Math.PI) / 9, 10);
  });

  it('falls back to fractional distances without a cell', () => {
    const [segment] = kPathDistances(
      [
        [
          [0, 0, 0],
          [0.5, 0.5, 0.5],
        ],
      ],
      undefined,
    );
    expect(segment![1]).toBeCloseTo(Math.sqrt(0.75), 12);
  });
});

describe('pathTicks', () => {
  it('puts labels at segment ends and joins the labels of a jump', () => {
    const ticks = pathTicks(
      [
        [0, 1],
        [1, 2],
        [2, 3],
      ],
      [
        ['Γ', 'X'],
        ['X', 'M'],
        ['R', 'Γ'],
      ],
    );
    expect(ticks).toEqual({ positions: [0, 1, 2, 3], labels: ['Γ', 'X', 'M|R', 'Γ'] });
    expect(pathTicks([[0, 1]], [undefined])).toEqual({ positions: [0, 1], labels: ['', ''] });
  });
});

describe('prepareBandStructure', () => {
  const archive = {
    bs: {
      // Cubic, |b| = 1e10 1/m = 1 1/Å.
      reciprocal_cell: [
        [1e10, 0, 0],
        [0, 1e10, 0],
        [0, 0, 1e10],
      ],
      segment: [
        {
          kpoints: [
            [0, 0, 0],
            [0.5, 0, 0],
          ],
          endpoints_labels: ['Γ', 'X'],
          // [spin][k-point][band]
          energies: [
            [
              [-1 * eV, 2 * eV],
              [-2 * eV, 3 * eV],
            ],
          ],
        },
        {
          kpoints: [
            [0.5, 0, 0],
            [0.5, 0.5, 0],
          ],
          endpoints_labels: ['X', 'M'],
          energies: [
            [
              [-2 * eV, 3 * eV],
              [-1.5 * eV, 2.5 * eV],
            ],
          ],
        },
      ],
    },
  };

  it('concatenates segments per band and shifts to the highest occupied energy', () => {
    const bs = prepareBandStructure(archive, {
      reciprocal_cell: '/bs/reciprocal_cell',
      segment: ['/bs/segment/0', '/bs/segment/1'],
      band_gap: [{ energy_highest_occupied: -1 * eV, value: 3 * eV, type: 'indirect' }],
    });
    // In 1/m: 0.5 1/Å = 5e9 1/m.
    expect(bs.distances).toEqual([0, 5e9, 5e9, 1e10]);
    expect(bs.cartesian).toBe(true);
    expect(bs.ticks).toEqual({ positions: [0, 5e9, 1e10], labels: ['Γ', 'X', 'M'] });
    expect(bs.bands).toHaveLength(1);
    bs.bands[0]![0]!.forEach((e, i) => expect(e / eV).toBeCloseTo([0, -1, -1, -0.5][i]!, 12));
    bs.bands[0]![1]!.forEach((e, i) => expect(e / eV).toBeCloseTo([3, 4, 4, 3.5][i]!, 12));
    expect(bs.highestOccupied).toBe(-1 * eV);
  });

  it('rejects segments of different shapes', () => {
    const broken = structuredClone(archive);
    broken.bs.segment[1]!.energies = [[[0], [0]]];
    expect(() => prepareBandStructure(broken, { segment: ['/bs/segment/0', '/bs/segment/1'] })).toThrow(
      'Band structure segment 1 does not have 1 spin channels of 2 bands',
    );
    expect(() => prepareBandStructure(archive, { segment: [] })).toThrow(
      'The band structure has no segments',
    );
  });

  it('draws all bands of a spin channel as one line broken by nulls', () => {
    expect(
      bandLines(
        [0, 1],
        [
          [5, 6],
          [7, 8],
        ],
      ),
    ).toEqual({ x: [0, 1, null, 0, 1, null], y: [5, 6, null, 7, 8, null] });
  });

  it('writes band gaps with their type, per spin channel when there are two', () => {
    const format = (v: number) => `${(v / eV).toFixed(2)} eV`;
    expect(bandGapTexts([{ value: 1.8e-19, type: 'indirect' }, { type: 'direct' }], format)).toEqual([
      '1.12 eV (indirect)',
    ]);
    expect(
      bandGapTexts(
        [
          { index: 1, value: 0 },
          { index: 0, value: 1.8e-19, type: 'direct' },
        ],
        format,
      ),
    ).toEqual(['spin down: 0.00 eV', 'spin up: 1.12 eV (direct)']);
    expect(bandGapTexts(undefined, format)).toEqual([]);
  });
});

// A NOMAD archive with references in results.properties.electronic (../shared is absent on a fresh clone).
// (jsdom's URL class is not the one fileURLToPath accepts, hence a plain path.)
const example = resolve(
  import.meta.dirname,
  '../../../../../../shared/samples/archives/dft.archive-example.json',
);
describe.skipIf(!existsSync(example))('NOMAD example archive (skipped: ../shared/samples is absent)', () => {
  it('resolves the DOS and band structure references of a real archive', () => {
    const archive = JSON.parse(readFileSync(example, 'utf8')) as {
      results: { properties: { electronic: ResultsElectronic } };
    };
    const electronic = archive.results.properties.electronic;
    const dos = prepareDos(archive, electronic.dos_electronic![0]!);
    // energies [0, 1e-19] J with the highest occupied energy at 0; values [0, 1e18] 1/J.
    expect(dos.energies[1]).toBeCloseTo(1e-19, 30);
    expect(dos.channels[0]![1]).toBe(1e18);
    const bs = prepareBandStructure(archive, electronic.band_structure_electronic![0]!);
    // Γ-like (0,0,0) to (0.5,0.5,0.5) with |b| = 1e9 1/m: 0.5e9·√3 1/m = 0.0866 1/Å.
    expect(bs.distances[1]).toBeCloseTo(0.5e9 * Math.sqrt(3), 3);
    expect(bs.ticks.labels).toEqual(['L', 'K']);
    expect(bs.bands[0]![0]![1]).toBeCloseTo(1e-19, 30);
  });
});
