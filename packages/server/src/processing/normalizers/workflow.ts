// Quantities of NOMAD's workflow2 results derived from the calculations and systems of a run:
// energy differences, force and displacement maxima, the kind of geometry optimisation.
import { cartesianToFractional, fractionalToCartesian, sub3, type Mat3, type Vec3 } from '@oasis/chem';
import type { Section } from './normalizer.ts';
import { sectionAt, vectors3 } from './archive-path.ts';

/** The class name of a workflow section ('SinglePoint', 'GeometryOptimization' ...). */
export function workflowClassName(workflow: Section): string | undefined {
  const mDef = workflow.m_def;
  if (typeof mDef === 'string' && !mDef.includes('/')) {
    const name = mDef.split('.').pop();
    if (name) return name;
  }
  return typeof workflow.name === 'string' && workflow.name !== '' ? workflow.name : undefined;
}

/**
 * |v[n] - v[n-1]| for the last pair of values that differ, walking back from the end, as NOMAD
 * does (codes repeat the final energy, which would otherwise give a zero difference). Undefined
 * with fewer than two values; 0 when all values are equal.
 */
export function finalDifference(values: readonly number[]): number | undefined {
  let difference: number | undefined;
  for (let n = values.length - 1; n > 0; n--) {
    difference = Math.abs((values[n] as number) - (values[n - 1] as number));
    if (difference !== 0) break;
  }
  return difference;
}

/** The largest force norm over atoms (forces in N, one [x, y, z] row per atom). */
export function maxForceNorm(forces: readonly Vec3[]): number | undefined {
  if (forces.length === 0) return undefined;
  return Math.max(...forces.map((f) => Math.hypot(f[0], f[1], f[2])));
}

export interface AtomsSnapshot {
  positions: Vec3[];
  /** Lattice vectors as rows (m), or undefined for a non-periodic system. */
  lattice?: Mat3;
  periodic: [boolean, boolean, boolean];
}

/**
 * The largest atomic displacement (m) between two snapshots of the same atoms. Along periodic
 * directions the minimum image is used, so an atom crossing the cell boundary moves by its real
 * displacement rather than by a lattice vector.
 */
export function maxDisplacement(from: AtomsSnapshot, to: AtomsSnapshot): number {
  if (from.positions.length !== to.positions.length) {
    throw new Error(`cannot compare systems with ${from.positions.length} and ${to.positions.length} atoms`);
  }
  let displacements = to.positions.map((p, i) => sub3(p, from.positions[i] as Vec3));
  const lattice = to.lattice;
  if (lattice && to.periodic.some(Boolean)) {
    // Fractional displacements, periodic components shifted into [-0.5, 0.5], back to Cartesian.
    const image = (x: number, periodic: boolean): number => (periodic ? x - Math.round(x) : x);
    const [pa, pb, pc] = to.periodic;
    displacements = cartesianToFractional(displacements, lattice).map((f) =>
      fractionalToCartesian([image(f[0], pa), image(f[1], pb), image(f[2], pc)], lattice),
    );
  }
  return displacements.reduce((largest, d) => Math.max(largest, Math.hypot(d[0], d[1], d[2])), 0);
}

/** Atoms of a run system section, or undefined when positions are missing. */
function atomsSnapshot(system: Section): AtomsSnapshot | undefined {
  const atoms = sectionAt(system, 'atoms');
  const positions = vectors3(atoms?.positions);
  if (!atoms || !positions) return undefined;
  const lattice = vectors3(atoms.lattice_vectors);
  const flags = Array.isArray(atoms.periodic) ? atoms.periodic : [];
  const periodic: [boolean, boolean, boolean] = [flags[0] === true, flags[1] === true, flags[2] === true];
  const snapshot: AtomsSnapshot = { positions, periodic };
  if (lattice && lattice.length === 3) snapshot.lattice = lattice as Mat3;
  return snapshot;
}

/**
 * Displacement between the last system and the closest earlier one that differs from it (NOMAD
 * skips repeated final geometries the same way). Undefined with fewer than two usable systems.
 */
export function finalDisplacementMaximum(systems: readonly Section[]): number | undefined {
  const snapshots = systems.map(atomsSnapshot);
  const last = snapshots[snapshots.length - 1];
  if (!last) return undefined;
  for (let i = snapshots.length - 2; i >= 0; i--) {
    const previous = snapshots[i];
    if (!previous || previous.positions.length !== last.positions.length) continue;
    const displacement = maxDisplacement(previous, last);
    if (displacement > 0) return displacement;
  }
  return undefined;
}

function sameMatrix(a: Mat3, b: Mat3, scale = 1): boolean {
  const size = Math.max(...a.flat().map(Math.abs), 1e-300);
  const other = b.flat();
  return a.flat().every((v, k) => Math.abs(v - scale * (other[k] as number)) <= 1e-12 * size);
}

function frobenius(m: Mat3): number {
  return Math.sqrt(m.flat().reduce((sum, v) => sum + v * v, 0));
}

/**
 * What a geometry optimisation changed, comparing its first and last system as NOMAD does:
 * 'cell_shape', 'cell_volume' (cell scaled isotropically), 'atomic' (positions only) or 'static'.
 */
export function geometryOptimizationType(systems: readonly Section[]): string | undefined {
  if (systems.length === 0) return undefined;
  if (systems.length < 2) return 'static';
  const first = atomsSnapshot(systems[0] as Section);
  const last = atomsSnapshot(systems[systems.length - 1] as Section);
  if (!first || !last || !first.lattice || !last.lattice) return 'static';
  if (!sameMatrix(first.lattice, last.lattice)) {
    const ratio = frobenius(first.lattice) / frobenius(last.lattice);
    return sameMatrix(first.lattice, last.lattice, ratio) ? 'cell_volume' : 'cell_shape';
  }
  if (first.positions.length !== last.positions.length) return 'static';
  const moved = first.positions.some((p, i) => {
    const q = last.positions[i] as Vec3;
    return p[0] !== q[0] || p[1] !== q[1] || p[2] !== q[2];
  });
  return moved ? 'atomic' : 'static';
}
