import { cellParameters, cellVolume, norm, type Mat3, type Vec3 } from '@oasis/chem';
import { describe, expect, it } from 'vitest';
import { reciprocalCell } from './electronic-kspace.ts';
import { standardBrillouinZone, type StandardBrillouinZone } from './kpath-special-points.ts';
import { pathNames, standardBandPath } from './kpath-standard-path.ts';

const DEG = Math.PI / 180;
const diag = (a: number, b: number, c: number): Mat3 => [
  [a, 0, 0],
  [0, b, 0],
  [0, 0, c],
];
/** Primitive cells of centred conventional cells (rows as combinations of the conventional rows). */
function combine(conventional: Mat3, rows: [Vec3, Vec3, Vec3]): Mat3 {
  return rows.map(
    (n) =>
      [0, 1, 2].map(
        (j) => n[0] * conventional[0][j]! + n[1] * conventional[1][j]! + n[2] * conventional[2][j]!,
      ) as Vec3,
  ) as Mat3;
}
const F = (c: Mat3): Mat3 =>
  combine(c, [
    [0, 0.5, 0.5],
    [0.5, 0, 0.5],
    [0.5, 0.5, 0],
  ]);
const I = (c: Mat3): Mat3 =>
  combine(c, [
    [-0.5, 0.5, 0.5],
    [0.5, -0.5, 0.5],
    [0.5, 0.5, -0.5],
  ]);
const C = (c: Mat3): Mat3 =>
  combine(c, [
    [0.5, -0.5, 0],
    [0.5, 0.5, 0],
    [0, 0, 1],
  ]);
/** Rhombohedral primitive cell of the hexagonal triple cell (obverse setting). */
const R = (c: Mat3): Mat3 =>
  combine(c, [
    [2 / 3, 1 / 3, 1 / 3],
    [-1 / 3, 1 / 3, 1 / 3],
    [-1 / 3, -2 / 3, 1 / 3],
  ]);
const hexagonal = (a: number, c: number): Mat3 => [
  [a, 0, 0],
  [-a / 2, (a * Math.sqrt(3)) / 2, 0],
  [0, 0, c],
];
/** Monoclinic conventional cell as spglib sets it: unique axis b, beta between a and c. */
const monoclinicB = (a: number, b: number, c: number, beta: number): Mat3 => [
  [a, 0, 0],
  [0, b, 0],
  [c * Math.cos(beta * DEG), 0, c * Math.sin(beta * DEG)],
];
/** The C-centred primitive cell of a unique-b cell: (a ± b)/2, c. */
const Cb = (c: Mat3): Mat3 =>
  combine(c, [
    [0.5, 0.5, 0],
    [-0.5, 0.5, 0],
    [0, 0, 1],
  ]);

function cartesian(k: Vec3, reciprocal: Mat3): Vec3 {
  return [0, 1, 2].map(
    (j) => k[0] * reciprocal[0][j]! + k[1] * reciprocal[1][j]! + k[2] * reciprocal[2][j]!,
  ) as Vec3;
}

/**
 * Names of the special points that are not on the surface of the first Brillouin zone: a point k
 * is on it when no reciprocal lattice vector G is closer to it than Γ and one is as close. Every
 * Setyawan–Curtarolo point besides Γ is a vertex, edge or face point of the zone, so this checks
 * each table entry and its parameter formulas independently of the tables (it found two wrong
 * ORCF2 entries while writing them).
 */
function offSurface(zone: StandardBrillouinZone): string[] {
  const reciprocal = reciprocalCell(zone.primitive);
  const off: string[] = [];
  for (const [name, p] of Object.entries(zone.points)) {
    if (name === 'Γ') continue;
    const k = cartesian(p, reciprocal);
    const length = norm(k);
    let nearest = Infinity;
    for (let i = -3; i <= 3; i++)
      for (let j = -3; j <= 3; j++)
        for (let l = -3; l <= 3; l++) {
          if (i === 0 && j === 0 && l === 0) continue;
          const g = cartesian([i, j, l], reciprocal);
          nearest = Math.min(nearest, norm([k[0] - g[0], k[1] - g[1], k[2] - g[2]]));
        }
    if (Math.abs(nearest - length) > 1e-9 * length) off.push(name);
  }
  return off;
}

