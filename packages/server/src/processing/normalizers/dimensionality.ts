// Structural type of a structure from its bond network, as NOMAD derives it with MatID: atoms are
// bonded when their distance is at most the sum of their covalent radii plus 1 Å (MatID's cluster
// threshold), bonds are followed across periodic images, and the number of independent lattice
// directions in which the bonded network repeats itself is its dimensionality (0 to 3).
import {
  add3,
  ANGSTROM,
  apply3,
  cartesianToFractional,
  cellVolume,
  covalentRadius,
  cross,
  dot,
  fractionalToCartesian,
  inverse3,
  norm,
  scaleVec3,
  sub3,
  transpose3,
  type Mat3,
  type Vec3,
} from '@oasis/chem';
import { type Structure } from '../structure.ts';

export type StructuralType = 'bulk' | 'surface' | '2D' | '1D' | 'molecule / cluster' | 'atom' | 'unavailable';

/** MatID's cluster threshold (NOMAD passes 1 Å): bond if d <= r_i + r_j + this, in Å. */
const BOND_TOLERANCE = 1.0;

/** Positions closer than this (Å) after an out-of-plane translation count as the same site. */
const MATCH_TOLERANCE = 0.5;

/** Smallest out-of-plane step (Å) between two layers of a slab. */
const MIN_LAYER_SPACING = 0.5;

interface Network {
  /** Component index per atom. */
  component: number[];
  /** Image offset (integer cell vector) of each atom in its component's unwrapped copy. */
  offset: Vec3[];
  /** Per component: the cell vectors along which the component connects to its own images. */
  periods: Vec3[][];
}

/**
 * Each atom's bonded neighbours j + n (n a cell vector), found through a cell list: atoms are binned in
 * fractional coordinates by bins at least one cut-off wide, so a bond joins neighbouring bins (of the
 * unwrapped grid along periodic axes, whose bin and image follow from the unwrapped index). Linear in
 * the number of atoms where a pair loop was quadratic (27,000 atoms took minutes).
 */
function bondedNeighbours(
  positions: readonly Vec3[],
  radii: readonly number[],
  lattice: Mat3,
  periodic: readonly boolean[],
): { j: number; image: Vec3 }[][] {
  const maxCutoff = 2 * Math.max(...radii) + BOND_TOLERANCE;
  const fractional = cartesianToFractional(positions, lattice);
  // The cut-off in fractional units along each axis: cutoff / interplanar spacing.
  const reciprocal = transpose3(inverse3(lattice));
  const span = [0, 1, 2].map((k) => maxCutoff * norm(reciprocal[k]!));
  // Periodic axes: a whole number of bins per cell; others: bins of the cut-off's width.
  const bins = span.map((w, k) => (periodic[k] ? Math.max(1, Math.floor(1 / w)) : 0));
  const width = span.map((w, k) => (periodic[k] ? 1 / bins[k]! : w));
  const reach = span.map((w, k) => Math.max(1, Math.ceil(w / width[k]!)));
  // Binned in the cell along periodic axes: `shift` is the cell each atom lies in.
  const shift = fractional.map((f) => f.map((x, k) => (periodic[k] ? Math.floor(x) : 0)) as Vec3);
  const binOf = (i: number): Vec3 =>
    [0, 1, 2].map((k) => {
      const b = Math.floor((fractional[i]![k]! - shift[i]![k]!) / width[k]!);
      // Rounding can put an atom at the cell's far face into bin `bins`; it belongs to the last one.
      return periodic[k] ? Math.min(b, bins[k]! - 1) : b;
    }) as Vec3;
  const grid = new Map<string, number[]>();
  const binKey = (b: readonly number[]) => `${b[0]} ${b[1]} ${b[2]}`;
  const homes = positions.map((_, i) => binOf(i));
  homes.forEach((home, i) => {
    const key = binKey(home);
    const members = grid.get(key);
    if (members) members.push(i);
    else grid.set(key, [i]);
  });
  const neighbours: { j: number; image: Vec3 }[][] = positions.map(() => []);
  const [offsetsA, offsetsB, offsetsC] = reach.map((r) => Array.from({ length: 2 * r + 1 }, (_, x) => x - r));
  const [[l00, l01, l02], [l10, l11, l12], [l20, l21, l22]] = lattice;
  positions.forEach((p, i) => {
    const home = homes[i]!;
    const own = shift[i]!;
    for (const da of offsetsA!)
      for (const db of offsetsB!)
        for (const dc of offsetsC!) {
          const unwrapped = [home[0] + da, home[1] + db, home[2] + dc];
          // Along a periodic axis the unwrapped bin is a bin of the cell and an image of it.
          const cell = unwrapped.map((u, k) => (periodic[k] ? Math.floor(u / bins[k]!) : 0));
          const bin = unwrapped.map((u, k) => u - cell[k]! * bins[k]!);
          for (const j of grid.get(binKey(bin)) ?? []) {
            // The image of j in the atoms' own coordinates (each may lie outside the cell); an array
            // is made only for a bond, not for every candidate.
            const other = shift[j]!;
            const a = cell[0]! + own[0] - other[0];
            const b = cell[1]! + own[1] - other[1];
            const c = cell[2]! + own[2] - other[2];
            if (i === j && a === 0 && b === 0 && c === 0) continue;
            const cutoff = radii[i]! + radii[j]! + BOND_TOLERANCE;
            const q = positions[j]!;
            const dx = q[0] - p[0] + a * l00 + b * l10 + c * l20;
            const dy = q[1] - p[1] + a * l01 + b * l11 + c * l21;
            const dz = q[2] - p[2] + a * l02 + b * l12 + c * l22;
            if (dx * dx + dy * dy + dz * dz <= cutoff * cutoff) neighbours[i]!.push({ j, image: [a, b, c] });
          }
        }
  });
  return neighbours;
}

