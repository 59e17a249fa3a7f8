import type { Mat3, Vec3 } from '@oasis/chem';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Structure } from '../structure.ts';
import { integerBasis, structuralType } from './dimensionality.ts';

const A = 1e-10;

/** A structure from a lattice (rows, Å) and fractional positions. */
function crystal(
  lattice: number[][],
  fractional: number[][],
  species: string[],
  periodic = [true, true, true],
): Structure {
  const l = lattice.map((r) => r.map((x) => x * A)) as Mat3;
  const positions = fractional.map(
    (f) => [0, 1, 2].map((j) => f[0]! * l[0][j]! + f[1]! * l[1][j]! + f[2]! * l[2][j]!) as Vec3,
  );
  return { species, positions, lattice: l, periodic: periodic as Structure['periodic'] };
}

const box = (a: number): number[][] => [
  [a, 0, 0],
  [0, a, 0],
  [0, 0, a],
];

describe('structuralType', () => {
  it('classifies non-periodic structures by atom count', () => {
    const free = { lattice: null, periodic: [false, false, false] as Structure['periodic'] };
    expect(structuralType({ ...free, species: ['He'], positions: [[0, 0, 0]] })).toBe('atom');
    expect(
      structuralType({
        ...free,
        species: ['H', 'H'],
        positions: [
          [0, 0, 0],
          [0.74e-10, 0, 0],
        ],
      }),
    ).toBe('molecule / cluster');
  });

  it('finds bulk crystals', () => {
    // Si diamond, 2-atom primitive cell: Si-Si 2.35 Å < 2 * 1.11 + 1 Å.
    const a = 5.43;
    const fcc = [
      [0, a / 2, a / 2],
      [a / 2, 0, a / 2],
      [a / 2, a / 2, 0],
    ];
    expect(
      structuralType(
        crystal(
          fcc,
          [
            [0, 0, 0],
            [0.25, 0.25, 0.25],
          ],
          ['Si', 'Si'],
        ),
      ),
    ).toBe('bulk');
    // bcc Fe in its conventional cell: nearest neighbours 2.49 Å.
    expect(
      structuralType(
        crystal(
          box(2.87),
          [
            [0, 0, 0],
            [0.5, 0.5, 0.5],
          ],
          ['Fe', 'Fe'],
        ),
      ),
    ).toBe('bulk');
  });

  it('finds an N2 molecule and a single atom in a box', () => {
    // N-N 1.10 Å in a 10 Å box: the molecule does not reach its images (10 - 1.1 >> 2 * 0.71 + 1).
    expect(
      structuralType(
        crystal(
          box(10),
          [
            [0.5, 0.5, 0.5],
            [0.5, 0.5, 0.61],
          ],
          ['N', 'N'],
        ),
      ),
    ).toBe('molecule / cluster');
    expect(structuralType(crystal(box(10), [[0.5, 0.5, 0.5]], ['N']))).toBe('atom');
  });

  it('finds a graphene sheet (2D), a MoS2 monolayer (2D) and a carbon chain (1D)', () => {
    // Graphene: a = 2.46 Å, C-C 1.42 Å, 15 Å of vacuum along c.
    const hex = (a: number, c: number): number[][] => [
      [a, 0, 0],
      [-a / 2, (a * Math.sqrt(3)) / 2, 0],
      [0, 0, c],
    ];
    expect(
      structuralType(
        crystal(
          hex(2.46, 15),
          [
            [0, 0, 0.5],
            [1 / 3, 2 / 3, 0.5],
          ],
          ['C', 'C'],
        ),
      ),
    ).toBe('2D');
    // 2H-MoS2: S above and below Mo at (2/3, 1/3), +-1.56 Å; S-S across the layer 3.1 Å apart.
    const mos2 = crystal(
      hex(3.16, 20),
      [
        [1 / 3, 2 / 3, 0.5],
        [2 / 3, 1 / 3, 0.5 + 1.56 / 20],
        [2 / 3, 1 / 3, 0.5 - 1.56 / 20],
      ],
      ['Mo', 'S', 'S'],
    );
    expect(structuralType(mos2)).toBe('2D');
    // A chain of C atoms 1.3 Å apart along a, 10 Å apart sideways.
    const chain = crystal(
      [
        [1.3, 0, 0],
        [0, 10, 0],
        [0, 0, 10],
      ],
      [[0, 0.5, 0.5]],
      ['C'],
    );
    expect(structuralType(chain)).toBe('1D');
  });

  it('bonds atoms along axes that are not periodic (a slab, a polymer, a molecule as CRYSTAL writes them)', () => {
    const hex = [
      [2.46, 0, 0],
      [-1.23, 2.46 * (Math.sqrt(3) / 2), 0],
      [0, 0, 500],
    ];
    // Graphene with its two atoms at different heights, and a buckled chain: the bond crosses z.
    const buckled = [
      [0, 0, 0.001],
      [1 / 3, 2 / 3, 0.0005],
    ];
    expect(structuralType(crystal(hex, buckled, ['C', 'C'], [true, true, false]))).toBe('2D');
    const zigzag = crystal(
      [
        [2.5, 0, 0],
        [0, 500, 0],
        [0, 0, 500],
      ],
      [
        [0, 0.001, 0.001],
        [0.5, 0.0015, 0.0008],
      ],
      ['C', 'C'],
      [true, false, false],
    );
    expect(structuralType(zigzag)).toBe('1D');
    const water = crystal(
      box(500),
      [
        [0, 0, 0],
        [0.0019, 0, 0],
        [-0.0005, 0.0019, 0],
      ],
      ['O', 'H', 'H'],
      [false, false, false],
    );
    expect(structuralType(water)).toBe('molecule / cluster');
  });

  it('classifies a box of 30,000 atoms (the bonds come from a cell list, not from every pair)', () => {
    // A simple cubic lattice of C, 1.5 Å apart: one bonded network in three directions.
    const side = 31;
    const fractional: number[][] = [];
    for (let i = 0; i < side; i++)
      for (let j = 0; j < side; j++)
        for (let k = 0; k < side; k++) fractional.push([i / side, j / side, k / side]);
    const big = crystal(
      box(1.5 * side),
      fractional,
      fractional.map(() => 'C'),
    );
    expect(structuralType(big)).toBe('bulk');
  });

  it('tells a thick slab (surface) from a bilayer (2D)', () => {
    // fcc(100) Cu slabs: square layers of a/sqrt2 = 2.55 Å, spacing a/2 = 1.805 Å, ABAB stacking.
    const a = 3.61;
    const s = a / Math.SQRT2;
    const slab = (layers: number): Structure => {
      const c = 25;
      const fractional = Array.from({ length: layers }, (_, k) => [
        (k % 2) / 2,
        (k % 2) / 2,
        (5 + (k * a) / 2) / c,
      ]);
      return crystal(
        [
          [s, 0, 0],
          [0, s, 0],
          [0, 0, c],
        ],
        fractional,
        fractional.map(() => 'Cu'),
      );
    };
    expect(structuralType(slab(5))).toBe('surface');
    expect(structuralType(slab(3))).toBe('surface');
    // Two layers: one translation maps only half of the atoms: not a repeated bulk unit.
    expect(structuralType(slab(2))).toBe('2D');
  });

  it('reports disconnected parts as unavailable', () => {
    // Two N2 molecules 5 Å apart in a 10 Å box: two clusters, as in a molecular crystal.
    const pair = crystal(
      box(10),
      [
        [0.2, 0.5, 0.5],
        [0.2, 0.5, 0.61],
        [0.7, 0.5, 0.5],
        [0.7, 0.5, 0.61],
      ],
      ['N', 'N', 'N', 'N'],
    );
    expect(structuralType(pair)).toBe('unavailable');
  });

  it('returns unavailable for a degenerate cell', () => {
    expect(structuralType(crystal(box(0), [[0, 0, 0]], ['Si']))).toBe('unavailable');
  });
});

