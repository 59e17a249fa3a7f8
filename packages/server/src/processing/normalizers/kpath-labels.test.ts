import { multiply3, type Mat3, type Vec3 } from '@oasis/chem';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { decompress } from '../compression.ts';
import { getParser } from '../matching.ts';
import { parseMainfile } from '../pipeline.ts';
import { reciprocalCell } from './electronic-kspace.ts';
import { kpointLabeller, labelSegmentEndpoints, latticeIsometries } from './kpath-labels.ts';
import { standardBrillouinZone } from './kpath-special-points.ts';
import type { Section } from './normalizer.ts';

const A = 5.43e-10;
const h = A / 2;
const CUBIC: Mat3 = [
  [A, 0, 0],
  [0, A, 0],
  [0, 0, A],
];
/** The paper's fcc primitive cell, which is also the cell VASP users write for Si. */
const FCC: Mat3 = [
  [0, h, h],
  [h, 0, h],
  [h, h, 0],
];
const FCC_ZONE = standardBrillouinZone('cF', CUBIC, FCC)!;

/** Rotation by `angle` about the unit vector of `axis` (Rodrigues), applied to lattice rows. */
function rotate(lattice: Mat3, axis: Vec3, angle: number): Mat3 {
  const n = Math.hypot(...axis);
  const [x, y, z] = axis.map((v) => v / n) as Vec3;
  const [c, s, t] = [Math.cos(angle), Math.sin(angle), 1 - Math.cos(angle)];
  const r: Mat3 = [
    [t * x * x + c, t * x * y - s * z, t * x * z + s * y],
    [t * x * y + s * z, t * y * y + c, t * y * z - s * x],
    [t * x * z - s * y, t * y * z + s * x, t * z * z + c],
  ];
  // Rows v -> R v, i.e. lattice · Rᵀ.
  return multiply3(lattice, [
    [r[0][0], r[1][0], r[2][0]],
    [r[0][1], r[1][1], r[2][1]],
    [r[0][2], r[1][2], r[2][2]],
  ]);
}

/** Fractional coordinates in `reciprocal` of the Cartesian point k (1/m). */
function fractional(k: Vec3, lattice: Mat3): Vec3 {
  // k · a_i gives the coefficient over b_i (a_i · b_j = δ_ij).
  return lattice.map((a) => a[0] * k[0] + a[1] * k[1] + a[2] * k[2]) as Vec3;
}

describe('latticeIsometries', () => {
  it('finds the 48 operations of the cubic point group, also for a supercell', () => {
    expect(latticeIsometries(FCC, FCC)).toHaveLength(48);
    // The conventional cubic cell is a 4-fold supercell of the fcc primitive cell.
    const onCubic = latticeIsometries(CUBIC, FCC);
    expect(onCubic).toHaveLength(48);
    expect(onCubic).toContainEqual([
      [-1, 1, 1],
      [1, -1, 1],
      [1, 1, -1],
    ]);
  });

  it('finds none between different lattices', () => {
    expect(
      latticeIsometries(rotate(FCC, [1, 2, 3], 0.4).map((r) => r.map((x) => x * 1.01)) as Mat3, FCC),
    ).toEqual([]);
  });
});

