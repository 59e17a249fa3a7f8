// Names of the end points of band-structure segments (Γ, X, L ...), as NOMAD's band-structure
// normaliser sets them: a point is named when it is one of the Setyawan–Curtarolo special points of
// the lattice's Brillouin zone (kpath-special-points.ts).
//
// The calculation's cell need not be the paper's standard primitive cell: it may be rotated, another
// primitive basis or a supercell. So the comparison goes through the lattice isometries: every
// integer matrix M with A_calc = M · A_std · R (R a rotation; rows are lattice vectors) — found by
// matching the metric tensors, so no orientation is needed — maps a k-point with fractional
// coordinates k in the calculation's reciprocal basis to k_std = M⁻¹ · k in the standard one
// (k · a_calc,j = Σ_l M_jl k_std · a_std,l). All such M are one cell transformation composed with
// the standard cell's point group, so a point is named P when some M maps it onto P: it is P or
// equivalent to P by the lattice's point group. Reciprocal lattice translations are not applied
// (a point outside the first zone stays unnamed), as NOMAD compares the points themselves.
// Entries of a table that the point group maps onto each other (L and L1 of RHL1, Y and Y1 of MCL)
// are one class: a point of it gets the class's plain name, except that when the calculation's
// cell is the standard cell itself (M = 1 is an isometry) the table's own coordinates decide, as
// the paper meant them for that cell. A point matching entries of two classes, or none, stays
// unnamed (null).
import type { LogLevel } from '@oasis/schema';
import { apply3, det3, dot, inverse3, norm, type Mat3, type Vec3 } from '@oasis/chem';
import { indexedSections, sectionAt, vectors3 } from './archive-path.ts';
import { kpointDistance, reciprocalCell } from './electronic-kspace.ts';
import { standardBrillouinZone, type StandardBrillouinZone } from './kpath-special-points.ts';
import type { Section } from './normalizer.ts';

type Log = (level: LogLevel, event: string) => void;

export type KpointLabel = string | null;

/** Relative tolerance on the metric tensors (the analysed cell is idealised, the calculation's not). */
const METRIC_TOLERANCE = 1e-3;
/** Special-point match tolerance, relative to the shortest standard reciprocal vector. */
const KPOINT_TOLERANCE = 1e-3;
/** Candidate lattice vectors per cell row beyond which (huge supercells) the search gives up. */
const MAX_CANDIDATES = 200_000;

const GAMMA = 'Γ';

function combination(n: Vec3, rows: Mat3): Vec3 {
  const [r0, r1, r2] = rows;
  return [0, 1, 2].map((j) => n[0] * r0[j]! + n[1] * r1[j]! + n[2] * r2[j]!) as Vec3;
}

/**
 * Every integer matrix M (rows: coefficients over the standard cell's rows) with
 * M · G_std · Mᵀ = G_calc, G the metric tensors, within METRIC_TOLERANCE relative. The coefficients
 * of a calculation lattice vector a over the standard rows are a · b_l (b the standard reciprocal
 * rows), so |n_l| <= |a| |b_l| bounds the search exactly. Empty when the lattices differ.
 */
export function latticeIsometries(calculation: Mat3, standard: Mat3): Mat3[] {
  const reciprocal = reciprocalCell(standard);
  const candidates: Vec3[][] = [];
  for (const a of calculation) {
    const length2 = dot(a, a);
    const bounds = reciprocal.map((b) => Math.floor(norm(a) * norm(b) * (1 + METRIC_TOLERANCE)));
    if (bounds.reduce((p, n) => p * (2 * n + 1), 1) > MAX_CANDIDATES) return [];
    const row: Vec3[] = [];
    for (let i = -bounds[0]!; i <= bounds[0]!; i++)
      for (let j = -bounds[1]!; j <= bounds[1]!; j++)
        for (let k = -bounds[2]!; k <= bounds[2]!; k++) {
          const v = combination([i, j, k], standard);
          if (Math.abs(dot(v, v) - length2) <= METRIC_TOLERANCE * length2) row.push([i, j, k]);
        }
    candidates.push(row);
  }
  const agrees = (n: Vec3, m: Vec3, i: number, j: number): boolean => {
    const [ai, aj] = [calculation[i]!, calculation[j]!];
    const target = dot(ai, aj);
    const value = dot(combination(n, standard), combination(m, standard));
    return Math.abs(value - target) <= METRIC_TOLERANCE * norm(ai) * norm(aj);
  };
  const result: Mat3[] = [];
  for (const n0 of candidates[0]!)
    for (const n1 of candidates[1]!) {
      if (!agrees(n0, n1, 0, 1)) continue;
      for (const n2 of candidates[2]!) {
        if (!agrees(n0, n2, 0, 2) || !agrees(n1, n2, 1, 2)) continue;
        const m: Mat3 = [n0, n1, n2];
        if (Math.abs(det3(m)) >= 0.5) result.push(m);
      }
    }
  return result;
}

/** Whether `m` is the identity matrix (exactly: isometries are integer matrices). */
export function isIdentity(m: Mat3): boolean {
  return m.every((row, i) => row.every((x, j) => x === (i === j ? 1 : 0)));
}

/**
 * A function naming k-points (fractional in `reciprocal`, the calculation's reciprocal cell in 1/m
 * without 2π) by the special points of `zone`; without a zone (or when the cells do not match) it
 * names Γ only (k = 0), which needs no lattice.
 */