/** Bonds i -> j + n (n a cell vector) and their connected components across periodic images. */
function bondNetwork(
  positions: readonly Vec3[],
  radii: readonly number[],
  lattice: Mat3,
  periodic: readonly boolean[],
): Network {
  const n = positions.length;
  const neighbours = bondedNeighbours(positions, radii, lattice, periodic);
  const component = positions.map(() => -1);
  const offset: Vec3[] = positions.map(() => [0, 0, 0]);
  const periods: Vec3[][] = [];
  for (let start = 0; start < n; start++) {
    if (component[start] !== -1) continue;
    const id = periods.length;
    // Distinct periods only: a large network finds the same few along many of its bonds.
    const found = new Map<string, Vec3>();
    component[start] = id;
    const queue = [start];
    while (queue.length > 0) {
      const i = queue.pop()!;
      for (const { j, image } of neighbours[i]!) {
        const reached = add3(offset[i]!, image);
        if (component[j] === -1) {
          component[j] = id;
          offset[j] = reached;
          queue.push(j);
        } else {
          // A second path to j: the difference of the two offsets is a period of the network.
          const period = sub3(reached, offset[j]!);
          if (period.some((x) => x !== 0)) found.set(period.join(' '), period);
        }
      }
    }
    periods.push([...found.values()]);
  }
  return { component, offset, periods };
}

/** Integer row echelon basis of the lattice spanned by integer vectors (gcd elimination). */
export function integerBasis(vectors: readonly Vec3[]): Vec3[] {
  const rows: number[][] = vectors.map((v) => [...v]);
  const basis: Vec3[] = [];
  const at = (r: number[], k: number): number => r[k] ?? 0;
  for (let col = 0; col < 3; col++) {
    // Euclid on the column: combine rows until at most one has a non-zero entry there.
    for (;;) {
      const nonzero = rows
        .filter((r) => at(r, col) !== 0)
        .sort((a, b) => Math.abs(at(a, col)) - Math.abs(at(b, col)));
      const pivot = nonzero[0];
      if (!pivot || nonzero.length === 1) break;
      for (const r of nonzero.slice(1)) {
        const f = Math.trunc(at(r, col) / at(pivot, col));
        for (let k = 0; k < 3; k++) r[k] = at(r, k) - f * at(pivot, k);
      }
    }
    const index = rows.findIndex((r) => at(r, col) !== 0);
    if (index >= 0) {
      const row = rows.splice(index, 1)[0]!;
      basis.push([at(row, 0), at(row, 1), at(row, 2)]);
    }
  }
  return basis;
}

/**
 * Whether a 2D-periodic slab is a repetition of a 3D unit along its normal (more than half of the
 * atoms map onto an atom of the same species under one out-of-plane translation): a 'surface'
 * rather than a one-or-two-layer '2D' material.
 */