describe('kpointLabeller', () => {
  // The fcc points in Cartesian units of 1/a (no 2π), worked out from b1 = (-1, 1, 1)/a, b2 =
  // (1, -1, 1)/a, b3 = (1, 1, -1)/a: X = (0, 1, 0), L = (½, ½, ½), W = (½, 1, 0), K = (¾, ¾, 0),
  // U = (¼, 1, ¼).
  const cartesian: [string, Vec3][] = [
    ['Γ', [0, 0, 0]],
    ['X', [0, 1, 0]],
    ['L', [0.5, 0.5, 0.5]],
    ['W', [0.5, 1, 0]],
    ['K', [0.75, 0.75, 0]],
    ['U', [0.25, 1, 0.25]],
    // Symmetry images: X along z, L through (-½, ½, -½), K in the yz plane, U along x.
    ['X', [0, 0, -1]],
    ['L', [-0.5, 0.5, -0.5]],
    ['K', [0, -0.75, 0.75]],
    ['U', [1, 0.25, -0.25]],
  ];
  const inUnits = (k: Vec3): Vec3 => k.map((x) => x / A) as Vec3;

  it('names the fcc points of the paper in its own basis', () => {
    const label = kpointLabeller(reciprocalCell(FCC), FCC_ZONE);
    expect(label([0.5, 0, 0.5])).toBe('X');
    expect(label([0.5, 0.5, 0.5])).toBe('L');
    expect(label([0.5, 0.25, 0.75])).toBe('W');
    expect(label([3 / 8, 3 / 8, 3 / 4])).toBe('K');
    expect(label([5 / 8, 1 / 4, 5 / 8])).toBe('U');
    expect(label([0, 0, 0])).toBe('Γ');
    // Midway Γ-X, and X shifted by a reciprocal lattice vector: no special point.
    expect(label([0.25, 0, 0.25])).toBeNull();
    expect(label([1.5, 1, 1.5])).toBeNull();
  });

  it('names the same points in a rotated cell with another primitive basis', () => {
    // Rows a1, a1 + a2, a1 + a2 + a3 (unimodular), then rotated about an arbitrary axis.
    const basis: Mat3 = [
      FCC[0],
      [FCC[0][0] + FCC[1][0], FCC[0][1] + FCC[1][1], FCC[0][2] + FCC[1][2]],
      [h * 2, h * 2, h * 2],
    ];
    const lattice = rotate(basis, [1, -2, 0.5], 0.7);
    const label = kpointLabeller(reciprocalCell(lattice), FCC_ZONE);
    for (const [name, k] of cartesian) {
      const rotated = rotate([inUnits(k), [0, 0, 0], [0, 0, 0]], [1, -2, 0.5], 0.7)[0];
      expect([name, label(fractional(rotated, lattice))]).toEqual([name, name]);
    }
  });

  it('names the points of the primitive zone in the conventional cubic cell (a supercell)', () => {
    const label = kpointLabeller(reciprocalCell(CUBIC), FCC_ZONE);
    for (const [name, k] of cartesian)
      expect([name, label(fractional(inUnits(k), CUBIC))]).toEqual([name, name]);
    // (1, 1, 0)/a is X of the neighbouring zone, (½, 0, 0)/a midway Γ-X.
    expect(label([1, 1, 0])).toBeNull();
    expect(label([0.5, 0, 0])).toBeNull();
  });

  it('names equivalent table entries by their plain name, the table entry itself in its own cell', () => {
    // RHL1 (Bi-like hexagonal a = 4.546 Å, c = 11.862 Å): L = (½, 0, 0) and L1 = (0, 0, -½) are
    // images of each other under the lattice's point group.
    const hex: Mat3 = [
      [4.546e-10, 0, 0],
      [-2.273e-10, 3.937e-10, 0],
      [0, 0, 11.862e-10],
    ];
    const third = (x: number, y: number, z: number): Vec3 =>
      [0, 1, 2].map((j) => (x * hex[0][j]! + y * hex[1][j]! + z * hex[2][j]!) / 3) as Vec3;
    const rhombohedral: Mat3 = [third(2, 1, 1), third(-1, 1, 1), third(-1, -2, 1)];
    const zone = standardBrillouinZone('hR', hex, rhombohedral)!;
    expect(zone.variant).toBe('RHL1');
    // The obverse rhombohedral cell is the paper's cell up to a rotation: the table decides.
    const own = kpointLabeller(reciprocalCell(rhombohedral), zone);
    expect(own([0, 0, -0.5])).toBe('L1');
    expect(own([0.5, 0, 0])).toBe('L');
    expect(own([0, 0.5, 0])).toBe('L');
    expect(own([0.5, 0.5, 0.5])).toBe('Z');
    // Another basis of the same lattice (rows r1, r1 + r2, r3): the same Cartesian points.
    const [r1, r2, r3] = rhombohedral;
    const other: Mat3 = [r1, [r1[0] + r2[0], r1[1] + r2[1], r1[2] + r2[2]], r3];
    const at = (f: Vec3): Vec3 => {
      const b = reciprocalCell(rhombohedral);
      return fractional(
        [0, 1, 2].map((j) => f[0] * b[0][j]! + f[1] * b[1][j]! + f[2] * b[2][j]!) as Vec3,
        other,
      );
    };
    const label = kpointLabeller(reciprocalCell(other), zone);
    expect(label(at([0, 0, -0.5]))).toBe('L');
    expect(label(at([0.5, 0.5, 0.5]))).toBe('Z');
    expect(label(at([0.5, 0.5, 0]))).toBe('F');
    expect(label(at([0.25, 0.25, 0.25]))).toBeNull();
  });

  it('names only Γ without a zone or when the cell is not the zone’s lattice', () => {
    const noZone = kpointLabeller(reciprocalCell(FCC), undefined);
    expect(noZone([0, 0, 0])).toBe('Γ');
    expect(noZone([0.5, 0, 0.5])).toBeNull();
    const other = kpointLabeller(reciprocalCell(CUBIC), standardBrillouinZone('cP', CUBIC, CUBIC));
    // Simple cubic with the same a: (½, ½, ½) is R there, not L; a cell 2 % larger matches nothing.
    expect(other([0.5, 0.5, 0.5])).toBe('R');
    const stretched = CUBIC.map((r) => r.map((x) => x * 1.02)) as Mat3;
    const mismatch = kpointLabeller(reciprocalCell(stretched), standardBrillouinZone('cP', CUBIC, CUBIC));
    expect(mismatch([0.5, 0.5, 0.5])).toBeNull();
    expect(mismatch([0, 0, 0])).toBe('Γ');
  });
});

