// Space-group operations and Wyckoff positions of one setting (Hall number), and the Wyckoff
// letter of a point: which orbit type it lies on. moyo reports letters only for the input atoms,
// but the conventional cell and its re-labelled (normalised) variants need them too.
import { add3, apply3, sub3, type Mat3, type Vec3 } from '@oasis/chem';
import { distanceToInteger, fromColumnMajor } from './symmetry-math.ts';

export interface Operation {
  /** Rotation acting on fractional coordinates (rows). */
  rotation: Mat3;
  translation: Vec3;
}

export interface WyckoffPosition {
  letter: string;
  /** Number of points of one orbit in the conventional cell. */
  multiplicity: number;
  /** Representative coordinates: linear · (x, y, z) + offset. */
  linear: Mat3;
  offset: Vec3;
  /** I − A·A⁺: maps a displacement to its part that no choice of (x, y, z) can absorb. */
  projector: Mat3;
}

/** Operations and Wyckoff positions of a space group in one setting. */
export interface SpaceGroupSetting {
  operations: Operation[];
  wyckoffs: WyckoffPosition[];
}

/** Fractional tolerance for matching idealised (symmetrised) coordinates. */
export const FRACTIONAL_TOLERANCE = 1e-4;

/** moyo's operations (column-major rotations) as row matrices. */
export function operationsFromMoyo(
  operations: readonly { rotation: readonly number[]; translation: readonly number[] }[],
): Operation[] {
  return operations.map((op) => {
    const [x, y, z] = op.translation;
    if (x === undefined || y === undefined || z === undefined)
      throw new Error('operation has no translation');
    return { rotation: fromColumnMajor(op.rotation), translation: [x, y, z] };
  });
}

const VARIABLES = ['x', 'y', 'z'] as const;

/** One coordinate expression of a Wyckoff triplet, e.g. '-x+1/2', '2x', '1/4'. */
function parseCoordinate(text: string): { coefficients: Vec3; constant: number } {
  const coefficients: Vec3 = [0, 0, 0];
  let constant = 0;
  const terms = text.replace(/\s+/g, '').match(/[+-]?[^+-]+/g);
  if (!terms) throw new Error(`empty Wyckoff coordinate '${text}'`);
  for (const term of terms) {
    const match = /^([+-]?)(\d+(?:\/\d+)?)?([xyz])?$/.exec(term);
    if (!match || (match[2] === undefined && match[3] === undefined)) {
      throw new Error(`cannot read Wyckoff coordinate '${text}'`);
    }
    const [, sign, number, variable] = match;
    let value = 1;
    if (number !== undefined) {
      const [n, d] = number.split('/');
      value = Number(n) / (d === undefined ? 1 : Number(d));
    }
    if (sign === '-') value = -value;
    if (variable === undefined) constant += value;
    else {
      const index = VARIABLES.indexOf(variable as 'x' | 'y' | 'z');
      coefficients[index] = (coefficients[index] ?? 0) + value;
    }
  }
  return { coefficients, constant };
}

/** A Wyckoff representative 'x,2x,1/4' as linear part and offset. */
export function parseWyckoffCoordinates(text: string): { linear: Mat3; offset: Vec3 } {
  const parts = text.split(',');
  if (parts.length !== 3) throw new Error(`Wyckoff coordinates '${text}' do not have three parts`);
  const [px, py, pz] = parts.map(parseCoordinate) as [
    ReturnType<typeof parseCoordinate>,
    ReturnType<typeof parseCoordinate>,
    ReturnType<typeof parseCoordinate>,
  ];
  return {
    linear: [px.coefficients, py.coefficients, pz.coefficients],
    offset: [px.constant, py.constant, pz.constant],
  };
}

export function wyckoffsFromMoyo(
  positions: readonly { letter: string; multiplicity: number; coordinates: string }[],
): WyckoffPosition[] {
  return positions.map((w) => {
    const { linear, offset } = parseWyckoffCoordinates(w.coordinates);
    return {
      letter: w.letter,
      multiplicity: w.multiplicity,
      linear,
      offset,
      projector: orthogonalProjector(linear),
    };
  });
}

export function applyOperation(op: Operation, point: Vec3): Vec3 {
  return add3(apply3(op.rotation, point), op.translation);
}