function isRepeatedSlab(
  positions: readonly Vec3[],
  species: readonly string[],
  plane: readonly Vec3[],
): boolean {
  const [p1, p2] = plane;
  if (!p1 || !p2) return false;
  const normal = cross(p1, p2);
  const unit = normal.map((x) => x / norm(normal)) as Vec3;
  const heights = positions.map((p) => dot(p, unit));
  // Reduce a displacement modulo the in-plane lattice: express it in (p1, p2, unit) and round.
  const basisInverse = inverse3(transpose3([p1, p2, unit]));
  const inPlaneDistance = (d: Vec3): number => {
    const [a, b, c] = apply3(basisInverse, d);
    let best = Infinity;
    for (const da of [0, -1, 1])
      for (const db of [0, -1, 1]) {
        const ra = a - Math.round(a) + da;
        const rb = b - Math.round(b) + db;
        const r = add3(add3(scaleVec3(p1, ra), scaleVec3(p2, rb)), scaleVec3(unit, c));
        best = Math.min(best, norm(r));
      }
    return best;
  };
  // Candidate translations: from an atom of the most common species near the middle of the slab to
  // the same species in other layers, nearest layers first.
  const counts = new Map<string, number>();
  for (const s of species) counts.set(s, (counts.get(s) ?? 0) + 1);
  const common = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0];
  const middle = (Math.min(...heights) + Math.max(...heights)) / 2;
  const reference = species
    .map((s, i) => i)
    .filter((i) => species[i] === common)
    .sort((i, j) => Math.abs(heights[i]! - middle) - Math.abs(heights[j]! - middle))[0]!;
  const candidates = species
    .map((s, j) => j)
    .filter((j) => species[j] === common && Math.abs(heights[j]! - heights[reference]!) >= MIN_LAYER_SPACING)
    .sort((i, j) => Math.abs(heights[i]! - heights[reference]!) - Math.abs(heights[j]! - heights[reference]!))
    .slice(0, 16);
  for (const j of candidates) {
    const t = sub3(positions[j]!, positions[reference]!);
    let matched = 0;
    positions.forEach((p, k) => {
      const target = add3(p, t);
      if (
        positions.some(
          (q, m) => species[m] === species[k] && inPlaneDistance(sub3(target, q)) <= MATCH_TOLERANCE,
        )
      )
        matched++;
    });
    if (matched * 2 > positions.length) return true;
  }
  return false;
}

/** NOMAD's structural_type of a structure (positions and lattice in m). */
export function structuralType(structure: Structure): StructuralType {
  const n = structure.species.length;
  if (n === 0) return 'unavailable';
  const periodic = structure.periodic;
  if (!periodic.some(Boolean) || !structure.lattice) return n === 1 ? 'atom' : 'molecule / cluster';
  const lattice = structure.lattice.map((row) => row.map((x) => x / ANGSTROM)) as Mat3;
  if (!(cellVolume(lattice) > 1e-6)) return 'unavailable';
  const positions = structure.positions.map((p) => p.map((x) => x / ANGSTROM) as Vec3);
  // Wrap into the cell along periodic axes so that image offsets stay small.
  const fractional = cartesianToFractional(positions, lattice).map(
    (f) => f.map((x, k) => (periodic[k] ? x - Math.floor(x) : x)) as Vec3,
  );
  const wrapped = fractional.map((f) => fractionalToCartesian(f, lattice));
  const network = bondNetwork(
    wrapped,
    structure.species.map((s) => covalentRadius(s)),
    lattice,
    periodic,
  );
  // Several disconnected parts (a molecular crystal, an adsorbate apart from its slab): MatID
  // cannot tell, and NOMAD reports 'unavailable'.
  if (network.periods.length > 1) return 'unavailable';
  const plane = integerBasis(network.periods[0]!);
  switch (plane.length) {
    case 3:
      return 'bulk';
    case 1:
      return '1D';
    case 0:
      return n === 1 ? 'atom' : 'molecule / cluster';
    default: {
      const unwrapped = wrapped.map((p, i) => add3(p, fractionalToCartesian(network.offset[i]!, lattice)));
      const planeCartesian = plane.map((v) => fractionalToCartesian(v, lattice));
      return isRepeatedSlab(unwrapped, structure.species, planeCartesian) ? 'surface' : '2D';
    }
  }
}