export function kpointLabeller(
  reciprocal: Mat3 | undefined,
  zone: StandardBrillouinZone | undefined,
): (k: Vec3) => KpointLabel {
  const isGamma = (k: Vec3): boolean => k.every((x) => Math.abs(x) < KPOINT_TOLERANCE);
  if (!zone || !reciprocal) return (k) => (isGamma(k) ? GAMMA : null);
  const standardReciprocal = reciprocalCell(zone.primitive);
  const tolerance = KPOINT_TOLERANCE * Math.min(...standardReciprocal.map(norm));
  const points = Object.entries(zone.points);
  // The table entries that k (fractional, in the basis the inverses map from) is mapped onto.
  const matches = (k: Vec3, inverses: readonly Mat3[]): Set<string> => {
    const found = new Set<string>();
    for (const inverse of inverses) {
      const kStandard = apply3(inverse, k);
      for (const [name, p] of points) {
        if (kpointDistance(standardReciprocal, kStandard, p) <= tolerance) found.add(name);
      }
    }
    return found;
  };
  const representative = equivalentNames(zone, matches);
  const isometries = latticeIsometries(reciprocalCell(reciprocal), zone.primitive);
  const inverses = isometries.map(inverse3);
  const direct = isometries.some(isIdentity);
  return (k) => {
    if (isGamma(k)) return GAMMA;
    if (direct) {
      const [name] = matches(k, [IDENTITY]);
      if (name) return name;
    }
    const names = new Set([...matches(k, inverses)].map((name) => representative.get(name)!));
    return names.size === 1 ? [...names][0]! : null;
  };
}

const IDENTITY: Mat3 = [
  [1, 0, 0],
  [0, 1, 0],
  [0, 0, 1],
];

/**
 * Each special point's name -> the name standing for all entries of the table that the lattice's
 * point group maps onto each other (L and L1 = (0, 0, -1/2) of RHL1, Y and Y1 of MCL ...): the
 * shortest name, the first in the table on ties. A point equivalent to such a pair is named by it.
 */
function equivalentNames(
  zone: StandardBrillouinZone,
  matches: (k: Vec3, inverses: readonly Mat3[]) => Set<string>,
): Map<string, string> {
  const pointGroup = latticeIsometries(zone.primitive, zone.primitive).map(inverse3);
  const names = Object.keys(zone.points);
  const result = new Map<string, string>();
  for (const [name, p] of Object.entries(zone.points)) {
    const equivalent = names.filter((n) => matches(p, pointGroup).has(n));
    const chosen = equivalent.reduce((best, n) => (n.length < best.length ? n : best), equivalent[0] ?? name);
    result.set(name, chosen);
  }
  return result;
}

/** The standard Brillouin zone of the entry's material, from results.material and results.properties. */
function materialZone(results: Section | undefined): StandardBrillouinZone | undefined {
  const bravais = sectionAt(sectionAt(results, 'material'), 'symmetry')?.bravais_lattice;
  const structures = sectionAt(sectionAt(results, 'properties'), 'structures');
  const conventional = vectors3(sectionAt(structures, 'structure_conventional')?.lattice_vectors);
  const primitive = vectors3(sectionAt(structures, 'structure_primitive')?.lattice_vectors);
  if (typeof bravais !== 'string' || conventional?.length !== 3 || primitive?.length !== 3) return undefined;
  return standardBrillouinZone(bravais, conventional as Mat3, primitive as Mat3);
}

function missing(label: unknown): boolean {
  return label === undefined || label === null || label === '';
}

/**
 * Sets endpoints_labels = [start, end] on the segments of one run band structure whose labels are
 * absent or empty (labels a parser gave are kept), naming each end point that is a special point of
 * the material's lattice and leaving the others null. Segments with neither end named stay as they
 * are. `reciprocal` is the band structure's reciprocal cell (1/m, no 2π); the lattice comes from the
 * archive's results (the material normaliser's symmetry and structures).
 */
export function labelSegmentEndpoints(
  bandStructure: Section,
  reciprocal: Mat3 | undefined,
  archive: Section,
  log: Log,
): void {
  const segments = indexedSections(bandStructure.segment).map(([, s]) => s);
  const pending = segments.filter((s) => {
    const labels = s.endpoints_labels;
    return !Array.isArray(labels) || labels.length !== 2 || labels.some(missing);
  });
  if (pending.length === 0) return;
  let zone: StandardBrillouinZone | undefined;
  try {
    zone = reciprocal ? materialZone(sectionAt(archive, 'results')) : undefined;
  } catch (error) {
    log('WARNING', `k-path labels: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!zone) log('INFO', 'k-path labels: no standard Brillouin zone for this lattice, only Γ is named');
  const label = kpointLabeller(reciprocal, zone);
  for (const segment of pending) {
    const kpoints = vectors3(segment.kpoints);
    const first = kpoints?.[0];
    const last = kpoints?.[kpoints.length - 1];
    if (!first || !last) continue;
    const given: unknown[] = Array.isArray(segment.endpoints_labels) ? segment.endpoints_labels : [];
    const labels = [first, last].map((k, i) => (missing(given[i]) ? label(k) : given[i]));
    if (labels.every((l) => l === null || l === '')) continue;
    segment.endpoints_labels = labels.map((l) => (l === '' ? null : l));
  }
}
