// One structure as a file of the requested format: its text, name and type.
import type { Mat3 } from '@oasis/chem';
import type { SystemFormat } from '@oasis/schema';
import { compositionOf, hillFormula } from '../processing/normalizers/formula.ts';
import type { Atoms } from './atoms.ts';
import { writeCif } from './cif-write.ts';
import { writePdb } from './pdb-write.ts';
import { writeXyz } from './xyz-write.ts';

export interface StructureFile {
  fileName: string;
  text: string;
}

/** Thrown when the format cannot hold the structure (a CIF without a cell). */
export class UnwritableStructure extends Error {}

/** The Hill formula names the file and the CIF data block, e.g. 'Cl4Na4.cif'. */
export function writeStructureFile(atoms: Atoms, format: SystemFormat): StructureFile {
  const formula = hillFormula(compositionOf(atoms.species)) || 'system';
  const fileName = `${formula}.${format}`;
  switch (format) {
    case 'cif':
      if (!atoms.lattice || !atoms.periodic.some(Boolean)) {
        throw new UnwritableStructure('A CIF file needs a unit cell, and this system has none.');
      }
      return { fileName, text: writeCif(atoms as Atoms & { lattice: Mat3 }, formula) };
    case 'xyz':
      return { fileName, text: writeXyz(atoms) };
    case 'pdb':
      return { fileName, text: writePdb(atoms) };
  }
}
