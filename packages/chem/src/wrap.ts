// Positions relative to the cell: as given, wrapped into the cell along its periodic axes, or unwrapped
// so that bonded groups (molecules) are whole instead of cut by the cell's faces. The structure files
// the server writes and the viewer's drawing use this one algorithm, so both show the same atoms.
import { cartesianToFractional, fractionalToCartesian, planeSpacings } from './cell.ts';
import { covalentRadius } from './elements.ts';
import type { Mat3, Vec3 } from './linear-algebra.ts';

const WRAP_MODES = ['original', 'wrap', 'unwrap'] as const;
export type WrapMode = (typeof WRAP_MODES)[number];

/** Two atoms are bonded when closer than this factor times the sum of their covalent radii. */
export const BOND_FACTOR = 1.2;

/** What wrapping needs of a structure; positions and lattice in Å (bonds come from covalent radii in Å). */
export interface PeriodicSites {
  species: readonly string[];
  positions: readonly Vec3[];
  lattice: Mat3 | null;
  periodic: readonly boolean[];
}

/** The structure with its positions placed as `mode` says. */
export function withWrapMode<S extends PeriodicSites>(structure: S, mode: WrapMode): S {
  if (!WRAP_MODES.includes(mode)) throw new Error(`Invalid wrap mode '${String(mode)}'.`);
  const { lattice, periodic } = structure;
  if (mode === 'original' || !lattice || !periodic.some(Boolean)) return structure;
  const fractional = cartesianToFractional(structure.positions, lattice).map((f) =>
    wrapFractional(f, periodic),
  );
  const placed =
    mode === 'wrap' ? fractional : unwrapFractional(structure.species, fractional, lattice, periodic);
  return { ...structure, positions: placed.map((f) => fractionalToCartesian(f, lattice)) };
}

/** Into [0, 1) along the periodic axes; a value within rounding of 1 becomes 0. */
function wrapFractional(f: Vec3, periodic: readonly boolean[]): Vec3 {
  return f.map((x, k) => {
    if (!periodic[k]) return x;
    const w = x - Math.floor(x);
    return w > 1 - 1e-10 ? 0 : w;
  }) as Vec3;
}

/**
 * Moves every atom next to the atom it is bonded to (minimum image), walking each bonded group from
 * its first atom. Candidate pairs come from a grid of bins at least one bond long (linked lists in typed
 * arrays, at most a few bins per atom), so the cost grows with the number of atoms, not its square.
 */
function unwrapFractional(
  species: readonly string[],
  fractional: readonly Vec3[],
  lattice: Mat3,
  periodic: readonly boolean[],
): Vec3[] {
  const n = fractional.length;
  const radii = Float64Array.from(species, covalentRadius);
  const cutoff = BOND_FACTOR * 2 * Math.max(...radii);
  const frac = new Float64Array(3 * n);
  fractional.forEach((f, i) => frac.set(f, 3 * i));
  // How many bond-long bins fit across the cell along each axis.
  const spacings = planeSpacings(lattice);
  const wanted = [0, 1, 2].map((k) => (periodic[k] ? Math.max(1, Math.floor(spacings[k]! / cutoff)) : 1));
  // A sparse structure in a large cell would want more bins than atoms: fewer (longer) bins stay correct.
  const excess = Math.cbrt((wanted[0]! * wanted[1]! * wanted[2]!) / (4 * n + 27));
  const bins = wanted.map((b) => (excess > 1 ? Math.max(1, Math.floor(b / excess)) : b));
  const [b0, b1, b2] = bins as [number, number, number];
  const binAxis = (i: number, k: number) =>
    periodic[k] ? Math.min(bins[k]! - 1, Math.floor(frac[3 * i + k]! * bins[k]!)) : 0;
  const head = new Int32Array(b0 * b1 * b2).fill(-1);
  const next = new Int32Array(n);
  const binX = new Int32Array(n);
  const binY = new Int32Array(n);
  const binZ = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    binX[i] = binAxis(i, 0);
    binY[i] = binAxis(i, 1);
    binZ[i] = binAxis(i, 2);
    const cell = (binX[i]! * b1 + binY[i]!) * b2 + binZ[i]!;
    next[i] = head[cell]!;
    head[cell] = i;
  }
  const steps = bins.map((b) => (b === 1 ? [0] : b === 2 ? [0, 1] : [-1, 0, 1]));
  const placed = new Float64Array(3 * n);
  const isPlaced = new Uint8Array(n);
  const stack = new Int32Array(n);
  const l = lattice;
  for (let start = 0; start < n; start++) {
    if (isPlaced[start]) continue;
    isPlaced[start] = 1;
    placed.set(frac.subarray(3 * start, 3 * start + 3), 3 * start);
    let top = 0;
    stack[top++] = start;
    while (top > 0) {
      const i = stack[--top]!;
      for (const dx of steps[0]!)
        for (const dy of steps[1]!)
          for (const dz of steps[2]!) {
            const cell =
              (((binX[i]! + dx + b0) % b0) * b1 + ((binY[i]! + dy + b1) % b1)) * b2 +
              ((binZ[i]! + dz + b2) % b2);
            for (let j = head[cell]!; j !== -1; j = next[j]!) {
              if (isPlaced[j]) continue;
              let d0 = frac[3 * j]! - frac[3 * i]!;
              let d1 = frac[3 * j + 1]! - frac[3 * i + 1]!;
              let d2 = frac[3 * j + 2]! - frac[3 * i + 2]!;
              if (periodic[0]) d0 -= Math.round(d0);
              if (periodic[1]) d1 -= Math.round(d1);
              if (periodic[2]) d2 -= Math.round(d2);
              const x = d0 * l[0][0] + d1 * l[1][0] + d2 * l[2][0];
              const y = d0 * l[0][1] + d1 * l[1][1] + d2 * l[2][1];
              const z = d0 * l[0][2] + d1 * l[1][2] + d2 * l[2][2];
              const bond = BOND_FACTOR * (radii[i]! + radii[j]!);
              if (x * x + y * y + z * z > bond * bond) continue;
              isPlaced[j] = 1;
              placed[3 * j] = placed[3 * i]! + d0;
              placed[3 * j + 1] = placed[3 * i + 1]! + d1;
              placed[3 * j + 2] = placed[3 * i + 2]! + d2;
              stack[top++] = j;
            }
          }
    }
  }
  return Array.from({ length: n }, (_, i): Vec3 => [placed[3 * i]!, placed[3 * i + 1]!, placed[3 * i + 2]!]);
}
