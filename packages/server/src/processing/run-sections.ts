// run.system sections built from a Structure, the same way for every parser that writes a run.
import { atomicNumber, type Mat3, type Vec3 } from '@oasis/chem';
import type { RunSystem, SystemAtoms } from '@oasis/schema';
import type { Structure } from './structure.ts';

/** run.system[].atoms, in SI units: the quantities a structure always gives, known to be there. */
interface AtomsSection extends SystemAtoms {
  labels: string[];
  /** Atomic numbers; 0 for the unknown species 'X'. */
  species: number[];
  /** m */
  positions: Vec3[];
  periodic: [boolean, boolean, boolean];
  /** m; absent for structures without a cell (molecules). */
  lattice_vectors?: Mat3;
}

export interface RunSystemSection extends RunSystem {
  atoms: AtomsSection;
}

/** The run.system of a structure: its atoms, labelled by their chemical symbols. */
export function systemSection(structure: Structure): RunSystemSection {
  const atoms: AtomsSection = {
    labels: structure.species,
    species: structure.species.map((s) => atomicNumber(s) ?? 0),
    positions: structure.positions,
    periodic: structure.periodic,
  };
  if (structure.lattice) atoms.lattice_vectors = structure.lattice;
  return { atoms };
}
