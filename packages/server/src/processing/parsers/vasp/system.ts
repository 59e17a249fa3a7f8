// run.system entries (one per ionic step) and the representative Structure, in SI units.
import { fractionalToCartesian, scaleVec3, type Mat3 } from '@oasis/chem';
import { compositionOf, hillFormula } from '../../normalizers/formula.ts';
import { systemSection, type RunSystemSection } from '../../run-sections.ts';
import { type Structure } from '../../structure.ts';
import type { RawStructure } from './raw.ts';
import { ANGSTROM } from './units.ts';

export interface SystemSection extends RunSystemSection {
  chemical_composition_hill: string;
  /** Per atom and axis: may the atom move along it (VASP selective dynamics). */
  x_vasp_selective_dynamics?: boolean[][];
}

/** A Structure (SI) from a vasprun structure block; VASP cells are always periodic in 3D. */
export function structureOf(raw: RawStructure, elements: readonly string[], where: string): Structure {
  const basis = raw.basis;
  if (!basis || basis.length !== 3) throw new Error(`vasprun.xml: ${where} has no 3×3 lattice (basis)`);
  if (raw.positions.length !== elements.length) {
    throw new Error(
      `vasprun.xml: ${where} has ${raw.positions.length} positions but atominfo lists ${elements.length} atoms`,
    );
  }
  const lattice = basis.map((row) => scaleVec3(row, ANGSTROM)) as Mat3;
  return {
    species: [...elements],
    positions: raw.positions.map((frac) => fractionalToCartesian(frac, lattice)),
    lattice,
    periodic: [true, true, true],
  };
}

export function systemOf(structure: Structure, selective: boolean[][] | undefined): SystemSection {
  const system: SystemSection = {
    ...systemSection(structure),
    chemical_composition_hill: hillFormula(compositionOf(structure.species)),
  };
  if (selective) system.x_vasp_selective_dynamics = selective;
  return system;
}
