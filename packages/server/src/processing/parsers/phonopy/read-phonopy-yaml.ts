// phonopy.yaml (written by phonopy for a run with a force calculator, VASP by default): the unit cell
// with its masses, the supercell matrix and phonopy's own supercell, whose atom order FORCE_SETS uses.
import type { Mat3, Vec3 } from '@oasis/chem';
import { parse as parseYaml } from 'yaml';
import type { AimsCell } from './read-geometry.ts';
import { cartesianOf } from './supercell.ts';

export interface PhonopyYaml {
  /** phonopy's version that wrote the file. */
  version?: string;
  /** The force calculator the file names (older files name none: VASP). */
  calculator: string;
  supercellMatrix: Mat3;
  unit: AimsCell;
  /** amu per unit-cell atom. */
  masses: number[];
  /** phonopy's supercell, in FORCE_SETS' atom order (older files may leave it out). */
  supercell?: AimsCell;
}

type Fields = Record<string, unknown>;

const isFields = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const vector = (value: unknown, what: string): Vec3 => {
  if (!Array.isArray(value) || value.length !== 3 || !value.every((x) => Number.isFinite(x)))
    throw new Error(`phonopy.yaml: ${what} is not three numbers`);
  return value as Vec3;
};

const matrix = (value: unknown, what: string): Mat3 => {
  if (!Array.isArray(value) || value.length !== 3) throw new Error(`phonopy.yaml: ${what} is not 3 x 3`);
  return value.map((row, i) => vector(row, `row ${i + 1} of ${what}`)) as Mat3;
};

/** A cell of the file (`unit_cell`, `supercell`): Cartesian Å from its fractional coordinates. */
function cellOf(value: unknown, what: string, maxAtoms: number): { cell: AimsCell; masses: number[] } {
  if (!isFields(value) || !Array.isArray(value.points)) throw new Error(`phonopy.yaml has no ${what}`);
  if (value.points.length > maxAtoms)
    throw new Error(`phonopy.yaml: the ${what} has ${value.points.length} atoms, more than ${maxAtoms}`);
  const lattice = matrix(value.lattice, `the lattice of the ${what}`);
  const cell: AimsCell = { lattice, species: [], positions: [] };
  const masses: number[] = [];
  value.points.forEach((point: unknown, i) => {
    if (!isFields(point) || typeof point.symbol !== 'string')
      throw new Error(`phonopy.yaml: atom ${i + 1} of the ${what} has no symbol`);
    cell.species.push(point.symbol);
    cell.positions.push(cartesianOf(vector(point.coordinates, `atom ${i + 1} of the ${what}`), lattice));
    masses.push(typeof point.mass === 'number' ? point.mass : Number.NaN);
  });
  return { cell, masses };
}

export function readPhonopyYaml(text: string, maxUnitAtoms: number, maxSupercellAtoms: number): PhonopyYaml {
  const root: unknown = parseYaml(text);
  if (!isFields(root) || !isFields(root.phonopy)) throw new Error('phonopy.yaml has no phonopy section');
  const length = isFields(root.physical_unit) ? root.physical_unit.length : undefined;
  // Other calculators write lengths in bohr and forces in their own units, which FORCE_SETS keeps.
  if (length !== undefined && !/^angstrom$/i.test(String(length)))
    throw new Error(
      `phonopy.yaml: lengths in ${String(length)} are not read (only Ångström, as VASP writes)`,
    );
  const unit = cellOf(root.unit_cell, 'unit cell', maxUnitAtoms);
  const supercell =
    root.supercell === undefined ? undefined : cellOf(root.supercell, 'supercell', maxSupercellAtoms);
  const version = root.phonopy.version;
  const calculator = root.phonopy.calculator;
  return {
    ...(version !== undefined ? { version: String(version) } : {}),
    calculator: typeof calculator === 'string' ? calculator : 'vasp',
    supercellMatrix: matrix(root.supercell_matrix, 'supercell_matrix'),
    unit: unit.cell,
    masses: unit.masses,
    ...(supercell ? { supercell: supercell.cell } : {}),
  };
}