function zoneOf(bravais: string, conventional: Mat3, primitive: Mat3): StandardBrillouinZone {
  const zone = standardBrillouinZone(bravais, conventional, primitive);
  if (!zone) throw new Error(`no zone for ${bravais}`);
  return zone;
}

// Conventional cells (Å; units cancel) chosen to reach every variant, in the settings the symmetry
// analysis gives (c unique for tetragonal and hexagonal, unique axis b for monoclinic) and with
// unsorted orthorhombic axes. Variant criteria worked by hand, e.g. ORCF1: 1/3² > 1/5² + 1/6².
const CASES: [string, string, Mat3, Mat3][] = [
  ['CUB', 'cP', diag(4, 4, 4), diag(4, 4, 4)],
  ['FCC', 'cF', diag(4, 4, 4), F(diag(4, 4, 4))],
  ['BCC', 'cI', diag(4, 4, 4), I(diag(4, 4, 4))],
  ['TET', 'tP', diag(3, 3, 5), diag(3, 3, 5)],
  ['BCT1', 'tI', diag(4, 4, 3), I(diag(4, 4, 3))],
  ['BCT2', 'tI', diag(3, 3, 5), I(diag(3, 3, 5))],
  ['ORC', 'oP', diag(4, 3, 5), diag(4, 3, 5)],
  ['ORCF1', 'oF', diag(5, 3, 6), F(diag(5, 3, 6))],
  ['ORCF2', 'oF', diag(6, 4, 5), F(diag(6, 4, 5))],
  ['ORCI', 'oI', diag(5, 4, 3), I(diag(5, 4, 3))],
  ['ORCC', 'oS', diag(5, 3, 4), C(diag(5, 3, 4))],
  ['HEX', 'hP', hexagonal(3, 5), hexagonal(3, 5)],
  ['RHL1', 'hR', hexagonal(3, 10), R(hexagonal(3, 10))],
  ['RHL2', 'hR', hexagonal(3, 2), R(hexagonal(3, 2))],
  ['MCL', 'mP', monoclinicB(5, 3, 4, 100), monoclinicB(5, 3, 4, 100)],
  // SC setting a = 4 (unique), b = 3, c = 5, alpha = 80°: k_gamma < 90° and
  // b cos(alpha)/c + b² sin²(alpha)/a² = 0.104 + 0.546 < 1.
  ['MCLC3', 'mS', monoclinicB(3, 4, 5, 100), Cb(monoclinicB(3, 4, 5, 100))],
  // a = 3, b = 3, c = 5, alpha = 80°: 0.104 + 0.970 > 1.
  ['MCLC5', 'mS', monoclinicB(3, 3, 5, 100), Cb(monoclinicB(3, 3, 5, 100))],
  // a = 2, b = 4, c = 5, alpha = 80°: k_gamma > 90°.
  ['MCLC1', 'mS', monoclinicB(4, 2, 5, 100), Cb(monoclinicB(4, 2, 5, 100))],
];