function samePointModuloLattice(p: Vec3, q: Vec3, tolerance: number): boolean {
  const d = sub3(p, q);
  return (
    distanceToInteger(d[0]) <= tolerance &&
    distanceToInteger(d[1]) <= tolerance &&
    distanceToInteger(d[2]) <= tolerance
  );
}

/** Number of points in the orbit of `point` within the conventional cell. */
function orbitMultiplicity(
  point: Vec3,
  operations: readonly Operation[],
  tolerance = FRACTIONAL_TOLERANCE,
): number {
  let stabiliser = 0;
  for (const op of operations)
    if (samePointModuloLattice(applyOperation(op, point), point, tolerance)) stabiliser++;
  if (stabiliser === 0) throw new Error('operations do not contain the identity');
  return operations.length / stabiliser;
}

/** I − A·(AᵀA)⁻¹·Aᵀ over the variables A uses (the Wyckoff triplets have independent variables). */
function orthogonalProjector(linear: Mat3): Mat3 {
  const used = [0, 1, 2].filter((j) => linear.some((row) => row[j] !== 0));
  const columns = used.map((j) => linear.map((row) => row[j]!));
  const k = columns.length;
  // Gram matrix of the used columns and its inverse (k ≤ 3), by Gauss-Jordan elimination.
  const gram = columns.map((u) => columns.map((v) => u.reduce((s, x, i) => s + x * v[i]!, 0)));
  const inv = gram.map((_, i) => gram.map((__, j) => (i === j ? 1 : 0)));
  for (let c = 0; c < k; c++) {
    const p = gram[c]![c]!;
    if (Math.abs(p) < 1e-12) throw new Error('Wyckoff coordinates have dependent variables');
    for (let col = 0; col < k; col++) {
      gram[c]![col]! /= p;
      inv[c]![col]! /= p;
    }
    for (let r = 0; r < k; r++) {
      if (r === c) continue;
      const f = gram[r]![c]!;
      for (let col = 0; col < k; col++) {
        gram[r]![col]! -= f * gram[c]![col]!;
        inv[r]![col]! -= f * inv[c]![col]!;
      }
    }
  }
  const projector: Mat3 = [
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
  ];
  for (let i = 0; i < 3; i++)
    for (let j = 0; j < 3; j++)
      for (let a = 0; a < k; a++)
        for (let b = 0; b < k; b++) projector[i]![j]! -= columns[a]![i]! * inv[a]![b]! * columns[b]![j]!;
  return projector;
}

/** True when `point` ≡ linear · v + offset (mod 1) for some real v. */
function onRepresentative(point: Vec3, w: WyckoffPosition, tolerance: number): boolean {
  const d = sub3(point, w.offset);
  const p = w.projector;
  // The part of d + n (n a lattice vector) outside the position's span must vanish. Coefficients
  // reach 2 (e.g. 'x,2x,z'), so shifts of up to one cell per axis around d's nearest image suffice.
  const r = [0, 1, 2].map(
    (i) =>
      p[i]![0] * (d[0] - Math.round(d[0])) +
      p[i]![1] * (d[1] - Math.round(d[1])) +
      p[i]![2] * (d[2] - Math.round(d[2])),
  );
  for (const nx of [0, -1, 1])
    for (const ny of [0, -1, 1])
      for (const nz of [0, -1, 1]) {
        let worst = 0;
        for (let i = 0; i < 3; i++) {
          worst = Math.max(worst, Math.abs(r[i]! + p[i]![0] * nx + p[i]![1] * ny + p[i]![2] * nz));
        }
        if (worst <= tolerance) return true;
      }
  return false;
}

/** The Wyckoff letter of a (symmetrised) fractional point. Throws when no position fits. */
export function wyckoffLetter(
  point: Vec3,
  setting: SpaceGroupSetting,
  tolerance = FRACTIONAL_TOLERANCE,
): string {
  const multiplicity = orbitMultiplicity(point, setting.operations, tolerance);
  const candidates = setting.wyckoffs.filter((w) => w.multiplicity === multiplicity);
  if (candidates.length === 1) return candidates[0]!.letter;
  for (const w of candidates) {
    for (const op of setting.operations) {
      if (onRepresentative(applyOperation(op, point), w, tolerance)) return w.letter;
    }
  }
  throw new Error(`point (${point.join(', ')}) lies on no Wyckoff position of multiplicity ${multiplicity}`);
}