describe('integerBasis', () => {
  it('reduces periods to a lattice basis', () => {
    expect(integerBasis([])).toEqual([]);
    expect(
      integerBasis([
        [2, 0, 0],
        [3, 0, 0],
      ]),
    ).toEqual([[1, 0, 0]]);
    expect(
      integerBasis([
        [1, 1, 0],
        [1, -1, 0],
        [0, 2, 0],
      ]),
    ).toHaveLength(2);
  });
});

// The final structures of the shared VASP samples, read from vasprun.xml with a regular expression
// (the VASP parser is written elsewhere).
const samples = fileURLToPath(new URL('../../../../../../shared/samples/vasp/', import.meta.url));
const available = existsSync(samples);
if (!available) console.warn(`vasprun dimensionality tests skipped: ${samples} is absent`);

function finalStructure(path: string): Structure {
  const xml = readFileSync(path, 'latin1');
  const atoms = [...xml.matchAll(/<rc><c>\s*(\w+)\s*<\/c><c>\s*\d+\s*<\/c><\/rc>/g)].map((m) => m[1]!);
  const final = xml.slice(xml.indexOf('<structure name="finalpos"'));
  const vectors = (name: string): number[][] => {
    const block = new RegExp(`<varray name="${name}"\\s*>([\\s\\S]*?)</varray>`).exec(final)![1]!;
    return [...block.matchAll(/<v>([^<]*)<\/v>/g)].map((m) => m[1]!.trim().split(/\s+/).map(Number));
  };
  return crystal(vectors('basis'), vectors('positions'), atoms);
}

describe.skipIf(!available)('shared VASP samples', () => {
  it('PdAg-surface is a surface: 5 fcc(111) layers of 9 atoms with 10 Å of vacuum', () => {
    const s = finalStructure(`${samples}PdAg-surface/vasprun.xml`);
    expect(s.species).toHaveLength(45);
    expect(structuralType(s)).toBe('surface');
  });

  it('N-molecule holds a single N atom in a box: an atom', () => {
    const s = finalStructure(`${samples}N-molecule/vasprun.xml`);
    expect(s.species).toEqual(['N']);
    expect(structuralType(s)).toBe('atom');
  });

  it('Si-workflow (Nd2Fe14B-like tetragonal cell of 18 atoms) is bulk', () => {
    const s = finalStructure(`${samples}Si-workflow/vasprun.xml`);
    expect(s.species).toHaveLength(18);
    expect(structuralType(s)).toBe('bulk');
  });
});