describe('standardBrillouinZone', () => {
  it.each(CASES)(
    '%s: the variant, and every special point on the zone surface',
    (variant, bravais, conv, prim) => {
      const zone = zoneOf(bravais, conv, prim);
      expect(zone.variant).toBe(variant);
      expect(zone.points['Γ']).toEqual([0, 0, 0]);
      expect(offSurface(zone)).toEqual([]);
      // Same lattice: the standard primitive cell has the volume of the analysis' primitive cell.
      expect(cellVolume(zone.primitive)).toBeCloseTo(cellVolume(prim), 10);
    },
  );

  it.each(CASES)(
    '%s: the standard path runs through points of its table, from Γ',
    (variant, bravais, conv, prim) => {
      const zone = zoneOf(bravais, conv, prim);
      const names = pathNames(variant).flat();
      expect(names.filter((name) => !(name in zone.points))).toEqual([]);
      expect(names[0]).toBe('Γ');
      // In the table's own cell the path's points are the table's.
      const path = standardBandPath(zone.primitive, zone)!;
      expect(path[0]!.end).toEqual(zone.points[path[0]!.labels[1]]);
    },
  );

  it('MCLC points stay on the zone surface over a range of cells of each variant', () => {
    const seen = new Set<string>();
    for (const a of [2, 2.5, 3, 4, 6, 10])
      for (const b of [2.5, 3, 4])
        for (const c of [4, 5, 8])
          for (const beta of [95, 100, 110, 120, 130]) {
            const conv = monoclinicB(b, a, c, beta);
            const zone = standardBrillouinZone('mS', conv, Cb(conv));
            if (!zone) continue;
            seen.add(zone.variant);
            expect([zone.variant, a, b, c, beta, offSurface(zone)]).toEqual([
              zone.variant,
              a,
              b,
              c,
              beta,
              [],
            ]);
          }
    // (a grid cell with k_gamma = 90° exactly is MCLC2, whose points are those of MCLC1)
    expect([...seen]).toEqual(expect.arrayContaining(['MCLC1', 'MCLC3', 'MCLC5']));
  });

  it('brings orthorhombic axes into the order a < b < c', () => {
    const zone = zoneOf('oP', diag(5, 3, 4), diag(5, 3, 4));
    expect(zone.primitive).toEqual(diag(3, 4, 5));
    // ORCC: a < b across the centred face (here the 5 x 3 face), c the third axis.
    const orcc = zoneOf('oS', diag(5, 3, 4), C(diag(5, 3, 4)));
    const p = cellParameters(orcc.primitive);
    // a1 = (a/2, -b/2, 0): |a1| = sqrt(1.5² + 2.5²); a3 = (0, 0, c) with c = 4.
    expect(p.a).toBeCloseTo(Math.hypot(1.5, 2.5), 12);
    expect(p.c).toBeCloseTo(4, 12);
  });

  it('gives the rhombohedral cell of a hexagonal hR cell', () => {
    const zone = zoneOf('hR', hexagonal(3, 10), R(hexagonal(3, 10)));
    const p = cellParameters(zone.primitive);
    // a_r² = a²/3 + c²/9 = 3 + 100/9; cos(alpha) = (c²/9 - a²/6) / a_r² = (100/9 - 1.5) / (3 + 100/9).
    expect(p.a).toBeCloseTo(Math.sqrt(3 + 100 / 9), 12);
    expect(Math.cos(p.alpha)).toBeCloseTo((100 / 9 - 1.5) / (3 + 100 / 9), 12);
  });

  it('puts a spglib monoclinic cell (unique b, beta > 90°) into the paper setting', () => {
    const zone = zoneOf('mP', monoclinicB(5, 3, 4, 100), monoclinicB(5, 3, 4, 100));
    const p = cellParameters(zone.primitive);
    // Unique axis first (b' = 3), then b <= c from the plane (4, 5), alpha = 180° - 100°.
    expect([p.a, p.b, p.c]).toEqual([3, 4, 5].map((x) => expect.closeTo(x, 12)));
    expect(p.alpha / DEG).toBeCloseTo(80, 10);
  });

  it('reduces a skewed base-centred monoclinic cell first (moyo can return one)', () => {
    const plain = monoclinicB(3, 4, 5, 100);
    const [a, b, c] = plain;
    // a'' = a + 2c stays centred with the unique b; c'' = a + 3c completes a basis of the plane.
    const skewed: Mat3 = [
      [a[0] + 2 * c[0], a[1] + 2 * c[1], a[2] + 2 * c[2]],
      b,
      [a[0] + 3 * c[0], a[1] + 3 * c[1], a[2] + 3 * c[2]],
    ];
    const zone = zoneOf('mS', skewed, Cb(plain));
    const reference = zoneOf('mS', plain, Cb(plain));
    expect(zone.variant).toBe('MCLC3');
    expect(zone.primitive.flat()).toEqual(reference.primitive.flat().map((x) => expect.closeTo(x, 12)));
  });

  it('names only Γ for triclinic lattices and rejects cells that do not fit the symbol', () => {
    expect(standardBrillouinZone('aP', diag(3, 4, 5), diag(3, 4, 5))).toBeUndefined();
    expect(() => standardBrillouinZone('cF', diag(3, 4, 5), F(diag(3, 4, 5)))).toThrow(/not cubic/);
    expect(() => standardBrillouinZone('xQ', diag(3, 3, 3), diag(3, 3, 3))).toThrow(
      /unknown Bravais lattice 'xQ'/,
    );
  });
});