describe('labelSegmentEndpoints', () => {
  const archiveOf = (bravais?: string): Section => ({
    results: {
      material: bravais ? { symmetry: { bravais_lattice: bravais } } : {},
      properties: {
        structures: {
          structure_conventional: { lattice_vectors: CUBIC },
          structure_primitive: { lattice_vectors: FCC },
        },
      },
    },
  });
  const segment = (from: Vec3, to: Vec3, labels?: unknown): Section => ({
    kpoints: [from, [(from[0] + to[0]) / 2, (from[1] + to[1]) / 2, (from[2] + to[2]) / 2], to],
    ...(labels === undefined ? {} : { endpoints_labels: labels }),
  });

  it('fills missing labels, keeps given ones and leaves segments with no named end alone', () => {
    const bs: Section = {
      segment: [
        segment([0, 0, 0], [0.5, 0, 0.5]),
        segment([0.5, 0, 0.5], [0.5, 0.5, 0.5], ['X*', '']),
        segment([0.1, 0, 0.1], [0.2, 0, 0.2]),
        segment([0.5, 0.5, 0.5], [0.2, 0, 0.2], ['', null]),
      ],
    };
    const events: string[] = [];
    labelSegmentEndpoints(bs, reciprocalCell(FCC), archiveOf('cF'), (_, e) => events.push(e));
    const labels = (bs.segment as Section[]).map((s) => s.endpoints_labels);
    expect(labels).toEqual([['Γ', 'X'], ['X*', 'L'], undefined, ['L', null]]);
    expect(events).toEqual([]);
  });

  it('names Γ alone when the material has no symmetry, and logs why', () => {
    const bs: Section = { segment: [segment([0, 0, 0], [0.5, 0, 0.5])] };
    const events: string[] = [];
    labelSegmentEndpoints(bs, reciprocalCell(FCC), archiveOf(), (_, e) => events.push(e));
    expect((bs.segment as Section[])[0]!.endpoints_labels).toEqual(['Γ', null]);
    expect(events).toEqual(['k-path labels: no standard Brillouin zone for this lattice, only Γ is named']);
  });

  it('logs a conventional cell that does not fit the Bravais lattice as a warning', () => {
    const bs: Section = { segment: [segment([0, 0, 0], [0.5, 0, 0.5])] };
    const levels: string[] = [];
    labelSegmentEndpoints(bs, reciprocalCell(FCC), archiveOf('hP'), (level) => levels.push(level));
    expect(levels).toEqual(['WARNING', 'INFO']);
    expect((bs.segment as Section[])[0]!.endpoints_labels).toEqual(['Γ', null]);
  });
});

/** endpoints_labels of every segment of the last calculation's band structure after processing. */
async function processedLabels(relativePath: string, content: Buffer): Promise<unknown[]> {
  const parser = getParser('parsers/vasp');
  if (!parser) throw new Error('no VASP parser');
  const result = await parseMainfile({
    absolutePath: relativePath,
    relativePath,
    uploadId: 'u',
    parser,
    content,
  });
  if (!result.ok) throw new Error(result.errors.join('; '));
  const run = (result.archive.run as Section[])[0]!;
  const calc = (run.calculation as Section[]).at(-1)!;
  const bs = (calc.band_structure_electronic as Section[])[0]!;
  return (bs.segment as Section[]).map((s) => s.endpoints_labels);
}

describe('band structures through the processing pipeline', () => {
  it('bands-Si fixture: Γ-X and X-L (k-points 0 0 0, ½ 0 ½, ½ ½ ½ in the fcc basis)', async () => {
    const path = fileURLToPath(new URL('../parsers/vasp/fixtures/bands-Si.vasprun.xml', import.meta.url));
    const labels = await processedLabels('bands-Si/vasprun.xml', readFileSync(path));
    expect(labels).toEqual([
      ['Γ', 'X'],
      ['X', 'L'],
    ]);
  });

  const samples = fileURLToPath(new URL('../../../../../../shared/samples/', import.meta.url));
  const available = existsSync(samples);
  if (!available) console.warn(`k-path sample test skipped: ${samples} is absent (shared workspace files)`);

  it.skipIf(!available)('bands-cF sample: the ten segments of the paper’s fcc path', async () => {
    const xz = readFileSync(`${samples}vasp/bands-cF/vasprun.xml.bands.xz`);
    const labels = await processedLabels('bands-cF/vasprun.xml.bands', await decompress(xz, 'xz'));
    // Segment ends in the file's kpointlist (128 points each): 0 0 0, ½ 0 ½, ½ ¼ ¾, ⅜ ⅜ ¾, 0 0 0,
    // ½ ½ ½, ⅝ ¼ ⅝, ½ ¼ ¾, ½ ½ ½, ⅜ ⅜ ¾ | ⅝ ¼ ⅝, ½ 0 ½ — Γ X W K Γ L U W L K | U X by the fcc table.
    expect(labels).toEqual([
      ['Γ', 'X'],
      ['X', 'W'],
      ['W', 'K'],
      ['K', 'Γ'],
      ['Γ', 'L'],
      ['L', 'U'],
      ['U', 'W'],
      ['W', 'L'],
      ['L', 'K'],
      ['U', 'X'],
    ]);
  });
});
