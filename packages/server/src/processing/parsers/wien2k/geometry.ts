// The cell, atoms and forces of a case.struct in SI units. The cell is oriented as ASE orients it (a
// along x, b in the xy plane), so positions agree with NOMAD's; a centred lattice keeps the conventional
// cell's positions and takes its primitive cell. Forces: lapw2/mixer print each inequivalent atom's force
// in components along the conventional cell's unit vectors (':FGL'); the other atoms of its set get it
// turned by the symmetry operation that takes the first atom to them.
import {
  BOHR,
  ANGSTROM,
  ELEMENT_SYMBOLS,
  cellFromParameters,
  inverse3,
  multiply3,
  transpose3,
  apply3,
  type Mat3,
  type Vec3,
} from '@oasis/chem';
import type { Structure } from '../../structure.ts';
import type { Wien2kStruct } from './read-inputs.ts';

/** Primitive vectors in rows of the conventional ones, per lattice type (ASE's choices where it has one). */
const PRIMITIVE: Readonly<Record<string, Mat3>> = {
  F: [
    [0, 0.5, 0.5],
    [0.5, 0, 0.5],
    [0.5, 0.5, 0],
  ],
  B: [
    [-0.5, 0.5, 0.5],
    [0.5, -0.5, 0.5],
    [0.5, 0.5, -0.5],
  ],
  CXY: [
    [0.5, 0.5, 0],
    [0.5, -0.5, 0],
    [0, 0, -1],
  ],
  CYZ: [
    [1, 0, 0],
    [0, 0.5, 0.5],
    [0, -0.5, 0.5],
  ],
  CXZ: [
    [0.5, 0, 0.5],
    [0, 1, 0],
    [-0.5, 0, 0.5],
  ],
  R: [
    [2 / 3, 1 / 3, 1 / 3],
    [-1 / 3, 1 / 3, 1 / 3],
    [-1 / 3, -2 / 3, 1 / 3],
  ],
};

/** Centring translations (fractional, conventional) that map a centred lattice onto itself. */
const CENTRING: Readonly<Record<string, Vec3[]>> = {
  F: [
    [0, 0.5, 0.5],
    [0.5, 0, 0.5],
    [0.5, 0.5, 0],
  ],
  B: [[0.5, 0.5, 0.5]],
  CXY: [[0.5, 0.5, 0]],
  CYZ: [[0, 0.5, 0.5]],
  CXZ: [[0.5, 0, 0.5]],
};

export interface Wien2kGeometry {
  structure: Structure;
  /** Conventional cell (rows, m). */
  conventional: Mat3;
  /** For each site, the inequivalent atom it belongs to. */
  siteAtom: number[];
}

/** The chemical symbol of an atom: by its Z, else the letters its name starts with. */
function symbolOf(atom: { name: string; z?: number }): string {
  const z = atom.z === undefined ? undefined : Math.round(atom.z);
  if (z !== undefined && z > 0 && z < ELEMENT_SYMBOLS.length) return ELEMENT_SYMBOLS[z]!;
  const letters = /^([A-Z][a-z]?)/.exec(atom.name)?.[1];
  return letters && ELEMENT_SYMBOLS.includes(letters) ? letters : 'X';
}

export function geometryOf(struct: Wien2kStruct): Wien2kGeometry {
  const unit = struct.unit === 'angstrom' ? ANGSTROM : BOHR;
  const [a, b, c, alpha, beta, gamma] = struct.constants as [number, number, number, number, number, number];
  const conventional = cellFromParameters({ a: a * unit, b: b * unit, c: c * unit, alpha, beta, gamma });
  const toPrimitive = PRIMITIVE[struct.lattice];
  const lattice = toPrimitive ? multiply3(toPrimitive, conventional) : conventional;
  // Rhombohedral positions are given in the primitive cell; the others in the conventional one.
  const basis = struct.lattice === 'R' ? lattice : conventional;
  const species: string[] = [];
  const positions: Vec3[] = [];
  const siteAtom: number[] = [];
  struct.atoms.forEach((atom, index) => {
    const symbol = symbolOf(atom);
    for (const f of atom.positions) {
      species.push(symbol);
      positions.push(apply3(transpose3(basis), f as Vec3));
      siteAtom.push(index);
    }
  });
  return { structure: { species, positions, lattice, periodic: [true, true, true] }, conventional, siteAtom };
}

const wrapped = (x: number) => x - Math.round(x);

/** Whether two fractional positions are one site (up to lattice and centring translations). */
function sameSite(p: Vec3, q: Vec3, centring: readonly Vec3[]): boolean {
  return [[0, 0, 0] as Vec3, ...centring].some((t) =>
    [0, 1, 2].every((k) => Math.abs(wrapped(p[k]! - q[k]! - t[k]!)) < 1e-4),
  );
}

/**
 * Forces (N) on every site from ':FGL' values (mRy/bohr) of the inequivalent atoms; undefined for a
 * site no symmetry operation of the struct file reaches (reported by the caller).
 */
export function forcesOnSites(
  struct: Wien2kStruct,
  geometry: Wien2kGeometry,
  global: readonly Vec3[],
  unit: number,
): (Vec3 | undefined)[] {
  const conv = geometry.conventional;
  const basis = struct.lattice === 'R' ? geometry.structure.lattice! : conv;
  const lengths = conv.map((row) => Math.hypot(...row));
  const [toCart, toFrac] = [transpose3(basis), inverse3(transpose3(basis))];
  const centring = CENTRING[struct.lattice] ?? [];
  const forces: (Vec3 | undefined)[] = [];
  struct.atoms.forEach((atom, index) => {
    const g = global[index];
    if (!g) {
      atom.positions.forEach(() => forces.push(undefined));
      return;
    }
    // Components along the unit vectors of the conventional cell, to Cartesian.
    const first: Vec3 = [0, 1, 2].map((j) =>
      [0, 1, 2].reduce((sum, i) => sum + ((g[i]! * unit) / lengths[i]!) * conv[i]![j]!, 0),
    ) as Vec3;
    const p0 = atom.positions[0]! as Vec3;
    forces.push(first);
    for (const p of atom.positions.slice(1)) {
      const op = struct.symmetry.find(({ rotation, translation }) => {
        const image = apply3(rotation as Mat3, p0).map((x, k) => x + translation[k]!) as Vec3;
        return sameSite(image, p as Vec3, centring);
      });
      forces.push(op ? apply3(toCart, apply3(op.rotation as Mat3, apply3(toFrac, first))) : undefined);
    }
  });
  return forces;
}
