import type { Mat3, Vec3 } from '@oasis/chem';

/** A structure as the viewer draws it: lengths in Å, lattice vectors as rows. */
export interface ViewerStructure {
  species: string[];
  positions: Vec3[];
  lattice: Mat3 | null;
  periodic: [boolean, boolean, boolean];
}
